import { z } from 'zod';
import { NATIVE_PLATFORMS } from './native-constants';

export * from './native-constants';

/**
 * The native bridge (spec §1, §4, §5, §7 "Native bridge messages", §8): the wire protocol between
 * the web app and the native wrapper that hosts it in a web view. docs/native-bridge.md has one
 * table per message, the security rules and the sequence diagrams.
 *
 * - Web → host: `window.SnapDramaHost.postMessage(JSON.stringify(request))`; the host injects
 *   `window.SnapDramaHost = { platform, postMessage }` before the page's scripts run.
 * - Host → web: the host dispatches a `message` event on the page's window whose `origin` is
 *   NATIVE_ORIGIN and whose `source` is null (a script run in the page by the host, e.g.
 *   react-native-webview's injectJavaScript). No window or frame can send an event with that
 *   origin: the browser stamps a cross-window postMessage with the sender's real origin and window.
 * - The web accepts a reply only with that origin, only for an id it sent and is still waiting
 *   for, only of the type it asked, and only if the reply matches its schema; anything else is
 *   dropped and logged (§8 "the native bridge logs an error").
 */

/**
 * `result` codes of a reply (spec §5: "native replies need result 0"). Anything else is a
 * failure; `message` then carries the native message shown to the viewer (§8).
 */
export const NativeResult = {
  OK: 0,
  /** the platform call failed (network, store, SDK error) */
  FAILED: 1,
  /** the viewer backed out (closed the sign-in sheet, the purchase sheet, the ad, the share sheet) */
  CANCELED: 2,
  /** the host does not implement the message (older app) */
  UNSUPPORTED: 3,
  /** the request did not match the message's schema */
  BAD_REQUEST: 4,
} as const;
export type NativeResultCode = (typeof NativeResult)[keyof typeof NativeResult];

const idToken = z.string().min(20).max(8192);
const accessToken = z.string().min(8).max(4096);
const empty = z.object({}).strict();
const id = z.string().min(1).max(64);
const storeProductId = z.string().min(1).max(200);
const orderId = z.string().min(1).max(64);

const signInReply = <T extends z.ZodRawShape>(shape: T) => z.object(shape);
/** a failure's machine code (kebab-case, as react-native-iap's ErrorCode values are) */
const nativeFailureReason = z
  .string()
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

/**
 * Each message: the request payload the web sends and the reply payload it needs back with
 * result 0. The fourteen messages of spec §7.
 */
