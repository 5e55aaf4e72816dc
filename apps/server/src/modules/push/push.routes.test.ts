import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  jaMessages as ja,
  koMessages as ko,
  pushPaths,
  type PushSubscriptionData,
} from '@snapdrama/contract';
import { bearer, createTestContext, joinGuest, type TestContext } from '../../test/harness';
import { signInOperator, type OperatorCaller } from '../operators/operators.test-support';
import { auth, signInMember, type Member } from '../wallet/wallet.test-support';
import {
  startLocalPushService,
  type LocalPushService,
  type TestBrowser,
} from './push.test-support';

let ctx: TestContext;
let pushService: LocalPushService;
let admin: OperatorCaller;
// the test clock starts at 2026-01-15 03:00 UTC: noon in Seoul, outside default quiet hours
const DRAMA = 1;

beforeAll(async () => {
  pushService = await startLocalPushService();
  ctx = await createTestContext({ pushAgent: pushService.agent });
  admin = await signInOperator(ctx, 'admin');
});
// the tests move the clock by days: an operator session from the start would have run out
beforeEach(async () => {
  admin = await signInOperator(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});

const url = (path: string) => `${API_BASE}${path}`;
type Headers = Record<string, string>;
const post = (path: string, payload: unknown, headers: Headers = {}) =>
  ctx.app.inject({ method: 'POST', url: url(path), headers, payload: payload as object });
const put = (path: string, payload: unknown, headers: Headers = {}) =>
  ctx.app.inject({ method: 'PUT', url: url(path), headers, payload: payload as object });

async function subscribe(who: { token: string }, browser: TestBrowser, choices: object = {}) {
  const res = await post(
    pushPaths.subscription,
    { endpoint: browser.endpoint, keys: browser.keys, ...choices },
    auth(who),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PushSubscriptionData }>().data;
}

async function bookmark(who: Member, dramId: number) {
  const res = await post('/drama/bookmark', { dramId }, auth(who));
  expect([200, 409]).toContain(res.statusCode);
}

/** The console adds an episode to the drama and its video arrives: a new episode is out. */
async function releaseEpisode(dramaId: number): Promise<number> {
  const [n] = await ctx.services.catalogAdmin.addEpisodes(admin.operatorId, dramaId, 1);
  if (n === undefined) throw new Error('no episode added');
  await ctx.services.catalogAdmin.attachEpisodeVideo({
    operatorId: admin.operatorId,
    dramaId,
    episodeNumber: n,
    mediaPrefix: `clips/push-${dramaId}-${n}`,
    durationSeconds: 12,
  });
  return n;
}

const counts = async () =>
  (
    await ctx.app.inject({ method: 'GET', url: url(pushPaths.adminCounts), headers: admin.headers })
  ).json<{ data: { sent: number; opened: number; unsubscribed: number; dropped: number } }>().data;

describe('push routes: bad input changes nothing', () => {
  it('config names the VAPID public key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: url(pushPaths.config) });
    expect(res.json().data.vapidPublicKey).toBe(ctx.config.push.vapid?.publicKey);
    expect(res.json().data.kinds).toEqual(['new_episode', 'coin_expiry', 'attendance_streak']);
  });

  it('subscribing needs a session (401) and a well-formed subscription (400001)', async () => {
    const browser = pushService.browser();
    const member = await signInMember(ctx, 'Bad');
    expect(
      (await post(pushPaths.subscription, { endpoint: browser.endpoint, keys: browser.keys }))
        .statusCode,
    ).toBe(401);
    const good = { endpoint: browser.endpoint, keys: browser.keys };
    for (const body of [
      {},
      { endpoint: browser.endpoint },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example/x' },
      { ...good, keys: { p256dh: 'short', auth: browser.keys.auth } },
      { ...good, keys: { p256dh: browser.keys.p256dh, auth: 'has spaces in it!!' } },
      { ...good, timeZone: 'Mars/Olympus' },
      { ...good, kinds: ['spam'] },
      { ...good, quietStart: 1440 },
      { ...good, quietEnd: -1 },
      { ...good, lang: 'fr' },
    ]) {
      const res = await post(pushPaths.subscription, body, auth(member));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    }
    expect(await counts()).toMatchObject({ sent: 0 });
    // none of those made a subscription: the token of a real one is still unknown
    const res = await put(pushPaths.subscription, {
      unsubscribeToken: 'x'.repeat(32),
      kinds: [],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ResultCode.PUSH_SUBSCRIPTION_NOT_FOUND);
  });

  it('native tokens: a platform of ours and a token-shaped string', async () => {
    const member = await signInMember(ctx, 'Native');
    for (const body of [
      { platform: 'web', token: 'abcdefgh1234' },
      { platform: 'fcm', token: 'bad token with spaces' },
      { platform: 'apns' },
    ]) {
      expect((await post(pushPaths.nativeToken, body, auth(member))).statusCode).toBe(400);
    }
  });

  it('unknown unsubscribe tokens and send ids answer false, not an error', async () => {
    const res = await post(pushPaths.unsubscribe, { unsubscribeToken: 'y'.repeat(32) });
    expect(res.json()).toMatchObject({ code: 0, data: { unsubscribed: false } });
    const opened = await post(pushPaths.opened, { sendId: '00000000-0000-4000-8000-000000000000' });
    expect(opened.json()).toMatchObject({ code: 0, data: { opened: false } });
    expect((await post(pushPaths.opened, {})).statusCode).toBe(400);
  });

  it('the console settings are for admins and checked', async () => {
    const viewer = await joinGuest(ctx.app);
    const forbidden = await ctx.app.inject({
      method: 'GET',
      url: url(pushPaths.adminSettings),
      headers: bearer(viewer),
    });
    expect(forbidden.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: url(pushPaths.adminSettings),
      headers: admin.headers,
      payload: { kinds: [], dailyLimit: 11, quietStart: 0, quietEnd: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a bookmarked drama has a new episode', () => {
  let alice: Member;
  let aliceBrowser: TestBrowser;
  let aliceSub: PushSubscriptionData;

  beforeAll(async () => {
    alice = await signInMember(ctx, 'Alice');
    aliceBrowser = pushService.browser();
    aliceSub = await subscribe(alice, aliceBrowser, { lang: 'ja', timeZone: 'Asia/Seoul' });
    await bookmark(alice, DRAMA);
  });

  it('one push reaches the subscribed browser, encrypted for it, in its language', async () => {
    const episode = await releaseEpisode(DRAMA);
    await ctx.services.push.sendDue();
    // a second run of the job and the trigger again send nothing more
    await ctx.services.push.episodeReleased(DRAMA, episode);
    await ctx.services.push.sendDue();
    const got = pushService.deliveriesTo(aliceBrowser.endpoint);
    expect(got).toHaveLength(1);
    const [delivery] = got;
    expect(delivery?.vapidKey).toBe(ctx.config.push.vapid?.publicKey);
    const titleKey = (await ctx.services.catalog.pricing(DRAMA)).titleKey;
    const title = (await ctx.services.i18n.textsOf('ja', [titleKey]))[titleKey];
    expect(delivery?.payload).toMatchObject({
      title: ja['push.new_episode_title'].replace('{{title}}', title ?? ''),
      body: ja['push.new_episode_body'].replace('{{n}}', String(episode)),
      url: `/${DRAMA}/${episode}`,
      tag: `new-episode:${DRAMA}/${episode}`,
      unsubscribeToken: aliceSub.unsubscribeToken,
      unsubscribeLabel: ja['push.action_unsubscribe'],
    });
    expect((await counts()).sent).toBe(1);
  });

  it('clicking it records "opened" once', async () => {
    const sendId = pushService.deliveriesTo(aliceBrowser.endpoint)[0]?.payload.sendId;
    expect((await post(pushPaths.opened, { sendId })).json().data.opened).toBe(true);
    expect((await post(pushPaths.opened, { sendId })).json().data.opened).toBe(true);
    expect((await counts()).opened).toBe(1);
  });

  it('at most one push a day: a second new episode the same day is capped, the next day goes', async () => {
    const episode = await releaseEpisode(DRAMA);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(aliceBrowser.endpoint)).toHaveLength(1);
    const sends = await ctx.services.push.sendsOf(aliceSub.id);
    expect(sends.find((s) => s.subject === `${DRAMA}/${episode}`)).toMatchObject({
      status: 'capped',
    });
    // the next day (noon in Seoul) another episode reaches her
    ctx.clock.advance(24 * 3600_000);
    await releaseEpisode(DRAMA);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(aliceBrowser.endpoint)).toHaveLength(2);
  });

  it('a kind switched off sends nothing; switched on again it does', async () => {
    const off = await put(pushPaths.subscription, {
      unsubscribeToken: aliceSub.unsubscribeToken,
      kinds: ['coin_expiry'],
    });
    expect(off.json().data.kinds).toEqual(['coin_expiry']);
    ctx.clock.advance(24 * 3600_000);
    await releaseEpisode(DRAMA);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(aliceBrowser.endpoint)).toHaveLength(2);
    await put(pushPaths.subscription, {
      unsubscribeToken: aliceSub.unsubscribeToken,
      kinds: ['new_episode'],
    });
  });
});

describe('quiet hours', () => {
  it('none in quiet hours; the push waits and goes when they end', async () => {
    const bob = await signInMember(ctx, 'Bob');
    const browser = pushService.browser();
    const now = ctx.clock.now();
    // quiet from the current UTC hour to two hours later, in UTC
    const minute = now.getUTCHours() * 60;
    await subscribe(bob, browser, {
      timeZone: 'UTC',
      quietStart: minute,
      quietEnd: (minute + 120) % 1440,
      lang: 'ko',
    });
    await bookmark(bob, 2);
    await releaseEpisode(2);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(browser.endpoint)).toHaveLength(0);
    ctx.clock.advance(60 * 60_000);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(browser.endpoint)).toHaveLength(0);
    ctx.clock.advance(60 * 60_000);
    await ctx.services.push.sendDue();
    const got = pushService.deliveriesTo(browser.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0]?.payload.body).toContain('화가 공개됐어요');
    expect(got[0]?.payload.unsubscribeLabel).toBe(ko['push.action_unsubscribe']);
  });
});

