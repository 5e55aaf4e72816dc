import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushNativePlatform, PushPayload } from '@snapdrama/contract';
import type { PushConfig } from './push.config';

/**
 * What a push service answered: delivered; gone (404/410: the subscription or token expired and
 * is dropped); or failed for now (retried later).
 */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; status: number | null };

/** A browser's Web Push subscription. */
export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface WebPushSender {
  send(target: WebPushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/**
 * Web Push with the `web-push` library: the payload encrypted for the browser (RFC 8291,
 * aes128gcm), the request signed with our VAPID keys (RFC 8292). A day's TTL: a reminder a
 * browser gets a day late is no reminder.
 */
export function createWebPushSender(
  vapid: NonNullable<PushConfig['vapid']>,
  /** tests: an agent that trusts the local push service's certificate */
  agent?: Agent,
): WebPushSender {
  return {
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: vapid,
            TTL: 24 * 60 * 60,
            urgency: 'normal',
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            ...(agent ? { agent } : {}),
          },
        );
        return { ok: true };
      } catch (error) {
        const status = error instanceof WebPushError ? error.statusCode : null;
        return { ok: false, gone: status === 404 || status === 410, status };
      }
    },
  };
}

/** A message for the app wrapper's push service (FCM for Android, APNs for iOS). */
export interface NativePushMessage {
  title: string;
  body: string;
  /** what the wrapper hands the web app when the notification is tapped */
  data: { url: string; tag: string; sendId: string; unsubscribeToken: string };
}

/**
 * The wrapper's push services: FCM HTTP v1 and APNs in push-native.ts, and the stand-in below
 * for the demo and tests (decision 1520).
 */
export interface NativePushSender {
  send(
    platform: PushNativePlatform,
    token: string,
    message: NativePushMessage,
  ): Promise<PushOutcome>;
}

/**
 * The stand-in of FCM/APNs for the demo and tests: keeps what it was asked to deliver; a token
 * marked gone answers like an expired registration (FCM UNREGISTERED 404, APNs 410).
 */
export function createNativePushStandIn() {
  const delivered: { platform: PushNativePlatform; token: string; message: NativePushMessage }[] =
    [];
  const gone = new Set<string>();
  const sender: NativePushSender = {
    async send(platform, token, message) {
      await Promise.resolve();
      if (gone.has(token)) return { ok: false, gone: true, status: platform === 'fcm' ? 404 : 410 };
      delivered.push({ platform, token, message });
      return { ok: true };
    },
  };
  return {
    sender,
    delivered,
    /** tests: the push service forgets this token */
    expire(token: string) {
      gone.add(token);
    },
  };
}
