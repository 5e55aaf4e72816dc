import {
  ResultCode,
  vipPlanOf,
  type VipGateway,
  type VipPassData,
  type VipPlanCode,
  type VipPlansData,
  type VipStatus,
} from '@snapdrama/contract';
import { isVipActive, vipAccessUntil, type VipPassState } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import type { ReadPart } from '../../db/read-parts';
import { AppError } from '../../errors';
import { createVipCharges } from './vip-charges';
import { CANCELABLE, MANAGE_URLS } from './vip-gateway-rules';
import { createVipNotices, type VipNotice } from './vip-notices';
import { createVipPricesService } from './vip-prices.service';
import { stateOf, UUID } from './vip-pass-row';
import type { AnalyticsRecorder } from '../analytics/analytics-recorder.service';
import type { VipRepository } from './vip.repository';
import type { VipSubscriptionRow } from './vip.tables';

/**
 * The VIP pass: an entitlement per provider subscription, moved only by normalized provider
 * notices (applyNotice, in vip-notices.ts with the duplicate refunds). This file owns the pass's
 * read side (the plans, a viewer's pass, the active pass for playback, the episodes it opened) and
 * checkout opening, and composes the whole service. One open checkout and one live pass per viewer.
 */

export {
  FAILED_REFUND_RETRY_MS,
  type DuplicateRefund,
  type VipChange,
  type VipNotice,
  type VipNoticeOutcome,
} from './vip-notices';

/** an open checkout is answered again within this time (Stripe's sessions live 24 h) */
const CHECKOUT_REUSE_MS = 23 * 3_600_000;

export function createVipService(deps: {
  repo: VipRepository;
  clock: Clock;
  /** the analytics event log: an episode opened by the pass, in its transaction */
  analytics?: AnalyticsRecorder;
}) {
  const prices = createVipPricesService({ db: deps.repo.db, clock: deps.clock });
  const { repo, clock } = deps;
  const db = repo.db;

  const notices = createVipNotices({ repo, clock });

  /** The caller's pass by vipId; another user's or an unknown one is not found. */
  async function ownPass(userId: string, vipId: string): Promise<VipSubscriptionRow> {
    const row = UUID.test(vipId) ? await repo.findById(db, vipId) : undefined;
    if (!row || row.userId !== userId)
      throw new AppError(ResultCode.VIP_NOT_FOUND, 'No such VIP pass');
    return row;
  }

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
      cancelable: active && row.autoRenew && CANCELABLE.has(row.gateway),
      manageUrl: MANAGE_URLS[row.gateway as VipGateway] ?? null,
    };
  }

  async function activePassRow(userId: string, now: Date, q?: Tx) {
    const live = await repo.livePasses(userId, q);
    return live.find((row) => isVipActive(stateOf(row), now.getTime()));
  }

  return {
    /** The plans at their prices now (an admin's edit shows at once, decision 1551). */
    async plans(): Promise<VipPlansData> {
      return {
        plans: (await prices.plansNow()).map((p) => ({
          code: p.code,
          periodDays: p.periodDays,
          interval: p.interval,
          usd: p.usd,
          krw: p.krw,
        })),
      };
    },

    ...createVipCharges(repo),

    /** The pass's plan at the price in force when its checkout opened: what each period costs. */
    planOfPass: (row: { plan: string; createdAt: Date }, q?: Tx) =>
      prices.planAt(row.plan, row.createdAt, q),

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
      const now = clock.now();
      const { analytics } = deps;
      if (!analytics) {
        await repo.recordUnlock({ userId, dramaId, epsd, subscriptionId: vipId, now });
        return;
      }
      await db.transaction(async (tx) => {
        const input = { userId, dramaId, epsd, subscriptionId: vipId, now };
        if (!(await repo.recordUnlock(input, tx))) return;
        await analytics.record(
          {
            kind: 'unlock',
            key: `unlock:vip:${userId}:${dramaId}:${epsd}`,
            userId,
            dramaId,
            epsd,
            method: 'vip',
            coins: 0,
            at: now,
          },
          tx,
        );
      });
    },

    /** a pass's paid periods, oldest first (tests and operators) */
    periodsOf: (vipId: string) => repo.periodsOf(vipId),

    async unlocksOf(userId: string, dramaId: number) {
      return repo.unlocksOf(userId, dramaId);
    },

    /**
     * The caller's open checkout for this plan and provider: the one already open when it matches
     * (reused: true), else a new one; an open checkout of another plan or provider is closed
     * (replaced: its provider checkout, for the caller to cancel there). Refused while the caller
     * holds an active pass. The viewer's row lock and the one-pending index keep it to one.
     */
    async openCheckout(userId: string, plan: VipPlanCode, gateway: VipGateway) {
      if (!vipPlanOf(plan)) throw new AppError(ResultCode.BAD_REQUEST, 'plan: unknown');
      return db.transaction(async (tx) => {
        const now = clock.now();
        await repo.lockUser(tx, userId);
        if (await activePassRow(userId, now, tx)) {
          throw new AppError(ResultCode.VIP_ALREADY_ACTIVE, 'You already hold an active VIP pass');
        }
        const open = await repo.pendingOf(tx, userId);
        if (
          open &&
          open.plan === plan &&
          open.gateway === gateway &&
          now.getTime() - open.createdAt.getTime() < CHECKOUT_REUSE_MS
        ) {
          return { pass: open, reused: true, replaced: undefined };
        }
        if (open) {
          await repo.update(
            tx,
            open.id,
            { status: 'expired', autoRenew: false, closedAt: now, endedAt: now },
            now,
          );
        }
        const pass = await repo.insertPendingTx(tx, { userId, plan, gateway, now });
        return { pass, reused: false, replaced: open };
      });
    },

    /** the provider's checkout of a pending pass, once created */
    setCheckout: (vipId: string, checkoutId: string) => repo.setCheckout(vipId, checkoutId),

    ownPass,

    passData: (row: VipSubscriptionRow) => toPassData(row, clock.now()),

    /**
     * What the provider says of a pass its viewer came back with (a checkout's return, a store
     * purchase verified), applied to that pass; the pass as it is then.
     */
    async applyOwnNotice(
      userId: string,
      vipId: string,
      notice: Omit<VipNotice, 'vipId'>,
    ): Promise<VipPassData> {
      await notices.applyNotice({ ...notice, vipId });
      return toPassData(await ownPass(userId, vipId), clock.now());
    },

    /** a pass by vipId, whoever holds it (the Toss renewal job) */
    findPass: (vipId: string) => repo.findById(db, vipId),

    ...notices,
  };
}

export type VipService = ReturnType<typeof createVipService>;