export const nativeMessages = {
  /** Versioning: which app, which protocol, which messages it handles. */
  getAppVersion: {
    request: empty,
    reply: z.object({
      appVersion: z.string().min(1).max(32),
      protocolVersion: z.number().int().min(1),
      platform: z.enum(NATIVE_PLATFORMS),
      /** messages this host implements; the web does not send others */
      messages: z.array(z.string().max(64)).max(64),
    }),
  },
  /** Google Sign-In: an ID token for one of the app's client ids (server-verified). */
  googleLogin: { request: empty, reply: signInReply({ idToken }) },
  /** Kakao SDK with OpenID Connect on: its ID token (server-verified like Google's). */
  kakaoLogin: { request: empty, reply: signInReply({ idToken }) },
  /** Facebook Login: a user access token, checked by the server with debug_token. */
  facebookLogin: { request: empty, reply: signInReply({ accessToken }) },
  /** Sign in with Apple: the identity token (a JWT for the app's bundle id). */
  appleLogin: { request: empty, reply: signInReply({ idToken }) },
  /**
   * A rewarded ad. `logId` is the server's view id (POST /event/advertisement); the host sets it
   * as the AdMob server-side-verification custom data, with the user id, so the server can
   * confirm the reward itself (decision 0601).
   */
  rewardAds: {
    request: z.object({
      logId: id,
      adType: z.enum(['unlock', 'mission']),
      /**
       * the platform's ad unit for an unlock ad (the drama's aos_tag or ios_tag); absent for a
       * mission ad, for which the host tries its own five mission ad units (spec §9)
       */
      adUnitId: z.string().min(1).max(200).optional(),
      userId: z.string().min(1).max(64),
    }),
    reply: z.object({ rewarded: z.boolean() }),
  },
  /** Store prices of the packs' product ids (spec §9: native shows the store price). */
  getPurchaseProductList: {
    request: z.object({ productIds: z.array(storeProductId).min(1).max(50) }),
    reply: z.object({
      products: z
        .array(
          z.object({
            productId: storeProductId,
            /** the store's formatted price in the viewer's storefront, e.g. "₩1,200" */
            price: z.string().min(1).max(32),
            currency: z.string().length(3),
            priceMicros: z.number().int().nonnegative(),
          }),
        )
        .max(50),
    }),
  },
  /**
   * Buys a product for the registered order. The host binds the purchase to the order
   * (Google obfuscatedAccountId, Apple appAccountToken) and answers what the store returned.
   * Android answers the Google fields, iOS the Apple ones (spec §5: all required fields, and an
   * order id equal to the registered one, case-insensitive).
   */
  purchaseProduct: {
    request: z.object({ productId: storeProductId, ordrId: orderId }),
    reply: z.union([
      z.object({
        store: z.literal('google'),
        ordrId: orderId,
        packageName: z.string().min(1).max(200),
        productId: storeProductId,
        purchaseToken: z.string().min(1).max(4096),
      }),
      z.object({
        store: z.literal('apple'),
        ordrId: orderId,
        productId: storeProductId,
        transactionId: z.string().min(1).max(64),
        transactionJWS: z.string().min(20).max(16384),
      }),
    ]),
  },
  /**
   * After the server verified and credited the purchase: the host finishes it (StoreKit
   * finishTransaction; on Android the server consumed it, the host only clears its queue).
   * Sending it twice is harmless on both sides.
   */
  purchaseComplete: {
    request: z.union([
      z.object({ store: z.literal('google'), purchaseToken: z.string().min(1).max(4096) }),
      z.object({ store: z.literal('apple'), transactionId: z.string().min(1).max(64) }),
    ]),
    reply: empty,
  },
  /** The platform share sheet (spec §6: native share where supported). */
  nativeShare: {
    request: z.object({
      url: z.url().max(2048),
      title: z.string().max(200),
      text: z.string().max(500),
    }),
    reply: z.object({ shared: z.boolean() }),
  },
  /** Opens the consent (UMP) privacy options form. */
  showPrivacyOptions: {
    request: empty,
    reply: z.object({ consentStatus: z.enum(['unknown', 'required', 'not_required', 'obtained']) }),
  },
  /** Consent state; settings shows "privacy options" only when a form is available (spec §2). */
  getConsentStatus: {
    request: empty,
    reply: z.object({
      consentStatus: z.enum(['unknown', 'required', 'not_required', 'obtained']),
      privacyOptionsRequired: z.boolean(),
    }),
  },
  /** Keeps the session token in the platform's secure storage (Keychain, EncryptedSharedPreferences). */
  saveAccessToken: {
    /** null clears it (sign-out, withdrawal, session lost) */
    request: z.object({ accessToken: accessToken.nullable() }),
    reply: empty,
  },
  /** The saved token, read first at start-up (spec §4). */
  loadAccessToken: {
    request: empty,
    reply: z.object({ accessToken: accessToken.nullable() }),
  },
  /**
   * Push reminders in the app (decision 1520): the host asks the OS for notification permission
   * and answers its FCM (Android) or APNs (iOS) token; the web registers it with the server
   * (POST /push/native-token) as a browser registers its Web Push subscription. Canceled when
   * the viewer refuses the permission.
   */
  getPushToken: {
    request: empty,
    reply: z.object({
      platform: z.enum(['fcm', 'apns']),
      token: z
        .string()
        .min(8)
        .max(4096)
        .regex(/^[A-Za-z0-9_:.-]+$/),
    }),
  },
} as const;

export type NativeMessageType = keyof typeof nativeMessages;
export const NATIVE_MESSAGE_TYPES = Object.keys(nativeMessages) as NativeMessageType[];
export type NativeRequestPayload<T extends NativeMessageType> = z.infer<
  (typeof nativeMessages)[T]['request']
>;
export type NativeReplyPayload<T extends NativeMessageType> = z.infer<
  (typeof nativeMessages)[T]['reply']
