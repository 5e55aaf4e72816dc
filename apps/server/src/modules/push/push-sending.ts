import type { PushPayload } from '@snapdrama/contract';
import { pushSendableAt, viewerDay } from '@snapdrama/rules';
import type { PushContext } from './push-context';
import type { PushOutcome } from './push-senders';
import type { PushSubscriptionRow } from './push.tables';

/** How long a worker holds a reminder it is sending before another may take it again. */
const LEASE_MS = 60_000;
/** A push service that fails (5xx, network) is asked again this often, then the reminder is dropped. */
const MAX_ATTEMPTS = 3;
const RETRY_MS = 5 * 60_000;

/**
 * The send job: claims queued reminders on any number of workers, each sent once, through Web
 * Push or FCM/APNs, within the viewer's quiet hours and the console's daily limit.
 */
export function createPushSending(ctx: PushContext) {
  const { repo, clock, settings } = ctx;

  async function deliver(sub: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome> {
    if (sub.channel === 'web') {
      if (!ctx.webPush || !sub.p256dh || !sub.auth) return { ok: false, gone: false, status: null };
      return ctx.webPush.send(
        { endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth },
        payload,
      );
    }
    return ctx.nativePush.send(sub.channel, sub.endpoint, {
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

  return {
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
  };
}
