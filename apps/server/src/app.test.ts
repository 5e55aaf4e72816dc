import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { loadConfig, ConfigError } from './config';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
});
afterAll(() => ctx.close());

describe('app', () => {
  it('GET /healthz checks the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: ctx.database.kind });
  });

  it('unknown API routes get the 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/nope` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ResultCode.NOT_FOUND, data: null });
  });

  it('malformed JSON is a 400 envelope and changes nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"authMthd":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: null });
  });
});

describe('a 500 hides its details', () => {
  it('answers a generic message', async () => {
    const local = await createTestContext({ seed: false });
    await local.database.close(); // the database is gone: every query fails
    const res = await local.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/latest/list/10/1`,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: ResultCode.INTERNAL,
      message: 'Internal server error',
      data: null,
    });
    const health = await local.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    await local.app.close();
  });
});

describe('config', () => {
  it('lists every problem in one readable error', () => {
    expect(() => loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' });
    } catch (error) {
      expect(String(error)).toContain('PORT');
      expect(String(error)).toContain('NODE_ENV');
    }
  });

  it('production needs its own secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: required in production/,
    );
  });

  it('refuses an unknown time zone', () => {
    expect(() =>
      loadConfig({ SERVICE_TIMEZONE: 'Mars/Olympus', DATA_DIR: '/tmp/snapdrama-config-test' }),
    ).toThrow(/SERVICE_TIMEZONE/);
  });
});
