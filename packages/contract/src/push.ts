import { z } from 'zod';
import { LANGUAGES } from './constants';

/**
 * Reminders by push (issue 42 item 3, decision 1520): Web Push subscriptions of browsers, tokens
 * of the app wrapper (FCM/APNs), the viewer's switches and quiet hours, the console's settings.
 */
export const PUSH_KINDS = ['new_episode', 'coin_expiry', 'attendance_streak'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const pushKind = z.enum(PUSH_KINDS);

/** The wrapper's push services; a browser's subscription is `web`. */
export const PUSH_NATIVE_PLATFORMS = ['fcm', 'apns'] as const;
export type PushNativePlatform = (typeof PUSH_NATIVE_PLATFORMS)[number];

/** A time of day as minutes after midnight in the viewer's zone (0-1439). */
const minuteOfDay = z.number().int().min(0).max(1439);

/** An IANA time zone the server knows (Asia/Seoul, Europe/Paris, UTC...). */
export const timeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone');

const base64url = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** The viewer's choices, shared by every device of the same subscription. */
export const pushPreferences = z.object({
  kinds: z.array(pushKind).max(PUSH_KINDS.length),
  timeZone: timeZoneName,
  /** quiet from this minute to `quietEnd` (across midnight when start > end); equal: none */
  quietStart: minuteOfDay,
  quietEnd: minuteOfDay,
  lang: z.enum(LANGUAGES),
});
export type PushPreferences = z.infer<typeof pushPreferences>;

/** POST /push/subscription: a browser's PushSubscription (its JSON) and the viewer's choices. */
export const pushSubscribeBody = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
  })
  .extend(pushPreferences.partial().shape);
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

/** POST /push/native-token: the app wrapper's FCM or APNs token (bridge message registerPushToken). */
export const pushNativeTokenBody = z
  .object({
    platform: z.enum(PUSH_NATIVE_PLATFORMS),
    token: z
      .string()
      .min(8)
      .max(4096)
      .regex(/^[A-Za-z0-9_:.-]+$/, 'must be a push token'),
  })
  .extend(pushPreferences.partial().shape);
export type PushNativeTokenBody = z.infer<typeof pushNativeTokenBody>;

/** What a subscription is now; `unsubscribeToken` unsubscribes in one call without a session. */
export const pushSubscriptionData = pushPreferences.extend({
  id: z.string(),
  unsubscribeToken: z.string(),
});
export type PushSubscriptionData = z.infer<typeof pushSubscriptionData>;

/** PUT /push/subscription: change the switches and quiet hours of one subscription. */
export const pushPreferencesBody = pushPreferences
  .partial()
  .extend({ unsubscribeToken: z.string().min(16).max(100) });
export type PushPreferencesBody = z.infer<typeof pushPreferencesBody>;

/** POST /push/unsubscribe: one tap, from settings or the notification's action. */
export const pushUnsubscribeBody = z.object({ unsubscribeToken: z.string().min(16).max(100) });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>;
export const pushUnsubscribeData = z.object({ unsubscribed: z.boolean() });

/** POST /push/opened: the service worker's beacon when a notification is clicked. */
export const pushOpenedBody = z.object({ sendId: z.string().min(16).max(100) });
export const pushOpenedData = z.object({ opened: z.boolean() });

/** GET /push/config: the VAPID public key (null: push is off on this server). */
export const pushConfigData = z.object({
  vapidPublicKey: z.string().nullable(),
  kinds: z.array(pushKind),
});
export type PushConfigData = z.infer<typeof pushConfigData>;

/** What a notification carries (encrypted to the browser, RFC 8291). */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  sendId: z.string(),
  unsubscribeToken: z.string(),
  /** the unsubscribe action's label, in the viewer's language */
  unsubscribeLabel: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** The console's push settings (decision 1520). */
export const pushSettings = z.object({
  kinds: z.array(pushKind).max(PUSH_KINDS.length),
  dailyLimit: z.number().int().min(0).max(10),
  quietStart: minuteOfDay,
  quietEnd: minuteOfDay,
});
export type PushSettings = z.infer<typeof pushSettings>;

export const pushCounts = z.object({
  sent: z.number().int(),
  opened: z.number().int(),
  unsubscribed: z.number().int(),
  dropped: z.number().int(),
  subscriptions: z.number().int(),
});
export type PushCounts = z.infer<typeof pushCounts>;

export const pushPaths = {
  config: '/push/config',
  subscription: '/push/subscription',
  nativeToken: '/push/native-token',
  unsubscribe: '/push/unsubscribe',
  opened: '/push/opened',
  adminSettings: '/admin/push/settings',
  adminCounts: '/admin/push/counts',
} as const;
