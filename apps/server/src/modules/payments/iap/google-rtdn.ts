import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/**
 * Google Play real-time developer notifications arrive as Pub/Sub push requests. A push is
 * authentic when it carries an OIDC token Google signed for the push subscription's service
 * account, with the audience configured on the subscription.
 */
export class PushAuthError extends Error {}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface PushVerifier {
  /** resolves when the Authorization header holds a valid token of our push subscription */
  verify(authorization: string | undefined): Promise<void>;
}

export function createPushVerifier(options: {
  audience: string;
  serviceAccount: string;
  /** Google's OIDC keys (https://www.googleapis.com/oauth2/v3/certs), or a key resolver in tests */
  keys: string | JWTVerifyGetKey;
  now: () => Date;
}): PushVerifier {
  const keys =
    typeof options.keys === 'string' ? createRemoteJWKSet(new URL(options.keys)) : options.keys;
  return {
    async verify(authorization) {
      const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      if (!token) throw new PushAuthError('no bearer token');
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: GOOGLE_ISSUERS,
          audience: options.audience,
          algorithms: ['RS256'],
          currentDate: options.now(),
        });
        if (payload.email !== options.serviceAccount || payload.email_verified !== true) {
          throw new PushAuthError('not our push subscription');
        }
      } catch (error) {
        if (error instanceof PushAuthError) throw error;
        throw new PushAuthError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/** The Pub/Sub push body. */
export const pushBody = z.object({
  message: z.object({
    data: z.string(),
    messageId: z.string().optional(),
    message_id: z.string().optional(),
    publishTime: z.string().optional(),
  }),
  subscription: z.string().optional(),
});
export type PushBody = z.infer<typeof pushBody>;

/** DeveloperNotification (the base64 JSON inside message.data), the parts used here. */
export const developerNotification = z.object({
  version: z.string().optional(),
  packageName: z.string(),
  eventTimeMillis: z.string().optional(),
  oneTimeProductNotification: z
    .object({
      /** 1 ONE_TIME_PRODUCT_PURCHASED, 2 ONE_TIME_PRODUCT_CANCELED */
      notificationType: z.number().int(),
      purchaseToken: z.string(),
      sku: z.string(),
    })
    .optional(),
  voidedPurchaseNotification: z
    .object({
      purchaseToken: z.string(),
      orderId: z.string().optional(),
      /** 1 subscription, 2 one-time */
      productType: z.number().int().optional(),
      /** 1 full refund, 2 quantity-based partial refund */
      refundType: z.number().int().optional(),
    })
    .optional(),
  /** subscription events (the VIP pass): read the subscription back with subscriptionsv2.get */
  subscriptionNotification: z
    .object({
      version: z.string().optional(),
      /** 1 RECOVERED, 2 RENEWED, 3 CANCELED, 4 PURCHASED, 5 ON_HOLD, 6 IN_GRACE_PERIOD, 7 RESTARTED, 12 REVOKED, 13 EXPIRED, ... */
      notificationType: z.number().int(),
      purchaseToken: z.string(),
      subscriptionId: z.string().optional(),
    })
    .optional(),
  testNotification: z.object({ version: z.string().optional() }).optional(),
});
export type DeveloperNotification = z.infer<typeof developerNotification>;

/** undefined when message.data is not a DeveloperNotification */
export function decodeDeveloperNotification(body: PushBody): DeveloperNotification | undefined {
  try {
    const json: unknown = JSON.parse(Buffer.from(body.message.data, 'base64').toString('utf8'));
    const parsed = developerNotification.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
