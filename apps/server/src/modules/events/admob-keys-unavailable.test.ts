import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { snapshotDatabase } from '../../test/bad-input';
import { createTestContext, type TestContext } from '../../test/harness';
import { admobTestSigner } from './events.test-support';

/**
 * Issue 39, item 8: when Google's verifier keys cannot be fetched, a callback cannot be verified,
 * so it is refused (403 with its own code, not a 503 that invites retries of a forgery), nothing is
 * granted, and the log says why.
 */
let ctx: TestContext;
let keyServer: Server;
const logLines: string[] = [];

beforeAll(async () => {
  // Google's key server, down
  keyServer = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('unavailable');
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  const port = (keyServer.address() as AddressInfo).port;
  ctx = await createTestContext({
    seed: false,
    env: { ADMOB_VERIFIER_KEYS_URL: `http://127.0.0.1:${port}/verifier-keys.json` },
    logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
  });
}, 300_000);
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => keyServer.close(() => resolve()));
});

describe('AdMob callback while the verifier keys cannot be fetched', () => {
  it('a forged callback is refused with 403062, grants nothing, and the log says why', async () => {
    const forger = admobTestSigner('777');
    const query = forger.signedQuery({
      ad_network: '5450213213286189855',
      ad_unit: '1234567890',
      custom_data: randomUUID(),
      reward_amount: '1',
      reward_item: 'coin',
      timestamp: String(ctx.clock.now().getTime()),
      transaction_id: 'forged-1',
      user_id: randomUUID(),
    });
    const before = await snapshotDatabase(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/event/advertisement/admob-ssv?${query}`,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: ResultCode.AD_CALLBACK_KEYS_UNAVAILABLE, data: null });
    expect(await snapshotDatabase(ctx.database.db)).toEqual(before);
    const logged = logLines.join('\n');
    expect(logged).toContain('AdMob verifier keys');
    expect(logged).toContain('HTTP 503');
  });
});
