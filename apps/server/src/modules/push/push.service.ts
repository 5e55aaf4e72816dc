import { randomBytes, randomUUID } from 'node:crypto';
import {
  PUSH_KINDS,
  ResultCode,
  type AuthMethod,
  type Language,
  type PushCounts,
  type PushKind,
  type PushNativeTokenBody,
  type PushPayload,
  type PushPreferencesBody,
  type PushSettings,
  type PushSubscribeBody,
  type PushSubscriptionData,
} from '@snapdrama/contract';
import {
  minuteOfDayIn,
  parseIsoDate,
  pushSendableAt,
  streakAboutToBreak,
  viewerDay,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { NativePushSender, PushOutcome, WebPushSender } from './push-senders';
import type { NewPushSend, PushRepository, PushSubscriptionRow } from './push.repository';

/** The console's settings until an operator saves some (decision 1520). */
export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  kinds: [...PUSH_KINDS],
  dailyLimit: 1,
  quietStart: 22 * 60,
  quietEnd: 8 * 60,
};

/** How long a worker holds a reminder it is sending before another may take it again. */
const LEASE_MS = 60_000;
/** A push service that fails (5xx, network) is asked again this often, then the reminder is dropped. */
const MAX_ATTEMPTS = 3;
const RETRY_MS = 5 * 60_000;

const KIND_TAGS: Record<PushKind, string> = {
  new_episode: 'new-episode',
  coin_expiry: 'coin-expiry',
  attendance_streak: 'attendance-streak',
};

export interface PushCaller {
  userId: string;
  authMethod: AuthMethod;
}

const notFound = () =>
  new AppError(ResultCode.PUSH_SUBSCRIPTION_NOT_FOUND, 'No push subscription with this token');

const isLanguage = (lang: string): lang is Language =>
  lang === 'ko' || lang === 'en' || lang === 'ja';

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
 * Push reminders (issue 42 item 3, decision 1520): subscriptions and their choices, the triggers
 * that queue a reminder (a bookmarked drama's new episode, coins expiring within 48 h, an
 * attendance streak about to break), and the send job that claims queued reminders on any number
 * of workers, each sent once.
 */