>;

/** The envelope of a web → host request. */
export const nativeRequestEnvelope = z.object({
  v: z.number().int().min(1),
  id,
  type: z.enum(NATIVE_MESSAGE_TYPES as [NativeMessageType, ...NativeMessageType[]]),
  payload: z.unknown(),
});
export type NativeRequestEnvelope<T extends NativeMessageType = NativeMessageType> = {
  v: number;
  id: string;
  type: T;
  payload: NativeRequestPayload<T>;
};

/** The envelope of a host → web reply; `payload` is checked against the message's reply schema. */
export const nativeReplyEnvelope = z.object({
  v: z.number().int().min(1),
  id,
  type: z.enum(NATIVE_MESSAGE_TYPES as [NativeMessageType, ...NativeMessageType[]]),
  result: z.number().int().min(0),
  /** the native message for a failure, for the logs (the viewer reads our words, issue 47) */
  message: z.string().max(500).optional(),
  /**
   * a failure's cause as the platform's SDK names it (react-native-iap's ErrorCode for a store
   * purchase: 'network-error', 'billing-unavailable', 'item-unavailable'...), so the web can tell
   * a store's refusal from a technical failure in its own words (issue 40)
   */
  reason: nativeFailureReason.optional(),
  payload: z.unknown().optional(),
});
export type NativeReplyEnvelope = z.infer<typeof nativeReplyEnvelope>;

/**
 * Web → host events that are not requests (no reply): the back hook's answer that nothing is left
 * to close or go back to, so the host may close the app (spec §2).
 */
export const NATIVE_WEB_EVENTS = ['backExhausted'] as const;
export const nativeWebEvent = z.object({
  v: z.number().int().min(1),
  event: z.enum(NATIVE_WEB_EVENTS),
});
export type NativeWebEvent = z.infer<typeof nativeWebEvent>;

/** Parses a request's payload for its type (the host's side). */
export function parseNativeRequest(
  raw: unknown,
):
  | { ok: true; request: NativeRequestEnvelope }
  | { ok: false; id?: string; type?: string; error: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'not JSON' };
    }
  }
  const envelope = nativeRequestEnvelope.safeParse(value);
  if (!envelope.success) {
    const loose = value as { id?: unknown; type?: unknown } | null;
    return {
      ok: false,
      id: typeof loose?.id === 'string' ? loose.id : undefined,
      type: typeof loose?.type === 'string' ? loose.type : undefined,
      error: 'bad envelope',
    };
  }
  const { type } = envelope.data;
  const payload = nativeMessages[type].request.safeParse(envelope.data.payload ?? {});
  if (!payload.success)
    return { ok: false, id: envelope.data.id, type, error: `bad ${type} payload` };
  return {
    ok: true,
    request: { ...envelope.data, payload: payload.data },
  };
}

/**
 * Checks a reply for the request it answers (the web's side): same id and type, and with result 0
 * a payload that matches the message's reply schema.
 */
export function parseNativeReply<T extends NativeMessageType>(
  type: T,
  raw: unknown,
):
  | { ok: true; result: 0; payload: NativeReplyPayload<T> }
  | { ok: true; result: number; message: string | undefined; reason?: string }
  | { ok: false; error: string } {
  const envelope = nativeReplyEnvelope.safeParse(raw);
  if (!envelope.success) return { ok: false, error: 'bad envelope' };
  if (envelope.data.type !== type) return { ok: false, error: 'type does not match the request' };
  if (envelope.data.result !== NativeResult.OK)
    return {
      ok: true,
      result: envelope.data.result,
      message: envelope.data.message,
      ...(envelope.data.reason === undefined ? {} : { reason: envelope.data.reason }),
    };
  const payload = nativeMessages[type].reply.safeParse(envelope.data.payload);
  if (!payload.success) return { ok: false, error: `bad ${type} reply payload` };
  return { ok: true, result: 0, payload: payload.data as NativeReplyPayload<T> };
}

/** Spec §5: the order id in a purchase reply equals the registered one, case-insensitive. */
export function sameOrderId(registered: string, returned: string): boolean {
  return registered.toLowerCase() === returned.toLowerCase();
}
