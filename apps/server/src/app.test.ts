import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, enMessages } from '@snapdrama/contract';
import { loadConfig, ConfigError } from './config';
import { useTestContext, createTestContext } from './test/harness';

const ctx = useTestContext({ seed: false });

describe('app', () => {
  it('GET /healthz answers alive; GET /readyz checks the database and storage', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toContain('application/json');
    expect(ready.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      databaseKind: ctx.database.kind,
      storage: 'up',
      redis: ctx.redis ? 'up' : 'off',
    });
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
      // the dictionary's text in the caller's language (issue 47), never the error's own
      message: enMessages['error.500001'],
      data: null,
    });
    const ready = await local.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    // alive all the same: an orchestrator must not restart instances for a database outage
    expect((await local.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
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
