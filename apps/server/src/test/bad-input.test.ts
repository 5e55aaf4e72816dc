import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@snapdrama/contract';
import { signInThroughSandbox } from '../modules/auth/testing/sandbox-sign-in';
import {
  badRequests,
  mayAccept,
  routesOf,
  snapshotDatabase,
  type BadRequest,
  type OpenApi,
} from './bad-input';
import { joinGuest, useTestContext } from './harness';

/**
 * Bad input on every documented route (issue #18): generated from openapi.json, so a new route is
 * covered the day it lands. A fixed seed here; `npm run fuzz` runs longer with a random seed
 * (FUZZ_SEED and FUZZ_RUNS replay one).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const doc = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', '..', 'openapi.json'), 'utf8'),
) as OpenApi;
const routes = routesOf(doc);

const ctx = useTestContext({
  // validation must be reached, not the write limit (its own tests are in http/)
  env: { WRITE_RATE_LIMIT_PER_MINUTE: '1000000' },
});
const tokens: Record<'guest' | 'member', string> = { guest: '', member: '' };
// a well-formed token signed with another key
const FORGED =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoieCIsImFtIjoiZ3Vlc3QifQ.' +
  'c2lnbmF0dXJlLW5vdC1vdXJz';

beforeAll(async () => {
  tokens.guest = (await joinGuest(ctx.app)).token;
  tokens.member = (await signInThroughSandbox(ctx.app)).token;
}, 120_000);

function headersOf(request: BadRequest): Record<string, string> {
  switch (request.session) {
    case 'none':
      return request.headers;
    case 'guest':
    case 'member':
      return { ...request.headers, authorization: `Bearer ${tokens[request.session]}` };
    case 'forged':
      return { ...request.headers, authorization: `Bearer ${FORGED}` };
  }
}

async function send(request: BadRequest) {
  const headers = headersOf(request);
  return ctx.app.inject({
    method: request.method,
    url: request.url,
    headers:
      request.body === undefined
        ? headers
        : { ...headers, 'content-length': String(Buffer.byteLength(request.body)) },
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
}

function expectEnvelope(request: BadRequest, status: number, text: string) {
  const label = `${request.method} ${request.url.slice(0, 200)} (${request.why}, ${request.session}) → ${status} ${text.slice(0, 300)}`;
  expect(status, label).toBeGreaterThanOrEqual(400);
  expect(status, label).toBeLessThan(500);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`not JSON: ${label}`);
  }
  expect(body, label).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  expect(body, label).toHaveProperty('data');
  const code = (body as { code: number }).code;
  expect(String(code), label).toMatch(/^\d{6}$/);
  expect(Math.floor(code / 1000), label).toBe(status);
}

describe('bad input on every route of openapi.json', () => {
  it('the document lists the routes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const route of routes) {
    const arbitrary = badRequests(route);
    if (!arbitrary) continue;
    it(`${route.method} ${route.path}: 4xx in the envelope, nothing written`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          const before = await snapshotDatabase(ctx.database.db);
          const res = await send(request);
          expectEnvelope(request, res.statusCode, res.body);
          const after = await snapshotDatabase(ctx.database.db);
          expect(after, `${request.method} ${request.url} (${request.why}) wrote`).toEqual(before);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }, 300_000);
  }
});

describe('the generator itself', () => {
  it('judges values conservatively', () => {
    const count = { type: 'integer', minimum: 1, maximum: 200 };
    expect(mayAccept(count, 5)).toBe(true);
    expect(mayAccept(count, '5')).toBe(true); // z.coerce reads it
    expect(mayAccept(count, '1.5')).toBe(false);
    expect(mayAccept(count, 0)).toBe(false);
    expect(mayAccept(count, {})).toBe(false);
    const id = { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9 };
    expect(mayAccept(id, 0)).toBe(false);
    expect(mayAccept(id, true)).toBe(true); // Number(true) is 1
    const text = { type: 'string', maxLength: 3 };
    expect(mayAccept(text, 'abc')).toBe(true);
    expect(mayAccept(text, 'abcd')).toBe(false);
    expect(mayAccept(text, 'a\u0000')).toBe(false);
    const object = { type: 'object', properties: { a: text }, required: ['a'] };
    expect(mayAccept(object, { a: 'x', extra: 1 })).toBe(true);
    expect(mayAccept(object, {})).toBe(false);
  });
});

describe('the snapshot', () => {
  it('sees a legitimate write (so "nothing written" above can fail)', async () => {
    const before = await snapshotDatabase(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/qna`,
      headers: { authorization: `Bearer ${tokens.guest}` },
      payload: { cnts: 'A real question about coins.' },
    });
    expect(res.statusCode).toBe(200);
    expect(await snapshotDatabase(ctx.database.db)).not.toEqual(before);
  });
});
