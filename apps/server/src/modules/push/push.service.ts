import type { PushCounts, PushSettings } from '@snapdrama/contract';
import type { Tx } from '../../db/client';
import { createPushContext, DEFAULT_PUSH_SETTINGS, type PushDeps } from './push-context';
import { createPushSending } from './push-sending';
import { createPushSubscriptions } from './push-subscriptions';
import { createPushTriggers } from './push-triggers';

export { DEFAULT_PUSH_SETTINGS, type PushCaller } from './push-context';

/**
 * Push reminders (issue 42 item 3, decision 1520): subscriptions and their choices
 * (push-subscriptions.ts), the triggers that queue a reminder (push-triggers.ts: a bookmarked
 * drama's new episode, coins expiring within 48 h, an attendance streak about to break), and the
 * send job that claims queued reminders on any number of workers, each sent once
 * (push-sending.ts), over the context of push-context.ts; the console's settings and counts here.
 */
export function createPushService(deps: PushDeps) {
  const ctx = createPushContext(deps);
  const { repo, clock, settings } = ctx;

  return {
    /** GET /push/config */
    async config() {
      return { vapidPublicKey: deps.vapidPublicKey ?? null, kinds: (await settings()).kinds };
    },

    ...createPushSubscriptions(ctx),
    ...createPushTriggers(ctx),
    ...createPushSending(ctx),

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
}

export type PushService = ReturnType<typeof createPushService>;
