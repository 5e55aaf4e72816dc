import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesOf, sample, snapshotDatabase, type OpenApi } from './bad-input';
import { useTestContext } from './harness';

/**
 * Auth before parsing (issue 39, item 7): every route the document marks as needing a session
 * answers an anonymous caller 401 without reading or validating the body, whatever the body is.
 */
const doc = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', '..', 'openapi.json'), 'utf8'),
) as OpenApi & { paths: Record<string, Record<string, { security?: unknown[] }>> };
const guarded = routesOf(doc).filter(
  (r) => (doc.paths[r.path]?.[r.method.toLowerCase()]?.security ?? []).length > 0,
);

// bodies no schema accepts and no JSON parser reads
const JUNK_BODIES = ['{"junk":', '[1,]', '{"coin":"x".repeat}', 'null', '{"a":1}'];

const ctx = useTestContext({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '1000000' } });
beforeAll(async () => {}, 120_000);

describe('every guarded route of openapi.json refuses an anonymous caller before parsing', () => {
  it('the document marks the viewer and operator routes that need a session', () => {
    expect(guarded.length).toBeGreaterThan(60);
    const security = (p: string, m: string) => doc.paths[p]?.[m]?.security;
    expect(security('/api/v1/user/info', 'get')).toEqual([{ bearer: [] }]);
    expect(security('/api/v1/admin/economy/missions/{id}', 'put')).toEqual([
      { operatorBearer: [] },
      { operatorCookie: [] },
    ]);
    // sign-in and public reads need none
    expect(security('/api/v1/auth/login', 'post')).toBeUndefined();
    expect(security('/api/v1/drama/category/list', 'get')).toBeUndefined();
  });

  it('401 in the envelope for no token and a junk body, nothing written', async () => {
    const before = await snapshotDatabase(ctx.database.db);
    for (const route of guarded) {
      const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const param = route.operation.parameters?.find((p) => p.name === name);
        return encodeURIComponent(String(param ? sample(param.schema) : 1));
      });
      for (const body of route.method === 'GET' ? [undefined] : JUNK_BODIES) {
        const res = await ctx.app.inject({
          method: route.method,
          url,
          ...(body === undefined
            ? {}
            : { payload: body, headers: { 'content-type': 'application/json' } }),
        });
        const label = `${route.method} ${url} ${body ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBe(401);
        const envelope = res.json<{ code: number; data: unknown }>();
        expect(Math.floor(envelope.code / 1000), label).toBe(401);
        expect(envelope.data, label).toBeNull();
      }
    }
    expect(await snapshotDatabase(ctx.database.db)).toEqual(before);
  }, 300_000);
});
