import { randomUUID } from 'node:crypto';
import { eq, getTableColumns } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, IDENTITY_SANDBOX_PAGE, ResultCode } from '@snapdrama/contract';
import { ConfigError, loadConfig } from '../../config';
import { DEMO_DRAMAS } from '../../seed/demo-catalog';
import {
  createTestContext,
  joinGuest,
  TEST_COMPANY_ENV,
  TEST_JWT_SECRET,
  type Caller,
  useTestContext,
} from '../../test/harness';
import { auth, signInMember, type Member, grantCoins } from '../wallet/wallet.test-support';
import { ageChecks } from './identity.tables';
import { createPortoneIdentityClient } from './providers/portone-identity';
import { createFakePortone, IDENTITY_SANDBOX_KEYS } from './sandbox/fake-portone';
import { identitySandboxRoutes } from './sandbox/identity-sandbox.routes';

const ctx = useTestContext();
let guest: Caller;
/** Silent Witness: rated 18, 3 free episodes, then 40 coins each (demo catalog) */
const silent = DEMO_DRAMAS.findIndex((d) => d.slug === 'silent-witness') + 1;
const FIRST_LOCKED = 4;
/** the test clock's year is 2026: born in 2007 is 19 this year, 2008 is not */
const ADULT_BIRTH = '2007-12-31';
const MINOR_BIRTH = '2008-01-01';

beforeAll(async () => {
  guest = await joinGuest(ctx.app);
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who?: { token: string },
  payload?: object,
) => ctx.app.inject({ method, url: `${API_BASE}${url}`, headers: who ? auth(who) : {}, payload });
const startEpisode = (who: { token: string }, epsd = 1, dramId = silent) =>
  call('POST', '/drama/episode', who, { dramId, epsd });
const startCheck = (who: { token: string }, returnPath = `/${silent}/1`) =>
  call('POST', '/user/identity-check', who, { returnPath });
const confirmCheck = (who: { token: string }, identityVerificationId: string) =>
  call('PUT', '/user/identity-check/confirm', who, { identityVerificationId });
const userInfo = async (who: { token: string }) =>
  (await call('GET', '/user/info', who)).json().data.user as { age_check: unknown };

/** The stand-in's page as a person uses it: opened, a birth date entered, confirmed (or cancelled). */
async function throughStandIn(sandboxUrl: string, birthDate: string, action = 'verify') {
  const page = await ctx.app.inject({ method: 'GET', url: sandboxUrl });
  expect(page.statusCode).toBe(200);
  const query = new URL(sandboxUrl, 'http://x').searchParams;
  const done = await ctx.app.inject({
    method: 'POST',
    url: IDENTITY_SANDBOX_PAGE,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      identityVerificationId: query.get('identityVerificationId') ?? '',
      redirectUrl: query.get('redirectUrl') ?? '',
      birthDate,
      action,
    }).toString(),
  });
  expect(done.statusCode).toBe(303);
  return new URL(String(done.headers.location));
}

/** A member whose identity check through the stand-in gave this birth date. */
async function verifiedMember(birthDate: string): Promise<Member> {
  const member = await signInMember(ctx, 'Checked');
  const started = (await startCheck(member)).json().data;
  const back = await throughStandIn(started.sandboxUrl, birthDate);
  expect(back.pathname).toBe(`/${silent}/1`);
  expect(back.searchParams.get('identityVerificationId')).toBe(started.identityVerificationId);
  const confirmed = await confirmCheck(member, started.identityVerificationId);
  expect(confirmed.statusCode).toBe(200);
  return member;
}

const grant = (userId: string, amount: number) =>
  grantCoins(ctx, userId, amount, 'paid', { idempotencyKey: `age-${randomUUID()}` });

