import {
  ResultCode,
  vipPlanOf,
  type VipGateway,
  type VipPassData,
  type VipPlanCode,
  type VipPlansData,
  type VipStatus,
  VIP_PLANS,
} from '@snapdrama/contract';
import { isVipActive, vipAccessUntil, type VipPassState } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { ReadPart } from '../../db/read-parts';
import { AppError } from '../../errors';
import type { VipRepository, VipSubscriptionRow } from './vip.repository';

/**
 * The VIP pass: an entitlement per provider subscription, moved only by normalized provider
 * notices (applyNotice). Each notice runs in one transaction: lock the pass, record the provider's
 * event id (a replay stops here), then apply its changes; a paid period is recorded under the
 * provider's id of that charge, so two notices of one renewal extend the pass once.
 */

/** One change a provider notice makes to a pass. */
export type VipChange =
  /** a period was paid (start or renewal); periodKey is the provider's id of that charge */
  | { type: 'paid'; periodKey: string; startsAt: Date; endsAt?: Date }
  /** a renewal failed; access continues until `until` while the provider retries */
  | { type: 'grace'; until: Date }
  /** the buyer turned renewal off (cancel) or on again */
  | { type: 'auto_renew'; on: boolean }
  /** money returned: access ends now; periodKey names the refunded charge when known */
  | { type: 'refunded'; periodKey?: string }
  /** the subscription ended at the provider */
  | { type: 'expired' };

export interface VipNotice {
  gateway: VipGateway;
  /** the provider's id of this notification (a replay carries the same id) */
  eventId: string;
  eventType: string;
  providerSubscriptionId: string;
  /** our vipId, when the provider carries it (client_reference_id, custom_id, account token) */
  vipId?: string | null;
  /** a refund names only the charge: the pass is the one holding the period with this key */
  byPeriodKey?: string;
  changes: VipChange[];
}

export type VipNoticeOutcome = 'applied' | 'replay' | 'unknown_subscription';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stateOf = (row: VipSubscriptionRow): VipPassState => ({
  status: row.status as VipStatus,
  paidUntil: row.paidUntil?.getTime() ?? null,
  graceUntil: row.graceUntil?.getTime() ?? null,
});

/** Store pages where a store pass is managed (cancelled) by its buyer. */
const MANAGE_URLS: Partial<Record<VipGateway, string>> = {
  G: 'https://play.google.com/store/account/subscriptions',
  A: 'https://apps.apple.com/account/subscriptions',
};