export function createPushService(deps: {
  repo: PushRepository;
  clock: Clock;
  serviceTimeZone: string;
  /** the VAPID public key; undefined: push is off */
  vapidPublicKey: string | undefined;
  webPush: WebPushSender | undefined;
  nativePush: NativePushSender;
  texts: (lang: Language, keys: string[]) => Promise<Record<string, string>>;
  bookmarks: { membersWhoBookmarked(dramaId: number): Promise<string[]> };
  dramaTitleKey: (dramaId: number) => Promise<string>;
  coinExpiry: (caller: PushCaller) => Promise<{ amount: number; expr_dtm: string | null }>;
  attendanceDays: (userId: string) => Promise<{ lastCheckInDay: string | null; today: string }>;
}) {
  const { repo, clock } = deps;

  async function settings(): Promise<PushSettings> {
    return (await repo.settings()) ?? DEFAULT_PUSH_SETTINGS;
  }

  function requireOn() {
    if (!deps.vapidPublicKey) {
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
      timeZone: choices.timeZone ?? before?.timeZone ?? deps.serviceTimeZone,
      quietStart: choices.quietStart ?? before?.quietStart ?? defaults.quietStart,
      quietEnd: choices.quietEnd ?? before?.quietEnd ?? defaults.quietEnd,
      unsubscribeToken: randomBytes(24).toString('base64url'),
      createdAt: clock.now(),
    });
    return dataOf(row);
  }

  /** A reminder for one subscription, in its language, due when its quiet hours allow. */
  function sendOf(
    sub: PushSubscriptionRow,
    kind: PushKind,
    subject: string,
    text: { title: string; body: string; unsubscribe: string },
    url: string,
    now: Date,
  ): NewPushSend {
    const id = randomUUID();
    const payload: PushPayload = {
      title: text.title,
      body: text.body,
      url,
      tag: `${KIND_TAGS[kind]}:${subject}`,
      sendId: id,
      unsubscribeToken: sub.unsubscribeToken,
      unsubscribeLabel: text.unsubscribe,
    };
    return {
      id,
      subscriptionId: sub.id,
      kind,
      subject,
      day: viewerDay(now, sub.timeZone),
      payload,
      runAfter: pushSendableAt(now, {
        timeZone: sub.timeZone,
        start: sub.quietStart,
        end: sub.quietEnd,
      }),
      createdAt: now,
    };
  }

  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );

  async function textsFor(lang: string, keys: string[]) {
    return deps.texts(isLanguage(lang) ? lang : 'ko', [...keys, 'push.action_unsubscribe']);
  }

  /** Queues `kind` for these subscriptions where the viewer and the console have it on. */
  async function queueFor(
    subs: PushSubscriptionRow[],
    kind: PushKind,
    subject: string,
    build: (sub: PushSubscriptionRow) => Promise<{ title: string; body: string; url: string }>,
  ): Promise<number> {
    const global = await settings();
    if (!global.kinds.includes(kind)) return 0;
    const now = clock.now();
    const rows: NewPushSend[] = [];
    for (const sub of subs) {
      if (!sub.kinds.includes(kind)) continue;
      const built = await build(sub);
      const unsubscribe = (await textsFor(sub.lang, []))['push.action_unsubscribe'] ?? '';
      rows.push(sendOf(sub, kind, subject, { ...built, unsubscribe }, built.url, now));
    }
    return repo.enqueue(rows);
  }

  async function deliver(sub: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome> {
    if (sub.channel === 'web') {
      if (!deps.webPush || !sub.p256dh || !sub.auth)
        return { ok: false, gone: false, status: null };
      return deps.webPush.send(
        { endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth },
        payload,
      );
    }
    return deps.nativePush.send(sub.channel, sub.endpoint, {
      title: payload.title,
      body: payload.body,
      data: {
        url: payload.url,
        tag: payload.tag,
        sendId: payload.sendId,
        unsubscribeToken: payload.unsubscribeToken,
      },
    });
  }

  return {
    /** GET /push/config */
    async config() {
      return { vapidPublicKey: deps.vapidPublicKey ?? null, kinds: (await settings()).kinds };
    },

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

    /** Trigger: an episode of a published drama became watchable (its video is attached). */
    async episodeReleased(dramaId: number, episodeNumber: number): Promise<number> {
      const members = await deps.bookmarks.membersWhoBookmarked(dramaId);
      if (members.length === 0) return 0;
      const subs = await repo.subscriptionsOfUsers(members);
      const titleKey = await deps.dramaTitleKey(dramaId);
      return queueFor(subs, 'new_episode', `${dramaId}/${episodeNumber}`, async (sub) => {
        const t = await textsFor(sub.lang, [
          titleKey,
          'push.new_episode_title',
          'push.new_episode_body',
        ]);
        return {
          title: fill(t['push.new_episode_title'] ?? '', { title: t[titleKey] ?? '' }),
          body: fill(t['push.new_episode_body'] ?? '', { n: episodeNumber }),
          url: `/${dramaId}/${episodeNumber}`,
        };
      });
    },

    /**
     * Scheduled triggers, run by the send job: coins expiring within 48 h (the expiry
     * reminder's own query) and attendance streaks about to break (evening in the viewer's zone).
     * Safe on many workers at once: the sends' keys queue each reminder once.
     */
    async queueScheduled(): Promise<number> {
      const now = clock.now();
      const byUser = new Map<string, PushSubscriptionRow[]>();
      for (const sub of await repo.memberSubscriptions()) {
        if (!sub.userId || !sub.authMethod || sub.authMethod === 'guest') continue;
        const list = byUser.get(sub.userId) ?? [];
        list.push(sub);
        byUser.set(sub.userId, list);
      }
      let queued = 0;
      for (const [userId, subs] of byUser) {
        const authMethod = subs[0]?.authMethod;
        if (!authMethod) continue;
        const expiry = await deps.coinExpiry({ userId, authMethod });
        if (expiry.amount > 0 && expiry.expr_dtm) {
          queued += await queueFor(subs, 'coin_expiry', expiry.expr_dtm, async (sub) => {
            const t = await textsFor(sub.lang, ['push.coin_expiry_title', 'push.coin_expiry_body']);
            return {
              title: t['push.coin_expiry_title'] ?? '',
              body: fill(t['push.coin_expiry_body'] ?? '', { count: expiry.amount }),
              url: '/wallet',
            };
          });
        }
        const days = await deps.attendanceDays(userId);
        const parsed = parseIsoDate(days.today);
        if (!parsed) continue;
        // the day before today (the service day attendance counts in)
        const yesterday = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day - 1))
          .toISOString()
          .slice(0, 10);
        const streakSubs = subs.filter((sub) =>
          streakAboutToBreak({
            lastCheckInDay: days.lastCheckInDay,
            today: days.today,
            yesterday,
            localMinute: minuteOfDayIn(now, sub.timeZone),
          }),
        );
        queued += await queueFor(streakSubs, 'attendance_streak', days.today, async (sub) => {
          const t = await textsFor(sub.lang, ['push.attendance_title', 'push.attendance_body']);
          return {
            title: t['push.attendance_title'] ?? '',
            body: t['push.attendance_body'] ?? '',
            url: '/mission',
          };
        });
      }
      return queued;
    },

    /**
     * The send job's step: claims one due reminder and settles it. Quiet hours (changed since it
     * was queued) defer it to their end; the daily limit caps it; 404/410 drops the subscription.
     * Returns false when nothing was due.
     */
    sendNext,

    /** Sends every due reminder; returns how many were settled. */
    async sendDue(): Promise<number> {
      let settled = 0;
      while (await sendNext()) settled += 1;
      return settled;
    },

    settings,

    /** The console saves the push settings. */
    async saveSettings(
      next: PushSettings,
      onSaved: (tx: Tx, change: { before: PushSettings; after: PushSettings }) => Promise<void>,
    ): Promise<PushSettings> {
      const after = { ...next, kinds: [...new Set(next.kinds)] };
      await repo.saveSettings(after, clock.now(), (tx, before) =>
        onSaved(tx, { before: before ?? DEFAULT_PUSH_SETTINGS, after }),
      );
      return after;
    },

    async counts(): Promise<PushCounts> {
      return repo.counts();
    },

    /**
     * Account hooks. A guest who signs in keeps the browser's subscription under the guest's id
     * until the web app, signed in, names it again (updateChoices with a session moves it); this
     * hook is not given the member's sign-in method (decision 1520). A withdrawal erases the
     * member's subscriptions.
     */
    async transferUserData(): Promise<void> {},
    async eraseUserData(userId: string, tx: Tx): Promise<void> {
      await repo.eraseUser(tx, userId);
    },

    /** Tests and tools: the reminders of one subscription. */
    sendsOf: (subscriptionId: string) => repo.sendsOf(subscriptionId),
  };

  async function sendNext(): Promise<boolean> {
    const now = clock.now();
    const send = await repo.claim(now, new Date(now.getTime() + LEASE_MS));
    if (!send) return false;
    const sub = await repo.byId(send.subscriptionId);
    if (!sub) {
      await repo.settle(send.id, { status: 'dropped', reason: 'no_subscription' });
      return true;
    }
    const global = await settings();
    if (!sub.kinds.includes(send.kind) || !global.kinds.includes(send.kind)) {
      await repo.settle(send.id, { status: 'dropped', reason: 'kind_off' });
      return true;
    }
    const sendable = pushSendableAt(now, {
      timeZone: sub.timeZone,
      start: sub.quietStart,
      end: sub.quietEnd,
    });
    if (sendable.getTime() > now.getTime()) {
      await repo.settle(send.id, {
        status: 'queued',
        runAfter: sendable,
        reason: 'quiet_hours',
        // not an attempt: its day's slot is taken when it goes
        attempts: 0,
      });
      return true;
    }
    // a retry after a failed attempt already holds its day's slot
    if (
      send.attempts <= 1 &&
      !(await repo.takeDailySlot(sub.id, viewerDay(now, sub.timeZone), global.dailyLimit))
    ) {
      await repo.settle(send.id, { status: 'capped', reason: 'daily_limit' });
      return true;
    }
    const outcome = await deliver(sub, send.payload);
    if (outcome.ok) {
      await repo.settle(send.id, { status: 'sent', at: now });
      await repo.markSubscriptionSuccess(sub.id, now);
    } else if (outcome.gone) {
      await repo.remove(sub.id, 'gone', now);
      await repo.settle(send.id, { status: 'dropped', reason: `gone:${outcome.status ?? ''}` });
    } else if (send.attempts >= MAX_ATTEMPTS) {
      await repo.settle(send.id, { status: 'dropped', reason: `failed:${outcome.status ?? ''}` });
    } else {
      await repo.settle(send.id, {
        status: 'queued',
        runAfter: new Date(now.getTime() + RETRY_MS),
        reason: `retry:${outcome.status ?? ''}`,
      });
    }
    return true;
  }
}

export type PushService = ReturnType<typeof createPushService>;
