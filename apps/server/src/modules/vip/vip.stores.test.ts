import { generateKeyPairSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type VipPassData } from '@snapdrama/contract';
import { FAILED_REFUND_RETRY_MS } from './vip.service';
import { useTestContext } from '../../test/harness';
import { createGooglePlayApi } from '../payments/iap/google-play';
import { FakePlayStore, startFakePlayServer } from '../payments/iap/google-play.fake';
import { api, body } from '../payments/payments.test-support';
import { passRows, playSubscribed } from './vip.test-support';
import { signInMember, type Member } from '../wallet/wallet.test-support';
import { googleChanges } from './vip-stores';

const DAY = 86_400_000;

describe('Google Play subscriptionsv2 adapter against the local Play API', () => {
  it('reads a subscription (state, expiry, latest order, renewal, account id) with the service-account grant', async () => {
    const EMAIL = 'vip@snapdrama-test.iam.gserviceaccount.com';
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const store = new FakePlayStore();
    const server = await startFakePlayServer({
      store,
      serviceAccountEmail: EMAIL,
      serviceAccountPublicKey: keys.publicKey,
    });
    try {
      const play = createGooglePlayApi({
        serviceAccount: {
          clientEmail: EMAIL,
          privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
        rootUrl: server.url,
        tokenUrl: server.tokenUrl,
      });
      const token = store.subscribe({
        packageName: 'com.snapdrama.app',
        productId: 'vip_weekly',
        obfuscatedAccountId: 'vip-1',
        periodDays: 7,
        now: 1_800_000_000_000,
      });
      const sub = await play.getSubscription('com.snapdrama.app', token);
      expect(sub).toMatchObject({
        state: 'SUBSCRIPTION_STATE_ACTIVE',
        productId: 'vip_weekly',
        expiryTime: 1_800_000_000_000 + 7 * DAY,
        autoRenewEnabled: true,
        obfuscatedAccountId: 'vip-1',
      });
      expect(sub?.latestOrderId).toMatch(/^GPA\./);
      store.updateSubscription(token, (s) => {
        s.renewals = 1;
        s.expiryTime += 7 * DAY;
      });
      expect((await play.getSubscription('com.snapdrama.app', token))?.latestOrderId).toMatch(
        /\.\.0$/,
      );
      expect(await play.getSubscription('com.snapdrama.app', 'unknown-token')).toBeUndefined();
      expect(await play.getSubscription('com.other.app', token)).toBeUndefined();
      expect(server.requests.filter((r) => r.includes('/subscriptionsv2/'))).toHaveLength(4);
      // revoke (full refund, ended now): POST .../subscriptionsv2/tokens/{token}:revoke
      expect(await play.revokeSubscription('com.snapdrama.app', token)).toBe('revoked');
      expect(server.requests.at(-1)).toBe(
        `POST /androidpublisher/v3/applications/com.snapdrama.app/purchases/subscriptionsv2/tokens/${token}:revoke`,
      );
      expect(store.subscription(token)).toMatchObject({
        state: 'SUBSCRIPTION_STATE_EXPIRED',
        autoRenewEnabled: false,
      });
      expect(await play.revokeSubscription('com.snapdrama.app', 'unknown-token')).toBe('unknown');
    } finally {
      await server.close();
    }
  });

  it('maps Google states to pass changes', () => {
    const now = new Date(1_800_000_000_000);
    const base = {
      productId: 'vip_weekly',
      expiryTime: now.getTime() + DAY,
      latestOrderId: 'GPA.1',
      autoRenewEnabled: true,
      obfuscatedAccountId: null,
    };
    expect(
      googleChanges({ ...base, state: 'SUBSCRIPTION_STATE_ACTIVE' }, now).map((c) => c.type),
    ).toEqual(['paid', 'auto_renew']);
    expect(googleChanges({ ...base, state: 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD' }, now)).toEqual([
      { type: 'grace', until: new Date(now.getTime() + DAY) },
    ]);
    expect(
      googleChanges(
        { ...base, state: 'SUBSCRIPTION_STATE_CANCELED', autoRenewEnabled: false },
        now,
      ).at(-1),
    ).toEqual({ type: 'auto_renew', on: false });
    for (const s of ['SUBSCRIPTION_STATE_ON_HOLD', 'SUBSCRIPTION_STATE_EXPIRED'])
      expect(googleChanges({ ...base, state: s }, now)).toEqual([
        { type: 'expired', at: new Date(base.expiryTime) },
      ]);
    expect(googleChanges({ ...base, state: 'SUBSCRIPTION_STATE_PENDING' }, now)).toEqual([]);
  });
});

describe('VIP pass through the stores (stand-ins; notifications through the payments endpoints)', () => {
  const ctx = useTestContext({ seed: false });
  beforeEach(() => ctx.clock.set(new Date()));

  const register = async (m: Member, plan: 'vip_weekly' | 'vip_monthly', pymnGtwy: 'G' | 'A') => {
    const r = await api(ctx.app, m, 'POST', '/vip/subscribe', { plan, pymnGtwy });
    expect(r.statusCode, r.body).toBe(200);
    return body<{ vipId: string }>(r).data.vipId;
  };

  describe('Google Play', () => {
    let messages = 0;
    const push = async (notification: Record<string, unknown>, messageId = `m-${++messages}`) => {
      const pushIn = ctx.services.iap.sandbox.googlePush;
      if (!pushIn) throw new Error('no push stand-in');
      const data = Buffer.from(
        JSON.stringify({
          version: '1.0',
          packageName: ctx.services.iap.packageName,
          eventTimeMillis: String(Date.now()),
          ...notification,
        }),
      ).toString('base64');
      const r = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/payment/webhook/google`,
        headers: { authorization: await pushIn.authorization() },
        payload: { message: { data, messageId }, subscription: 'projects/p/subscriptions/rtdn' },
      });
      expect(r.statusCode, r.body).toBe(200);
      return body<{ action: string; outcome?: string }>(r).data;
    };
    const subNote = (purchaseToken: string, notificationType: number) => ({
      subscriptionNotification: {
        version: '1.0',
        notificationType,
        purchaseToken,
        subscriptionId: 'vip_weekly',
      },
    });

    it('start, renew, grace, cancel, expire, refund; replays harmless; forged push refused', async () => {
      const m = await signInMember(ctx, 'VipGoogle');
      const vipId = await register(m, 'vip_weekly', 'G');
      const store = ctx.services.iap.sandbox.playStore;
      if (!store) throw new Error('no Play stand-in');
      const packageName = ctx.services.iap.packageName;
      const token = playSubscribed(ctx, vipId, 'vip_weekly', 7);

      // bad verify calls change nothing
      const other = await signInMember(ctx, 'VipGoogleOther');
      const otherVip = await register(other, 'vip_weekly', 'G');
      const wrongPass = await api(ctx.app, other, 'PUT', '/vip/iap/google/verify', {
        vipId: otherVip,
        packageName,
        productId: 'vip_weekly',
        purchaseToken: token,
      });
      expect(body(wrongPass).code).toBe(ResultCode.VIP_MISMATCH);
      const wrongProduct = await api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
        vipId,
        packageName,
        productId: 'vip_monthly',
        purchaseToken: token,
      });
      expect(body(wrongProduct).code).toBe(ResultCode.IAP_VERIFICATION_FAILED);
      const unknown = await api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
        vipId,
        packageName,
        productId: 'vip_weekly',
        purchaseToken: 'nope',
      });
      expect(body(unknown).code).toBe(ResultCode.IAP_VERIFICATION_FAILED);
      expect(await ctx.services.vip.passOf(m.userId)).toBeNull();

      const verified = await api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
        vipId,
        packageName,
        productId: 'vip_weekly',
        purchaseToken: token,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(body<VipPassData>(verified).data).toMatchObject({
        gateway: 'G',
        active: true,
        renews: true,
        cancelable: false,
      });
      expect(body<VipPassData>(verified).data.manageUrl).toContain('play.google.com');
      // PURCHASED notice of the same order, twice under one message id: one period
      expect(await push(subNote(token, 4), 'm-purchased')).toEqual({
        action: 'subscription',
        outcome: 'applied',
      });
      expect(await push(subNote(token, 4), 'm-purchased')).toEqual({
        action: 'subscription',
        outcome: 'replay',
      });
      expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(1);
      // My orders lists it without an amount: Google sets the price and keeps the receipt
      expect((await ctx.services.vip.charges(m.userId, 1, 20)).list).toMatchObject([
        { vipId, pymn_gtwy: 'G', amnt: null, crncy: null, stts: 'paid' },
      ]);

      // RENEWED
      const renewed = store.updateSubscription(token, (s) => {
        s.renewals = 1;
        s.expiryTime += 7 * DAY;
      });
      await push(subNote(token, 2));
      await push(subNote(token, 2));
      expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(2);
      expect((await ctx.services.vip.passOf(m.userId))?.activeUntil).toBe(
        new Date(renewed.expiryTime).toISOString(),
      );

      // IN_GRACE_PERIOD: Google moves the expiry to the grace end
      ctx.clock.set(new Date(renewed.expiryTime + 1000));
      store.updateSubscription(token, (s) => {
        s.state = 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD';
        s.expiryTime += 3 * DAY;
      });
      expect((await push(subNote(token, 6))).outcome).toBe('applied');
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        status: 'grace',
        active: true,
      });

      // RECOVERED: paid, a third period
      store.updateSubscription(token, (s) => {
        s.state = 'SUBSCRIPTION_STATE_ACTIVE';
        s.renewals = 2;
        s.expiryTime = ctx.clock.now().getTime() + 7 * DAY;
      });
      await push(subNote(token, 1));
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        status: 'active',
        active: true,
        renews: true,
      });

      // CANCELED by the buyer: runs to expiry; EXPIRED at the end
      store.updateSubscription(token, (s) => {
        s.state = 'SUBSCRIPTION_STATE_CANCELED';
        s.autoRenewEnabled = false;
      });
      await push(subNote(token, 3));
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        active: true,
        renews: false,
      });
      store.updateSubscription(token, (s) => {
        s.state = 'SUBSCRIPTION_STATE_EXPIRED';
      });
      await push(subNote(token, 13));
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        status: 'expired',
        active: false,
      });
      expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(3);

      // a forged push (no Google token) is refused
      const forged = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/payment/webhook/google`,
        payload: { message: { data: Buffer.from('{}').toString('base64'), messageId: 'x' } },
      });
      expect(body(forged).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    });

    it('a voided subscription purchase (refund) ends the pass', async () => {
      const m = await signInMember(ctx, 'VipGoogleRefund');
      const vipId = await register(m, 'vip_monthly', 'G');
      const store = ctx.services.iap.sandbox.playStore;
      if (!store) throw new Error('no Play stand-in');
      const packageName = ctx.services.iap.packageName;
      const token = playSubscribed(ctx, vipId, 'vip_monthly', 30);
      await api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
        vipId,
        packageName,
        productId: 'vip_monthly',
        purchaseToken: token,
      });
      const orderId = store.subscriptionJson(token)?.latestOrderId;
      const voided = {
        voidedPurchaseNotification: {
          purchaseToken: token,
          orderId,
          productType: 1,
          refundType: 1,
        },
      };
      expect((await push(voided, 'm-void')).outcome).toBe('applied');
      expect((await push(voided, 'm-void')).outcome).toBe('replay');
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        status: 'refunded',
        active: false,
      });
    });

    it('a notice or verify that arrives after the period ended records that period (no 500)', async () => {
      const m = await signInMember(ctx, 'VipGoogleLate');
      const vipId = await register(m, 'vip_monthly', 'G');
      const store = ctx.services.iap.sandbox.playStore;
      if (!store) throw new Error('no Play stand-in');
      const packageName = ctx.services.iap.packageName;
      const bought = ctx.clock.now().getTime();
      const token = store.subscribe({
        packageName,
        productId: 'vip_monthly',
        obfuscatedAccountId: vipId,
        periodDays: 30,
        now: bought,
      });
      // Google still answers CANCELED (not yet EXPIRED) when the notice reaches us at the expiry
      const { expiryTime: expiry } = store.updateSubscription(token, (s) => {
        s.state = 'SUBSCRIPTION_STATE_CANCELED';
        s.autoRenewEnabled = false;
      });
      ctx.clock.set(new Date(expiry));
      expect((await push(subNote(token, 3))).outcome).toBe('applied');
      // and a verify retried later still answers the pass
      ctx.clock.set(new Date(expiry + DAY));
      // signed in again: the session of a month ago has expired
      const again = {
        ...m,
        token: (await ctx.services.auth.startSessionForUser(m.userId)).accessToken,
      };
      const late = await api(ctx.app, again, 'PUT', '/vip/iap/google/verify', {
        vipId,
        packageName,
        productId: 'vip_monthly',
        purchaseToken: token,
      });
      expect(late.statusCode, late.body).toBe(200);
      expect(body<VipPassData>(late).data).toMatchObject({ active: false, renews: false });
      const periods = await ctx.services.vip.periodsOf(vipId);
      expect(periods).toHaveLength(1);
      const [period] = periods;
      // the plan's last month before the expiry, in the past
      const start = new Date(expiry);
      start.setUTCMonth(start.getUTCMonth() - 1);
      expect(period?.startsAt.toISOString()).toBe(start.toISOString());
      expect(period?.endsAt.toISOString()).toBe(new Date(expiry).toISOString());
    });

    it('a revoke Google failed is tried again by the payment sweep until it succeeds', async () => {
      const m = await signInMember(ctx, 'VipGoogleRetry');
      const store = ctx.services.iap.sandbox.playStore;
      if (!store) throw new Error('no Play stand-in');
      const packageName = ctx.services.iap.packageName;
      const monthly = await register(m, 'vip_monthly', 'G');
      const weekly = await register(m, 'vip_weekly', 'G');
      const tokens = new Map<string, string>();
      for (const [vipId, productId, periodDays] of [
        [weekly, 'vip_weekly', 7],
        [monthly, 'vip_monthly', 30],
      ] as const) {
        const token = playSubscribed(ctx, vipId, productId, periodDays);
        tokens.set(vipId, token);
        // Google is down for the duplicate's revoke and the first retry
        if (vipId === monthly) store.failRevokes = 2;
        const r = await api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
          vipId,
          packageName,
          productId,
          purchaseToken: token,
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      const status = async () =>
        (await ctx.services.vip.refundsOf(monthly)).map((r) => r.providerStatus);
      expect(await status()).toEqual(['failed']);
      const revokedBefore = store.revoked.length;
      await ctx.services.webGateways.sweep();
      expect(await status()).toEqual(['failed']);
      // a failed call waits a minute before the next try
      await ctx.services.webGateways.sweep();
      expect(await status()).toEqual(['failed']);
      ctx.clock.advance(FAILED_REFUND_RETRY_MS + 1000);
      await ctx.services.webGateways.sweep();
      expect(await status()).toEqual(['done']);
      expect(store.revoked.slice(revokedBefore)).toEqual([tokens.get(monthly)]);
      // done: later sweeps call Google no more
      await ctx.services.webGateways.sweep();
      expect(store.revoked.slice(revokedBefore)).toEqual([tokens.get(monthly)]);
      expect(store.failRevokes).toBe(0);
    });

    it('Google Play: revoked at Google (full refund, ended now) and recorded; one pass renews', async () => {
      const m = await signInMember(ctx, 'VipGoogleTwice');
      const store = ctx.services.iap.sandbox.playStore;
      if (!store) throw new Error('no Play stand-in');
      const packageName = ctx.services.iap.packageName;
      const revokedBefore = store.revoked.length;
      // the app bought the monthly pass, then the weekly one replaced the open checkout
      const monthly = await register(m, 'vip_monthly', 'G');
      const weekly = await register(m, 'vip_weekly', 'G');
      const buy = (vipId: string, productId: string, periodDays: number) =>
        playSubscribed(ctx, vipId, productId, periodDays);
      const monthlyToken = buy(monthly, 'vip_monthly', 30);
      const weeklyToken = buy(weekly, 'vip_weekly', 7);
      const verify = (vipId: string, productId: string, purchaseToken: string) =>
        api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
          vipId,
          packageName,
          productId,
          purchaseToken,
        });
      expect(body<VipPassData>(await verify(weekly, 'vip_weekly', weeklyToken)).data).toMatchObject(
        { active: true, renews: true },
      );
      const second = await verify(monthly, 'vip_monthly', monthlyToken);
      expect(second.statusCode, second.body).toBe(200);
      expect(body<VipPassData>(second).data).toMatchObject({
        status: 'refunded',
        active: false,
        renews: false,
      });
      expect(store.revoked.slice(revokedBefore)).toEqual([monthlyToken]);
      expect(store.subscription(monthlyToken)).toMatchObject({
        state: 'SUBSCRIPTION_STATE_EXPIRED',
        autoRenewEnabled: false,
      });
      expect(store.subscription(weeklyToken)?.state).toBe('SUBSCRIPTION_STATE_ACTIVE');
      const refunds = await ctx.services.vip.refundsOf(monthly);
      expect(refunds.map((r) => [r.reason, r.providerStatus])).toEqual([['duplicate', 'done']]);
      // Google's REVOKED notice about it, and a verify again, change nothing
      expect((await push(subNote(monthlyToken, 12))).outcome).toBe('applied');
      await verify(monthly, 'vip_monthly', monthlyToken);
      expect(store.revoked.slice(revokedBefore)).toEqual([monthlyToken]);
      const rows = await passRows(ctx, m.userId);
      expect(
        rows.filter((r) => r.status === 'active' || r.status === 'grace').map((r) => r.id),
      ).toEqual([weekly]);
      expect(rows.filter((r) => r.autoRenew).map((r) => r.id)).toEqual([weekly]);
      expect(rows.find((r) => r.id === monthly)?.duplicateOf).toBe(weekly);
    });
  });

  describe('Apple auto-renewable subscriptions (App Store Server Notifications v2)', () => {
    const notify = async (signedPayload: string) => {
      const r = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/payment/webhook/apple`,
        payload: { signedPayload },
      });
      expect(r.statusCode, r.body).toBe(200);
      return body<{ action: string; outcome?: string }>(r).data;
    };
    const appleStore = async () => {
      const apple = ctx.services.iap.sandbox.apple;
      if (!apple) throw new Error('no Apple stand-in');
      return apple.store();
    };

    it('SUBSCRIBED, DID_RENEW, DID_FAIL_TO_RENEW (grace), DID_CHANGE_RENEWAL_STATUS, EXPIRED; replays harmless', async () => {
      const m = await signInMember(ctx, 'VipApple');
      const vipId = await register(m, 'vip_weekly', 'A');
      const store = await appleStore();
      const bought = await store.subscribe({
        productId: 'com.snapdrama.vip.weekly',
        appAccountToken: vipId,
        periodDays: 7,
      });

      // the wrong pass, a coin pack's product, a tampered JWS
      const other = await signInMember(ctx, 'VipAppleOther');
      const otherVip = await register(other, 'vip_weekly', 'A');
      expect(
        body(
          await api(ctx.app, other, 'PUT', '/vip/iap/apple/verify', {
            vipId: otherVip,
            transactionJWS: bought.transactionJWS,
          }),
        ).code,
      ).toBe(ResultCode.VIP_MISMATCH);
      const tampered = `${bought.transactionJWS.slice(0, -4)}AAAA`;
      expect(
        body(
          await api(ctx.app, m, 'PUT', '/vip/iap/apple/verify', {
            vipId,
            transactionJWS: tampered,
          }),
        ).code,
      ).toBe(ResultCode.IAP_VERIFICATION_FAILED);
      const coin = await store.purchase({
        productId: 'com.snapdrama.coin.500',
        appAccountToken: vipId,
      });
      expect(
        body(
          await api(ctx.app, m, 'PUT', '/vip/iap/apple/verify', {
            vipId,
            transactionJWS: coin.transactionJWS,
          }),
        ).code,
      ).toBe(ResultCode.IAP_VERIFICATION_FAILED);
      expect(await ctx.services.vip.passOf(m.userId)).toBeNull();

      const verified = await api(ctx.app, m, 'PUT', '/vip/iap/apple/verify', {
        vipId,
        transactionJWS: bought.transactionJWS,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(body<VipPassData>(verified).data).toMatchObject({
        gateway: 'A',
        active: true,
        manageUrl: expect.stringContaining('apps.apple.com'),
      });

      const subscribed = await store.subscriptionNotification(bought.transactionId, 'SUBSCRIBED', {
        subtype: 'INITIAL_BUY',
      });
      expect(await notify(subscribed)).toEqual({ action: 'subscription', outcome: 'applied' });
      expect(await notify(subscribed)).toEqual({ action: 'subscription', outcome: 'replay' });
      expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(1);

      const renewal = store.renew(bought.originalTransactionId, 7);
      const renewed = await store.subscriptionNotification(renewal, 'DID_RENEW');
      expect((await notify(renewed)).outcome).toBe('applied');
      expect((await notify(renewed)).outcome).toBe('replay');
      // the same renewal in a second notification (Apple's retry under a new UUID): one period
      expect(
        (await notify(await store.subscriptionNotification(renewal, 'DID_RENEW'))).outcome,
      ).toBe('applied');
      expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(2);

      // the next renewal fails; billing grace of 6 days
      const until = new Date((await ctx.services.vip.passOf(m.userId))?.activeUntil ?? '');
      ctx.clock.set(new Date(until.getTime() + 1000));
      const grace = until.getTime() + 6 * DAY;
      const failed = await store.subscriptionNotification(renewal, 'DID_FAIL_TO_RENEW', {
        subtype: 'GRACE_PERIOD',
        gracePeriodExpiresDate: grace,
      });
      expect((await notify(failed)).outcome).toBe('applied');
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        status: 'grace',
        active: true,
        activeUntil: new Date(grace).toISOString(),
      });

      // auto-renew turned off (cancel in the App Store), then the end
      const off = await store.subscriptionNotification(renewal, 'DID_CHANGE_RENEWAL_STATUS', {
        subtype: 'AUTO_RENEW_DISABLED',
        autoRenew: false,
      });
      await notify(off);
      expect((await ctx.services.vip.passOf(m.userId))?.renews).toBe(false);
      const expired = await store.subscriptionNotification(renewal, 'EXPIRED', {
        subtype: 'VOLUNTARY',
        autoRenew: false,
      });
      expect((await notify(expired)).outcome).toBe('applied');
      expect((await notify(expired)).outcome).toBe('replay');
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        status: 'expired',
        active: false,
      });
    });

    it('REFUND ends the pass at once', async () => {
      const m = await signInMember(ctx, 'VipAppleRefund');
      const vipId = await register(m, 'vip_monthly', 'A');
      const store = await appleStore();
      const bought = await store.subscribe({
        productId: 'com.snapdrama.vip.monthly',
        appAccountToken: vipId,
        periodDays: 30,
      });
      await api(ctx.app, m, 'PUT', '/vip/iap/apple/verify', {
        vipId,
        transactionJWS: bought.transactionJWS,
      });
      const refund = await store.subscriptionNotification(bought.transactionId, 'REFUND');
      expect((await notify(refund)).outcome).toBe('applied');
      expect((await notify(refund)).outcome).toBe('replay');
      expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
        status: 'refunded',
        active: false,
      });
    });

    it('a second Apple pass, if one ever arrives, is recorded closed and never renews', async () => {
      // Apple holds one subscription per group; should a second pass of ours still be paid, there
      // is no server refund API: it is recorded (expired, duplicate_of) and gives no access
      const m = await signInMember(ctx, 'VipAppleTwice');
      const monthly = await register(m, 'vip_monthly', 'A');
      const weekly = await register(m, 'vip_weekly', 'A');
      const store = await appleStore();
      const first = await store.subscribe({
        productId: 'com.snapdrama.vip.weekly',
        appAccountToken: weekly,
        periodDays: 7,
      });
      const second = await store.subscribe({
        productId: 'com.snapdrama.vip.monthly',
        appAccountToken: monthly,
        periodDays: 30,
      });
      const verify = (vipId: string, transactionJWS: string) =>
        api(ctx.app, m, 'PUT', '/vip/iap/apple/verify', { vipId, transactionJWS });
      expect(body<VipPassData>(await verify(weekly, first.transactionJWS)).data).toMatchObject({
        active: true,
      });
      const late = await verify(monthly, second.transactionJWS);
      expect(late.statusCode, late.body).toBe(200);
      expect(body<VipPassData>(late).data).toMatchObject({
        status: 'expired',
        active: false,
        renews: false,
      });
      // its renewal, should Apple send one, does not make it live either
      const renewal = store.renew(second.originalTransactionId, 30);
      await notify(await store.subscriptionNotification(renewal, 'DID_RENEW'));
      const rows = await passRows(ctx, m.userId);
      expect(
        rows.filter((r) => r.status === 'active' || r.status === 'grace').map((r) => r.id),
      ).toEqual([weekly]);
      expect(rows.filter((r) => r.autoRenew).map((r) => r.id)).toEqual([weekly]);
      expect(rows.find((r) => r.id === monthly)).toMatchObject({
        status: 'expired',
        duplicateOf: weekly,
      });
      expect(await ctx.services.vip.periodsOf(monthly)).not.toHaveLength(0);
    });
  });
});
