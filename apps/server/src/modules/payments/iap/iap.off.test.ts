import { describe, expect, it } from 'vitest';
import { API_BASE, PAYMENT_PATHS, ResultCode } from '@snapdrama/contract';
import { useTestContext } from '../../../test/harness';
import { signInMember } from '../../wallet/wallet.test-support';
import { appleVerify, googleVerify, PACK, registerOrder, resultOf } from './iap.test-support';

/** Without store keys and with the stand-ins turned off, the stores are off, plainly. */
const ctx = useTestContext({ seed: false, env: { IAP_SANDBOX: 'false' } });

describe('IAP with the stores off', () => {
  it('answers 503070 to verify calls, 400071 to notifications, and mounts no stand-in', async () => {
    expect(ctx.services.iap.modes).toEqual({ google: 'off', apple: 'off' });
    const m = await signInMember(ctx, 'NoStore');
    const g = await registerOrder(ctx, m, 'G');
    const a = await registerOrder(ctx, m, 'A');
    const google = await googleVerify(ctx, m, {
      ordrId: g,
      packageName: 'com.snapdrama.app',
      productId: PACK.google,
      purchaseToken: 'token',
    });
    expect(resultOf(google)).toMatchObject({
      status: 503,
      code: ResultCode.PAYMENT_PROVIDER_UNAVAILABLE,
    });
    const apple = await appleVerify(ctx, m, { ordrId: a, transactionJWS: 'a.b.c' });
    expect(resultOf(apple).code).toBe(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE);
    const notification = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}${PAYMENT_PATHS.appleNotification}`,
      payload: { signedPayload: 'a.b.c' },
    });
    expect(resultOf(notification).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    const sandbox = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/iap/apple/purchase',
      payload: { ordrId: a, productId: PACK.apple },
    });
    expect(sandbox.statusCode).toBe(404);
  });
});
