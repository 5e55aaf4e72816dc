import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appleVerifyBody,
  envelope,
  googleVerifyBody,
  PAYMENT_PATHS,
  paymentResultData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../../http/auth-guard';
import { ok } from '../../../http/reply';
import { jsonRoute } from '../../../http/json-route';
import { pushBody } from './google-rtdn';
import type { Iap } from './iap.module';

const notificationReply = envelope(
  z.object({
    action: z.enum([
      'refunded',
      'credited',
      'ignored',
      'subscription',
      'kept',
      'restored',
      'recorded',
    ]),
    ordrId: z.string().optional(),
    outcome: z.string().optional(),
  }),
);

/** The two verify calls of spec §7 and the stores' server notifications (under API_BASE). */
export function iapRoutes(deps: { iap: Iap; guards: Guards }): FastifyPluginAsyncZod {
  const { iap, guards } = deps;
  const service = iap.service;
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'PUT',
        url: PAYMENT_PATHS.googleVerify,
        preHandler: guards.requireUser,
        description:
          "Verifies a Google Play purchase of the caller's G order with the Play Developer API (purchased, " +
          "this app's package, the pack's product, made for this order), credits it once and consumes it. " +
          'A purchaseToken pays one order only (409078). Pending: 409076; canceled: 409075; ' +
          'unknown/expired token or wrong package/product: 400070.',
        body: googleVerifyBody,
        data: paymentResultData,
      },
      async (request) => service.verifyGoogle(caller(request), request.body),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: PAYMENT_PATHS.appleVerify,
        preHandler: guards.requireUser,
        description:
          "Verifies a StoreKit 2 signed transaction of the caller's A order (certificate chain to Apple's root, " +
          "signature, bundle id, environment, the pack's product, appAccountToken = ordrId), asks Apple's " +
          'Get Transaction Info before crediting, and credits it once. Refunded or revoked at Apple: the order ' +
          'ends refunded with no coins. Apple not reachable: 503071; a transaction Apple does not know: 400072. ' +
          'A transaction id pays one order only (409078); a refused signature or field: 400070.',
        body: appleVerifyBody,
        data: paymentResultData,
      },
      async (request) => service.verifyApple(caller(request), request.body),
    );

    app.post(
      PAYMENT_PATHS.googleNotification,
      {
        schema: {
          description:
            'Google Play real-time developer notifications, pushed by Pub/Sub with an OIDC token of the push ' +
            "subscription's service account (400071 otherwise). A voided purchase refunds its order.",
          body: pushBody,
          response: { 200: notificationReply },
        },
      },
      async (request) =>
        ok(await service.googleNotification(request.headers.authorization, request.body)),
    );

    app.post(
      PAYMENT_PATHS.appleNotification,
      {
        schema: {
          description:
            'App Store Server Notifications v2 (signedPayload verified like a transaction; 400071 otherwise). ' +
            'REFUND and REVOKE refund the order; replays change nothing.',
          body: z.object({ signedPayload: z.string().min(1).max(100_000) }),
          response: { 200: notificationReply },
        },
      },
      async (request) => ok(await service.appleNotification(request.body.signedPayload)),
    );
  };
}

export const IAP_SANDBOX_PATHS = {
  googlePurchase: '/sandbox/iap/google/purchase',
  googleNotify: '/sandbox/iap/google/notify',
  applePurchase: '/sandbox/iap/apple/purchase',
  appleNotify: '/sandbox/iap/apple/notify',
} as const;

/**
 * The stores' stand-ins for the native host simulator and the demo (never in production): make a
 * purchase as the store would hand it to the app, and send a store notification through the same
 * verified path as the real ones.
 */
export function iapSandboxRoutes(deps: { iap: Iap; production: boolean }): FastifyPluginAsyncZod {
  if (deps.production) throw new Error('the store stand-ins are never mounted in production');
  const { iap } = deps;
  const { playStore, googlePush, apple } = iap.sandbox;
  return async (app) => {
    if (playStore) {
      app.post(
        IAP_SANDBOX_PATHS.googlePurchase,
        {
          schema: {
            hide: true,
            body: z.object({
              ordrId: z.string().min(1).max(64),
              productId: z.string().min(1).max(200),
              state: z.enum(['purchased', 'pending', 'canceled']).default('purchased'),
            }),
            response: {
              200: envelope(
                z.object({
                  packageName: z.string(),
                  productId: z.string(),
                  purchaseToken: z.string(),
                }),
              ),
            },
          },
        },
        async (request) => {
          const { ordrId, productId, state } = request.body;
          const purchaseToken = playStore.purchase({
            packageName: iap.packageName,
            productId,
            obfuscatedAccountId: ordrId,
            state,
          });
          return ok({ packageName: iap.packageName, productId, purchaseToken });
        },
      );
    }
    if (playStore && googlePush) {
      app.post(
        IAP_SANDBOX_PATHS.googleNotify,
        {
          schema: {
            hide: true,
            body: z.object({
              purchaseToken: z.string().min(1),
              kind: z.enum(['voided', 'purchased']),
            }),
            response: { 200: notificationReply },
          },
        },
        async (request) => {
          const { purchaseToken, kind } = request.body;
          const purchase = playStore.get(purchaseToken);
          if (kind === 'voided') playStore.void(purchaseToken);
          const notification = {
            version: '1.0',
            packageName: iap.packageName,
            eventTimeMillis: String(Date.now()),
            ...(kind === 'voided'
              ? {
                  voidedPurchaseNotification: {
                    purchaseToken,
                    orderId: purchase?.orderId,
                    productType: 2,
                    refundType: 1,
                  },
                }
              : {
                  oneTimeProductNotification: {
                    version: '1.0',
                    notificationType: 1,
                    purchaseToken,
                    sku: purchase?.productId ?? '',
                  },
                }),
          };
          const body = {
            message: {
              data: Buffer.from(JSON.stringify(notification)).toString('base64'),
              messageId: String(Date.now()),
            },
            subscription: 'projects/snapdrama-sandbox/subscriptions/play-rtdn',
          };
          return ok(await iap.service.googleNotification(await googlePush.authorization(), body));
        },
      );
    }
    if (apple) {
      app.post(
        IAP_SANDBOX_PATHS.applePurchase,
        {
          schema: {
            hide: true,
            body: z.object({
              ordrId: z.string().min(1).max(64),
              productId: z.string().min(1).max(200),
            }),
            response: {
              200: envelope(z.object({ transactionId: z.string(), transactionJWS: z.string() })),
            },
          },
        },
        async (request) => {
          const store = await apple.store();
          return ok(
            await store.purchase({
              productId: request.body.productId,
              appAccountToken: request.body.ordrId,
            }),
          );
        },
      );
      app.post(
        IAP_SANDBOX_PATHS.appleNotify,
        {
          schema: {
            hide: true,
            body: z.object({
              transactionId: z.string().min(1),
              notificationType: z.enum([
                'REFUND',
                'REVOKE',
                'REFUND_REVERSED',
                'CONSUMPTION_REQUEST',
              ]),
            }),
            response: { 200: notificationReply },
          },
        },
        async (request) => {
          const store = await apple.store();
          const signed = await store.notification(
            request.body.transactionId,
            request.body.notificationType,
          );
          return ok(await iap.service.appleNotification(signed));
        },
      );
    }
  };
}