describe('the age gate on episode starts', () => {
  it('Silent Witness is rated 18 in the demo catalog', async () => {
    const info = (await call('GET', `/drama/info/${silent}`, guest)).json().data;
    expect(info.drama).toMatchObject({
      age_rate: '18',
      titl_lang_key: 'drama.silent-witness.title',
    });
  });

  it('a guest gets 403160 and no signed URL, even for a free episode; other dramas play', async () => {
    const res = await startEpisode(guest, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ResultCode.AGE_GATE_SIGN_IN, data: null });
    expect(res.body).not.toMatch(/sig=|\/media\//);
    expect((await startEpisode(guest, 1, 1)).statusCode).toBe(200);
  });

  it('a member without a check gets 403161; user info says no check', async () => {
    const member = await signInMember(ctx);
    const res = await startEpisode(member, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ResultCode.AGE_GATE_VERIFY);
    expect(res.body).not.toMatch(/sig=|\/media\//);
    expect((await userInfo(member)).age_check).toBeNull();
  });

  it('a member verified as an adult plays; user info says adult, with the check’s time', async () => {
    const member = await verifiedMember(ADULT_BIRTH);
    expect(await userInfo(member)).toMatchObject({
      age_check: { adult_yn: 'Y', vrfc_dtm: ctx.clock.now().toISOString() },
    });
    const res = await startEpisode(member, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.videoUrlList[0].videoUrl).toMatch(/sig=/);
  });

  it('a member verified under 19 gets 403162, with no URL', async () => {
    const member = await verifiedMember(MINOR_BIRTH);
    expect((await userInfo(member)).age_check).toMatchObject({ adult_yn: 'N' });
    const res = await startEpisode(member, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ResultCode.AGE_GATE_MINOR);
    expect(res.body).not.toMatch(/sig=|\/media\//);
  });

  it('only the birth year and the time are kept', async () => {
    const member = await verifiedMember('1990-06-15');
    const rows = await ctx.database.db
      .select()
      .from(ageChecks)
      .where(eq(ageChecks.userId, member.userId));
    expect(rows).toEqual([{ userId: member.userId, birthYear: 1990, verifiedAt: ctx.clock.now() }]);
    // the table has no other column: nothing else of the check can be kept
    expect(Object.keys(getTableColumns(ageChecks)).sort()).toEqual([
      'birthYear',
      'userId',
      'verifiedAt',
    ]);
  });

  it('no answer about this drama carries a signed URL for a guest, an unverified member or a minor', async () => {
    const unverified = await signInMember(ctx);
    const minor = await verifiedMember(MINOR_BIRTH);
    await grant(unverified.userId, 500);
    await grant(minor.userId, 500);
    for (const who of [guest, unverified, minor]) {
      const answers = [
        await call('GET', `/drama/info/${silent}`, who),
        ...(await Promise.all(Array.from({ length: 12 }, (_, i) => startEpisode(who, i + 1)))),
        await call('POST', '/drama/episode/unlock/coin', who, {
          dramId: silent,
          epsd: FIRST_LOCKED,
        }),
        await call('POST', '/drama/episode/unlock/auto', who, {
          dramId: silent,
          epsd: FIRST_LOCKED,
        }),
      ];
      for (const res of answers) expect(res.body).not.toMatch(/sig=|\/media\/|videoUrl/);
    }
  });
});

describe('unlocks of an episode the viewer cannot watch', () => {
  it('coin, auto and ad unlocks are refused before anything is charged or used', async () => {
    const member = await signInMember(ctx);
    await grant(member.userId, 500);
    const balance = async () => (await call('GET', '/user/info', member)).json().data.user.coin;
    expect(await balance()).toBe(500);

    const coin = await call('POST', '/drama/episode/unlock/coin', member, {
      dramId: silent,
      epsd: FIRST_LOCKED,
    });
    expect(coin.statusCode).toBe(403);
    expect(coin.json().code).toBe(ResultCode.AGE_GATE_VERIFY);

    await call('PUT', '/user/auto-unlock', member, { enabled: true });
    const auto = await call('POST', '/drama/episode/unlock/auto', member, {
      dramId: silent,
      epsd: FIRST_LOCKED,
    });
    expect(auto.json().code).toBe(ResultCode.AGE_GATE_VERIFY);

    const ad = await call('POST', '/drama/episode/unlock/advertisement', member, {
      dramId: silent,
      epsd: FIRST_LOCKED,
      logId: randomUUID(),
    });
    expect(ad.json().code).toBe(ResultCode.AGE_GATE_VERIFY);
    expect(await balance()).toBe(500);
  });

  it('a minor is refused too, and an adult buys as anyone does', async () => {
    const minor = await verifiedMember(MINOR_BIRTH);
    await grant(minor.userId, 100);
    const refused = await call('POST', '/drama/episode/unlock/coin', minor, {
      dramId: silent,
      epsd: FIRST_LOCKED,
    });
    expect(refused.json().code).toBe(ResultCode.AGE_GATE_MINOR);
    const adult = await verifiedMember(ADULT_BIRTH);
    await grant(adult.userId, 100);
    // the unlock number rule still applies: episodes 1-3 are free, 4 is next
    const bought = await call('POST', '/drama/episode/unlock/coin', adult, {
      dramId: silent,
      epsd: FIRST_LOCKED,
    });
    expect(bought.statusCode).toBe(200);
    expect((await call('GET', '/user/info', adult)).json().data.user.coin).toBe(60);
    expect((await call('GET', '/user/info', minor)).json().data.user.coin).toBe(100);
  });
});

describe('identity checks', () => {
  it('guests cannot start or confirm one: they are told to sign in (403005)', async () => {
    const start = await startCheck(guest);
    expect(start.statusCode).toBe(403);
    expect(start.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    const confirm = await confirmCheck(guest, `idv-${randomUUID()}`);
    expect(confirm.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
  });

  it('a check id counts once: a replay (409160) or another member (404160) is refused', async () => {
    const alice = await signInMember(ctx, 'Alice');
    const bob = await signInMember(ctx, 'Bob');
    const started = (await startCheck(alice)).json().data;
    // alice runs the step; bob tries her check id before and after she confirms it
    await throughStandIn(started.sandboxUrl, ADULT_BIRTH);
    const stolen = await confirmCheck(bob, started.identityVerificationId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe(ResultCode.IDENTITY_CHECK_NOT_FOUND);
    expect((await confirmCheck(alice, started.identityVerificationId)).statusCode).toBe(200);
    const replay = await confirmCheck(alice, started.identityVerificationId);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe(ResultCode.IDENTITY_CHECK_USED);
    expect((await confirmCheck(bob, started.identityVerificationId)).statusCode).toBe(404);
    expect((await userInfo(bob)).age_check).toBeNull();
  });

  it('a check not finished, cancelled or unknown is not verified', async () => {
    const member = await signInMember(ctx);
    const never = (await startCheck(member)).json().data;
    const notStarted = await confirmCheck(member, never.identityVerificationId);
    expect(notStarted.json().code).toBe(ResultCode.IDENTITY_CHECK_NOT_VERIFIED);

    const opened = (await startCheck(member)).json().data;
    await ctx.app.inject({ method: 'GET', url: opened.sandboxUrl });
    expect((await confirmCheck(member, opened.identityVerificationId)).json().code).toBe(
      ResultCode.IDENTITY_CHECK_NOT_VERIFIED,
    );

    const cancelled = (await startCheck(member)).json().data;
    const back = await throughStandIn(cancelled.sandboxUrl, '', 'cancel');
    expect(back.searchParams.get('code')).toBe('IDENTITY_VERIFICATION_CANCELLED');
    expect((await confirmCheck(member, cancelled.identityVerificationId)).json().code).toBe(
      ResultCode.IDENTITY_CHECK_NOT_VERIFIED,
    );

    const unknown = await confirmCheck(member, `idv-${randomUUID()}`);
    expect(unknown.json().code).toBe(ResultCode.IDENTITY_CHECK_NOT_FOUND);
    expect((await userInfo(member)).age_check).toBeNull();
  });

  it('bad input changes nothing: 400', async () => {
    const member = await signInMember(ctx);
    for (const returnPath of ['https://evil.example/x', '//evil.example/x', 'x', '/a b']) {
      expect((await startCheck(member, returnPath)).statusCode, returnPath).toBe(400);
    }
    for (const id of ['', 'short', 'a/b/c/d/e/f', 'x'.repeat(65)]) {
      expect((await confirmCheck(member, id)).statusCode, id).toBe(400);
    }
  });
});

describe('the PortOne adapter against the stand-in', () => {
  it('reads status and birth date; a wrong secret or store is refused as PortOne does', async () => {
    const fake = createFakePortone();
    try {
      const client = (apiSecret: string, storeId: string = IDENTITY_SANDBOX_KEYS.storeId) =>
        createPortoneIdentityClient({ apiSecret, storeId, apiBase: () => fake.url() });
      const good = client(IDENTITY_SANDBOX_KEYS.apiSecret);
      expect(await good.get('idv-missing-0001')).toMatchObject({
        ok: false,
        status: 404,
        type: 'IDENTITY_VERIFICATION_NOT_FOUND',
      });
      fake.open('idv-test-0001');
      expect(await good.get('idv-test-0001')).toEqual({
        ok: true,
        verification: { id: 'idv-test-0001', status: 'READY', birthDate: undefined },
      });
      fake.verify('idv-test-0001', '1999-02-03');
      // a finished check stays as it was
      fake.fail('idv-test-0001');
      expect(await good.get('idv-test-0001')).toEqual({
        ok: true,
        verification: { id: 'idv-test-0001', status: 'VERIFIED', birthDate: '1999-02-03' },
      });
      expect(await client('wrong-secret').get('idv-test-0001')).toMatchObject({
        ok: false,
        status: 401,
        type: 'UNAUTHORIZED',
      });
      expect(
        await client(IDENTITY_SANDBOX_KEYS.apiSecret, 'store-other').get('idv-test-0001'),
      ).toMatchObject({ ok: false, status: 403 });
    } finally {
      await fake.close();
    }
  });

  it('a provider that does not answer is 503160, and nothing is stored', async () => {
    const member = await signInMember(ctx);
    const started = (await startCheck(member)).json().data;
    await throughStandIn(started.sandboxUrl, ADULT_BIRTH);
    // the stand-in's port closes (the last test of the file that needs it)
    await ctx.services.identitySandbox?.close();
    const res = await confirmCheck(member, started.identityVerificationId);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(ResultCode.IDENTITY_PROVIDER_UNAVAILABLE);
    expect((await userInfo(member)).age_check).toBeNull();
  });
});

describe('the stand-in is never in production', () => {
  it('IDENTITY_SANDBOX=true is a configuration error in production; without keys checks are off', () => {
    const production = {
      ...TEST_COMPANY_ENV,
      NODE_ENV: 'production',
      JWT_SECRET: TEST_JWT_SECRET,
      MEDIA_SIGNING_SECRET: TEST_JWT_SECRET,
    };
    expect(() => loadConfig({ ...production, IDENTITY_SANDBOX: 'true' })).toThrow(ConfigError);
    expect(loadConfig(production).identity).toEqual({ portone: undefined, sandbox: false });
    expect(() =>
      loadConfig({ ...production, PORTONE_API_SECRET: 'secret', PORTONE_STORE_ID: 'store-1' }),
    ).toThrow(/PORTONE_IDENTITY_CHANNEL_KEY/);
    expect(() => identitySandboxRoutes({ fake: createFakePortone(), production: true })).toThrow();
  });

  it('with the stand-in off, checks answer 503160 and no stand-in page exists', async () => {
    const off = await createTestContext({ seed: false, env: { IDENTITY_SANDBOX: 'false' } });
    try {
      const member = await signInMember(off);
      const res = await off.app.inject({
        method: 'POST',
        url: `${API_BASE}/user/identity-check`,
        headers: auth(member),
        payload: { returnPath: '/1/1' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ResultCode.IDENTITY_PROVIDER_UNAVAILABLE);
      const page = await off.app.inject({
        method: 'GET',
        url: `${IDENTITY_SANDBOX_PAGE}?identityVerificationId=idv-12345678&redirectUrl=http://x/`,
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
