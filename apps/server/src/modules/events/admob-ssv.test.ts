import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { createAdmobKeySource, verifyAdmobCallback } from './admob-ssv';
import { admobTestSigner } from './events.test-support';

// A local key server speaking the format of Google's verifier-keys.json.
describe('AdMob verifier keys from a key server', () => {
  let server: Server;
  let url = '';
  let served: { keysJson: string } = { keysJson: '{"keys":[]}' };
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(served.keysJson);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verifier-keys.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const params = {
    ad_network: '5450213213286189855',
    ad_unit: '1234567890',
    custom_data: '6f1d1d43-5b0d-4d7e-9a55-1f0e3c0f8f11',
    reward_amount: '1',
    reward_item: 'coin',
    timestamp: '1767225600000',
    transaction_id: 'abc123',
    user_id: 'u1',
  };

  it('verifies with a fetched key, refuses tampering, and picks up a rotated key', async () => {
    const clock = new ManualClock();
    const first = admobTestSigner('111');
    served = first;
    const keys = createAdmobKeySource({ url, clock });
    const query = first.signedQuery(params);
    expect(await verifyAdmobCallback(query, keys)).toMatchObject({ ok: true });
    expect(hits).toBe(1);
    const tampered = query.replace('user_id=u1', 'user_id=u2');
    expect(await verifyAdmobCallback(tampered, keys)).toMatchObject({ ok: false });
    // cached: no second fetch
    expect(await verifyAdmobCallback(query, keys)).toMatchObject({ ok: true });
    expect(hits).toBe(1);

    // Google publishes a new key: an unknown key id refetches (at most once a minute)
    const rotated = admobTestSigner('222');
    served = rotated;
    const next = rotated.signedQuery(params);
    expect(await verifyAdmobCallback(next, keys)).toMatchObject({ ok: false });
    expect(hits).toBe(1);
    clock.advance(61_000);
    expect(await verifyAdmobCallback(next, keys)).toMatchObject({ ok: true });
    expect(hits).toBe(2);
  });

  it('refuses a query without signature or key_id, and a signature of the wrong content', async () => {
    const signer = admobTestSigner('333');
    const keys = createAdmobKeySource({
      url,
      inlineJson: signer.keysJson,
      clock: new ManualClock(),
    });
    const query = signer.signedQuery(params);
    const [content] = query.split('&signature=');
    expect(await verifyAdmobCallback(content ?? '', keys)).toMatchObject({ ok: false });
    expect(await verifyAdmobCallback(query.replace(/&key_id=.*$/, ''), keys)).toMatchObject({
      ok: false,
    });
    const reordered = query.replace(
      'ad_network=5450213213286189855&ad_unit=1234567890',
      'ad_unit=1234567890&ad_network=5450213213286189855',
    );
    expect(await verifyAdmobCallback(reordered, keys)).toMatchObject({ ok: false });
  });
});
