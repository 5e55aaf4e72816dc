import { randomUUID } from 'node:crypto';
import type { PushKind, PushPayload } from '@snapdrama/contract';
import {
  minuteOfDayIn,
  parseIsoDate,
  pushSendableAt,
  streakAboutToBreak,
  viewerDay,
} from '@snapdrama/rules';
import { isLanguage, type PushContext } from './push-context';
import type { NewPushSend } from './push.repository';
import type { PushSubscriptionRow } from './push.tables';

const KIND_TAGS: Record<PushKind, string> = {
  new_episode: 'new-episode',
  coin_expiry: 'coin-expiry',
  attendance_streak: 'attendance-streak',
};

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

/**
 * The triggers that queue a reminder: a bookmarked drama's new episode, coins expiring within
 * 48 h, an attendance streak about to break. Each reminder is queued once (the sends' keys).
 */
export function createPushTriggers(ctx: PushContext) {
  const { repo, clock, settings } = ctx;

  async function textsFor(lang: string, keys: string[]) {
    return ctx.texts(isLanguage(lang) ? lang : 'ko', [...keys, 'push.action_unsubscribe']);
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

  return {
    /** Trigger: an episode of a published drama became watchable (its video is attached). */
    async episodeReleased(dramaId: number, episodeNumber: number): Promise<number> {
      const members = await ctx.bookmarks.membersWhoBookmarked(dramaId);
      if (members.length === 0) return 0;
      const subs = await repo.subscriptionsOfUsers(members);
      const titleKey = await ctx.dramaTitleKey(dramaId);
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
        const expiry = await ctx.coinExpiry({ userId, authMethod });
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
        const days = await ctx.attendanceDays(userId);
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
  };
}