describe('expired subscriptions and unsubscribing', () => {
  it('404/410 from the push service drops the subscription', async () => {
    const carol = await signInMember(ctx, 'Carol');
    const browser = pushService.browser();
    const sub = await subscribe(carol, browser);
    await bookmark(carol, 3);
    pushService.answer(browser.endpoint, 410);
    const before = await counts();
    await releaseEpisode(3);
    await ctx.services.push.sendDue();
    expect((await counts()).dropped).toBe(before.dropped + 1);
    const res = await put(pushPaths.subscription, {
      unsubscribeToken: sub.unsubscribeToken,
      kinds: [],
    });
    expect(res.json().code).toBe(ResultCode.PUSH_SUBSCRIPTION_NOT_FOUND);
  });

  it('a withdrawn account has no subscriptions left', async () => {
    const gus = await signInMember(ctx, 'Gus');
    const sub = await subscribe(gus, pushService.browser());
    await ctx.database.db.transaction((tx) => ctx.services.push.eraseUserData(gus.userId, tx));
    const res = await put(pushPaths.subscription, {
      unsubscribeToken: sub.unsubscribeToken,
      kinds: [],
    });
    expect(res.json().code).toBe(ResultCode.PUSH_SUBSCRIPTION_NOT_FOUND);
  });

  it('one tap unsubscribes; a second tap is harmless; nothing more is sent', async () => {
    const dan = await signInMember(ctx, 'Dan');
    const browser = pushService.browser();
    const sub = await subscribe(dan, browser);
    await bookmark(dan, 4);
    const before = await counts();
    const first = await post(pushPaths.unsubscribe, { unsubscribeToken: sub.unsubscribeToken });
    expect(first.json().data.unsubscribed).toBe(true);
    const again = await post(pushPaths.unsubscribe, { unsubscribeToken: sub.unsubscribeToken });
    expect(again.json().data.unsubscribed).toBe(false);
    expect((await counts()).unsubscribed).toBe(before.unsubscribed + 1);
    await releaseEpisode(4);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(browser.endpoint)).toHaveLength(0);
  });
});

