import { randomBytes, randomUUID } from 'node:crypto';
import {
  PUSH_KINDS,
  ResultCode,
  type PushNativeTokenBody,
  type PushPreferencesBody,
  type PushSubscribeBody,
  type PushSubscriptionData,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import { isLanguage, type PushCaller, type PushContext } from './push-context';
import type { PushSubscriptionRow } from './push.tables';

const notFound = () =>
  new AppError(ResultCode.PUSH_SUBSCRIPTION_NOT_FOUND, 'No push subscription with this token');

function dataOf(row: PushSubscriptionRow): PushSubscriptionData {
  return {
    id: row.id,
    kinds: row.kinds,
    timeZone: row.timeZone,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    lang: isLanguage(row.lang) ? row.lang : 'ko',
    unsubscribeToken: row.unsubscribeToken,
  };
}

/**
 * Push subscriptions and their choices: a browser's Web Push subscription or the app wrapper's
 * FCM/APNs token, the viewer's choices, unsubscribing, and a reminder opened.
 */
export function createPushSubscriptions(ctx: PushContext) {
  const { repo, clock, settings } = ctx;

  function requireOn() {
    if (!ctx.vapidPublicKey) {
      throw new AppError(ResultCode.PUSH_UNAVAILABLE, 'Push reminders are off on this server');
    }
  }

  async function save(
    caller: PushCaller,
    target: {
      channel: 'web' | 'fcm' | 'apns';
      endpoint: string;
      p256dh: string | null;
      auth: string | null;
    },
    choices: Partial<Omit<PushSubscriptionData, 'id' | 'unsubscribeToken'>>,
  ): Promise<PushSubscriptionData> {
    const before = await repo.byEndpoint(target.endpoint);
    const defaults = await settings();
    const row = await repo.upsertSubscription({
      id: before?.id ?? randomUUID(),
      ...target,
      userId: caller.userId,
      authMethod: caller.authMethod,
      lang: choices.lang ?? before?.lang ?? 'ko',
      kinds: choices.kinds ?? before?.kinds ?? [...PUSH_KINDS],
      timeZone: choices.timeZone ?? before?.timeZone ?? ctx.serviceTimeZone,
      quietStart: choices.quietStart ?? before?.quietStart ?? defaults.quietStart,
      quietEnd: choices.quietEnd ?? before?.quietEnd ?? defaults.quietEnd,
      unsubscribeToken: randomBytes(24).toString('base64url'),
      createdAt: clock.now(),
    });
    return dataOf(row);
  }

  return {
    /** POST /push/subscription: a browser subscribes (again); its choices stay unless sent. */
    async subscribe(caller: PushCaller, body: PushSubscribeBody): Promise<PushSubscriptionData> {
      requireOn();
      const { endpoint, keys, ...choices } = body;
      return save(
        caller,
        { channel: 'web', endpoint, p256dh: keys.p256dh, auth: keys.auth },
        choices,
      );
    },

    /** POST /push/native-token: the app wrapper's FCM/APNs token (bridge registerPushToken). */
    async registerNativeToken(
      caller: PushCaller,
      body: PushNativeTokenBody,
    ): Promise<PushSubscriptionData> {
      const { platform, token, ...choices } = body;
      return save(
        caller,
        { channel: platform, endpoint: token, p256dh: null, auth: null },
        choices,
      );
    },

    /**
     * PUT /push/subscription: the choices of the subscription this token names. With a session,
     * the subscription also moves to the signed-in viewer: a guest who turned reminders on and
     * then signed in or joined (the web app sends this right after) gets the member's reminders.
     */
    async updateChoices(
      body: PushPreferencesBody,
      owner: PushCaller | null = null,
    ): Promise<PushSubscriptionData> {
      const { unsubscribeToken, ...patch } = body;
      const sub = await repo.byToken(unsubscribeToken);
      if (!sub) throw notFound();
      const change = {
        ...patch,
        ...(owner ? { userId: owner.userId, authMethod: owner.authMethod } : {}),
      };
      // nothing to change (a token alone, no session): the subscription as it is
      if (Object.keys(change).length === 0) return dataOf(sub);
      const row = await repo.updateChoices(sub.id, change);
      if (!row) throw notFound();
      return dataOf(row);
    },

    /** POST /push/unsubscribe: one tap; a second tap answers `false`, not an error. */
    async unsubscribe(token: string): Promise<{ unsubscribed: boolean }> {
      const sub = await repo.byToken(token);
      if (!sub) return { unsubscribed: false };
      return { unsubscribed: await repo.remove(sub.id, 'viewer', clock.now()) };
    },

    /** POST /push/opened: the notification was clicked. */
    async opened(sendId: string): Promise<{ opened: boolean }> {
      return { opened: await repo.markOpened(sendId, clock.now()) };
    },
  };
}