export function createVipService(deps: { repo: VipRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const db = repo.db;

  function toPassData(row: VipSubscriptionRow, now: Date): VipPassData {
    const state = stateOf(row);
    const until = vipAccessUntil(state);
    const active = isVipActive(state, now.getTime());
    return {
      vipId: row.id,
      plan: row.plan as VipPlanCode,
      gateway: row.gateway as VipGateway,
      status: row.status as VipStatus,
      active,
      activeUntil:
        until === null ? (row.paidUntil?.toISOString() ?? null) : new Date(until).toISOString(),
      renews: active && row.autoRenew && row.status === 'active',
      cancelable: active && row.autoRenew && (row.gateway === 'S' || row.gateway === 'P'),
      manageUrl: MANAGE_URLS[row.gateway as VipGateway] ?? null,
    };
  }

  async function activePassRow(userId: string, now: Date) {
    const live = await repo.livePasses(userId);
    return live.find((row) => isVipActive(stateOf(row), now.getTime()));
  }

  return {
    plans(): VipPlansData {
      return {
        plans: VIP_PLANS.map((p) => ({
          code: p.code,
          periodDays: p.periodDays,
          interval: p.interval,
          usd: p.usd,
          krw: p.krw,
        })),
      };
    },

    /** The caller's pass for the profile: the active one, else the latest that was paid. */
    async passOf(userId: string): Promise<VipPassData | null> {
      const now = clock.now();
      const row = (await activePassRow(userId, now)) ?? (await repo.latestPaidPass(userId));
      return row ? toPassData(row, now) : null;
    },

    /** The pass opening every episode for this user now, if any (playback asks). */
    async activePass(userId: string): Promise<{ vipId: string; until: Date } | undefined> {
      const now = clock.now();
      const row = await activePassRow(userId, now);
      const until = row ? vipAccessUntil(stateOf(row)) : null;
      return row && until !== null ? { vipId: row.id, until: new Date(until) } : undefined;
    },

    /** activePass() as a part of a caller's statement: the rule applied at the statement's moment */
    activePassPart(): ReadPart<{ vipId: string; until: Date } | undefined> {
      const live = repo.livePassesPart();
      return {
        sql: live.sql,
        bind() {
          const bound = live.bind();
          const now = clock.now().getTime();
          return {
            values: bound.values,
            decode(raw) {
              for (const pass of bound.decode(raw)) {
                const state: VipPassState = { ...pass, status: pass.status as VipStatus };
                const until = vipAccessUntil(state);
                if (until !== null && isVipActive(state, now)) {
                  return { vipId: pass.id, until: new Date(until) };
                }
              }
              return undefined;
            },
          };
        },
      };
    },

    /** Records that an episode was opened by the pass (apart from coin and ad unlocks). */
    async recordUnlock(userId: string, dramaId: number, epsd: number, vipId: string) {
      await repo.recordUnlock({ userId, dramaId, epsd, subscriptionId: vipId, now: clock.now() });
    },

    /** a pass's paid periods, oldest first (tests and operators) */
    periodsOf: (vipId: string) => repo.periodsOf(vipId),

    async unlocksOf(userId: string, dramaId: number) {
      return repo.unlocksOf(userId, dramaId);
    },

    /** A pending pass for a checkout; refused while the caller holds an active one. */
    async registerPending(userId: string, plan: VipPlanCode, gateway: VipGateway) {
      if (!vipPlanOf(plan)) throw new AppError(ResultCode.BAD_REQUEST, 'plan: unknown');
      if (await activePassRow(userId, clock.now())) {
        throw new AppError(ResultCode.VIP_ALREADY_ACTIVE, 'You already hold an active VIP pass');
      }
      return repo.insertPending({ userId, plan, gateway, now: clock.now() });
    },

    /** The caller's pass by vipId; another user's or an unknown one is not found. */
    async ownPass(userId: string, vipId: string): Promise<VipSubscriptionRow> {
      const row = UUID.test(vipId) ? await repo.findById(db, vipId) : undefined;
      if (!row || row.userId !== userId)
        throw new AppError(ResultCode.VIP_NOT_FOUND, 'No such VIP pass');
      return row;
    },

    passData: (row: VipSubscriptionRow) => toPassData(row, clock.now()),

    /**
     * Applies one provider notice exactly once. Unknown subscriptions (a notice that names no pass
     * of ours) change nothing and are not recorded, so the provider's retry after the checkout
     * return is still applied.
     */
    async applyNotice(notice: VipNotice): Promise<VipNoticeOutcome> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const byKey = notice.byPeriodKey
          ? await repo.subscriptionIdOfPeriod(tx, notice.gateway, notice.byPeriodKey)
          : undefined;
        let row = byKey
          ? await repo.lockById(tx, byKey)
          : notice.providerSubscriptionId
            ? await repo.lockByProviderId(tx, notice.gateway, notice.providerSubscriptionId)
            : undefined;
        if (!row && notice.providerSubscriptionId && notice.vipId && UUID.test(notice.vipId)) {
          const pending = await repo.lockById(tx, notice.vipId);
          if (
            pending &&
            pending.gateway === notice.gateway &&
            (pending.providerSubscriptionId === null ||
              pending.providerSubscriptionId === notice.providerSubscriptionId)
          ) {
            await repo.bindProviderId(tx, pending.id, notice.providerSubscriptionId, now);
            row = { ...pending, providerSubscriptionId: notice.providerSubscriptionId };
          }
        }
        if (!row) return 'unknown_subscription';
        const fresh = await repo.recordNotification(tx, {
          gateway: notice.gateway,
          eventId: notice.eventId,
          eventType: notice.eventType,
          subscriptionId: row.id,
          now,
        });
        if (!fresh) return 'replay';

        let { status, autoRenew, paidUntil, graceUntil, endedAt } = row;
        for (const change of notice.changes) {
          switch (change.type) {
            case 'paid': {
              // a provider that names no period end (a PayPal sale) bought one plan period
              const days = vipPlanOf(row.plan)?.periodDays ?? 7;
              const endsAt =
                change.endsAt ?? new Date(change.startsAt.getTime() + days * 86_400_000);
              const period = await repo.insertPeriod(tx, {
                subscriptionId: row.id,
                periodKey: change.periodKey,
                startsAt: change.startsAt,
                endsAt,
                now,
              });
              if (!period) break; // this charge was recorded by another notice
              if (!paidUntil || endsAt > paidUntil) paidUntil = endsAt;
              // a late notice of an old period does not revive an ended pass
              if (endsAt > now) {
                status = 'active';
                graceUntil = null;
                endedAt = null;
              }
              break;
            }
            case 'grace':
              if (status === 'active' || status === 'grace') {
                status = 'grace';
                graceUntil = change.until;
              }
              break;
            case 'auto_renew':
              autoRenew = change.on;
              break;
            case 'refunded':
              await repo.refundPeriods(tx, row.id, change.periodKey, now);
              status = 'refunded';
              graceUntil = null;
              endedAt = now;
              break;
            case 'expired':
              if (status !== 'refunded') {
                status = 'expired';
                graceUntil = null;
                endedAt = endedAt ?? now;
              }
              autoRenew = false;
              break;
          }
        }
        await repo.update(tx, row.id, { status, autoRenew, paidUntil, graceUntil, endedAt }, now);
        return 'applied';
      });
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