describe('a guest who turned reminders on, then signed in', () => {
  it("the signed-in app's PUT moves the subscription to the member; the token alone does not", async () => {
    const guest = await joinGuest(ctx.app);
    const browser = pushService.browser();
    const sub = await subscribe(guest, browser);
    const gil = await signInMember(ctx, 'Gil');
    await bookmark(gil, 7);
    // the token without a session changes choices only: the guest keeps it
    const anonymous = await put(pushPaths.subscription, {
      unsubscribeToken: sub.unsubscribeToken,
      lang: 'en',
    });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    await releaseEpisode(7);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(browser.endpoint)).toHaveLength(0);
    // signed in, the web app names the device's subscription again: the member's from now on
    const moved = await put(
      pushPaths.subscription,
      { unsubscribeToken: sub.unsubscribeToken },
      auth(gil),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: PushSubscriptionData }>().data.lang).toBe('en');
    const episode = await releaseEpisode(7);
    await ctx.services.push.sendDue();
    const got = pushService.deliveriesTo(browser.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0]?.payload.url).toBe(`/7/${episode}`);
  });

  it('a bad session on the PUT is refused; a token alone with no change answers as it is', async () => {
    const guest = await joinGuest(ctx.app);
    const sub = await subscribe(guest, pushService.browser());
    const same = await put(pushPaths.subscription, { unsubscribeToken: sub.unsubscribeToken });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<{ data: PushSubscriptionData }>().data).toEqual(sub);
    const res = await put(
      pushPaths.subscription,
      { unsubscribeToken: sub.unsubscribeToken },
      { authorization: 'Bearer not-a-token' },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('the app wrapper registers its token the same way', () => {
  it('an FCM token gets the new episode through the native adapter (stand-in)', async () => {
    const erin = await signInMember(ctx, 'Erin');
    const token = `fcm:${'a'.repeat(40)}`;
    const res = await post(
      pushPaths.nativeToken,
      { platform: 'fcm', token, lang: 'en' },
      auth(erin),
    );
    expect(res.statusCode, res.body).toBe(200);
    await bookmark(erin, 5);
    const episode = await releaseEpisode(5);
    await ctx.services.push.sendDue();
    const got = ctx.services.nativePushStandIn.delivered.filter((d) => d.token === token);
    expect(got).toHaveLength(1);
    expect(got[0]?.message.data.url).toBe(`/5/${episode}`);
    ctx.services.nativePushStandIn.expire(token);
    ctx.clock.advance(24 * 3600_000);
    await releaseEpisode(5);
    await ctx.services.push.sendDue();
    // the expired token is gone: registering again makes a new subscription
    expect(ctx.services.nativePushStandIn.delivered.filter((d) => d.token === token)).toHaveLength(
      1,
    );
  });
});

describe('the console turns a kind off for everyone', () => {
  it('no new-episode reminders while it is off', async () => {
    const set = await ctx.app.inject({
      method: 'PUT',
      url: url(pushPaths.adminSettings),
      headers: admin.headers,
      payload: { kinds: ['coin_expiry'], dailyLimit: 1, quietStart: 1320, quietEnd: 480 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const fay = await signInMember(ctx, 'Fay');
    const browser = pushService.browser();
    await subscribe(fay, browser);
    await bookmark(fay, 6);
    await releaseEpisode(6);
    await ctx.services.push.sendDue();
    expect(pushService.deliveriesTo(browser.endpoint)).toHaveLength(0);
    const get = await ctx.app.inject({
      method: 'GET',
      url: url(pushPaths.adminSettings),
      headers: admin.headers,
    });
    expect(get.json().data.kinds).toEqual(['coin_expiry']);
  });
});
