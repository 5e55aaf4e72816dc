import {
  ResultCode,
  type AuthMethod,
  type CoinExpiryData,
  type CoinEarnEntry,
  type CoinHistoryData,
  type CoinHistoryDiv,
  type CoinUseEntry,
  type CoinSource,
} from '@snapdrama/contract';
import {
  EXPIRY_REMINDER_HOURS,
  coinHistoryRangeProblem,
  coinTimeline,
  summarizeTimeline,
  type TimedEntry,
  expiresNever,
  expiresSoon,
  expiryReminder,
  serviceDay,
  nextDay,
  zonedDayStart,
  type CoinPurchaseChannel,
  parseIsoDate,
} from '@snapdrama/rules';
import { AppError } from '../../errors';
import { badRequest, requireMember, type WalletDeps } from './wallet-parts';

/** The viewer's side of the ledger: the coin history (A/U/E) and the expiry reminder. */
export function createStatement(deps: WalletDeps) {
  const { repo, clock } = deps;
  const db = repo.db;

  async function coinExpiry(caller: {
    userId: string;
    authMethod: AuthMethod;
  }): Promise<CoinExpiryData> {
    if (caller.authMethod === 'guest') return { remind: false, amount: 0, expr_dtm: null };
    const now = clock.now();
    const until = new Date(now.getTime() + EXPIRY_REMINDER_HOURS * 60 * 60 * 1000);
    const [lots, dismissed] = await Promise.all([
      repo.lotsExpiringBefore(caller.userId, now, until),
      repo.reminderDismissed(caller.userId, serviceDay(now, deps.serviceTimeZone)),
    ]);
    const reminder = expiryReminder(
      lots.map((l) => ({ remaining: l.remaining, expiresAt: l.expiresAt.getTime() })),
      now.getTime(),
    );
    return {
      remind: reminder !== undefined && !dismissed,
      amount: reminder?.amount ?? 0,
      expr_dtm: reminder ? new Date(reminder.firstExpiresAt).toISOString() : null,
    };
  }

  /** Every movement of a user's coins, oldest first, with the balance after each. */
  async function timelineOf(userId: string, now: Date): Promise<TimedEntry[]> {
    const rows = await repo.movementsOf(userId);
    // an undone auto-unlock's unlock row is gone: its title comes from the catalog
    const titles = new Map<number, string>();
    for (const dramaId of new Set(rows.undone.map((u) => u.dramaId))) {
      const pricing = await deps.catalog.pricing(dramaId).catch(() => undefined);
      titles.set(dramaId, pricing?.titleKey ?? '');
    }
    return coinTimeline({
      now: now.getTime(),
      lots: rows.lots.map((l) => ({
        id: l.id,
        kind: l.kind === 'paid' ? 'paid' : 'bonus',
        source: l.source,
        sourceRef: l.sourceRef,
        channel: l.channel,
        amount: l.amount,
        remaining: l.remaining,
        grantedAt: l.grantedAt.getTime(),
        expiresAt: l.expiresAt.getTime(),
      })),
      unlocks: rows.unlocks.map((u) => ({
        id: u.id,
        dramaId: u.dramaId,
        epsd: u.episodeNumber,
        titleKey: u.titleKey,
        coins: u.coins,
        unlockedAt: u.unlockedAt.getTime(),
        auto: u.autoId !== null,
      })),
      undos: rows.undone.map((u) => ({
        id: u.id,
        dramaId: u.dramaId,
        epsd: u.episodeNumber,
        titleKey: titles.get(u.dramaId) ?? '',
        coins: u.coins,
        unlockedAt: u.unlockedAt.getTime(),
        undoneAt: (u.undoneAt ?? u.unlockedAt).getTime(),
        returned: returnedOf(u.refunded),
      })),
      refunds: rows.refunds.map((r) => ({
        id: r.id,
        lotId: r.lotId,
        amount: r.amount,
        refundedAt: r.refundedAt.getTime(),
      })),
      revocations: rows.revocations.map((v) => ({
        id: v.id,
        amount: v.amount,
        revokedAt: v.revokedAt.getTime(),
      })),
    });
  }

  return {
    coinExpiry,

    /** The viewer closed the reminder: not again until the next service day. */
    async dismissCoinExpiry(caller: { userId: string; authMethod: AuthMethod }) {
      requireMember(caller, 'Sign in to see coin reminders');
      const now = clock.now();
      await repo.dismissReminder(caller.userId, serviceDay(now, deps.serviceTimeZone), now);
      return coinExpiry(caller);
    },

    /**
     * Earned (A), used (U) or expired (E) coins between two service-zone dates, inclusive, newest
     * first, a page at a time.
     */
    async history(
      caller: { userId: string; authMethod: AuthMethod },
      query: {
        div: CoinHistoryDiv;
        startDate: string;
        endDate: string;
        page: number;
        count: number;
      },
    ): Promise<CoinHistoryData> {
      if (caller.authMethod === 'guest')
        throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to see coin history');
      const problem = coinHistoryRangeProblem(query.startDate, query.endDate);
      const start = parseIsoDate(query.startDate);
      const end = parseIsoDate(query.endDate);
      if (problem || !start || !end)
        throw badRequest(problem ?? 'dates: must be written YYYY-MM-DD');
      const from = zonedDayStart(start, deps.serviceTimeZone);
      const to = zonedDayStart(nextDay(end), deps.serviceTimeZone);
      const offset = (query.page - 1) * query.count;
      const now = clock.now();
      const timeline = await timelineOf(caller.userId, now);
      const summary = summarizeTimeline(timeline, from.getTime(), to.getTime());
      // newest first, as the spec's lists; the balance after each entry stays the timeline's
      const inRange = timeline
        .filter((e) => e.list === query.div && e.at >= from.getTime() && e.at < to.getTime())
        .reverse();
      const pageEntries = inRange.slice(offset, offset + query.count);
      const balances = await repo.balances(db, caller.userId, now);
      return {
        alist: pageEntries.flatMap((e) => (e.type === 'grant' ? [earnEntry(e, now)] : [])),
        ulist: pageEntries.flatMap((e) => useEntry(e)),
        elist: pageEntries.flatMap((e) =>
          e.type === 'expire'
            ? [
                {
                  expr_dtm: new Date(e.at).toISOString(),
                  rgst_dtm: new Date(e.lot.grantedAt).toISOString(),
                  remn_coin: e.expiredRemaining,
                  chng_coin: e.change,
                  blnc_coin: e.balanceAfter,
                },
              ]
            : [],
        ),
        totalCount: inRange.length,
        page: query.page,
        count: query.count,
        lastPage: offset + query.count >= inRange.length,
        coin: balances.paid + balances.bonus,
        coin_list: balances,
        smry: {
          opng_blnc: summary.opening,
          earn_coin: summary.earned,
          usag_coin: summary.used,
          tkbk_coin: summary.takenBack,
          rtrn_coin: summary.returned,
          expr_coin: summary.expired,
          clsg_blnc: summary.closing,
        },
      };
    },
  };
}

/** auto_unlocks.refunded as written by undoAutoUnlock: [{ lotId, amount }]. */
function returnedOf(value: unknown): { lotId: string; amount: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const r = v as { lotId?: unknown; amount?: unknown };
    return typeof r.lotId === 'string' && typeof r.amount === 'number'
      ? [{ lotId: r.lotId, amount: r.amount }]
      : [];
  });
}

const PURCHASE_SOURCES = new Set(['purchase', 'purchase_bonus']);
const isChannel = (c: string | null | undefined): c is CoinPurchaseChannel =>
  c === 'web' || c === 'app_store' || c === 'google_play';

function earnEntry(e: Extract<TimedEntry, { type: 'grant' }>, now: Date): CoinEarnEntry {
  const lot = e.lot;
  return {
    rgst_dtm: new Date(lot.grantedAt).toISOString(),
    expr_dtm: expiresNever(lot.expiresAt) ? null : new Date(lot.expiresAt).toISOString(),
    remn_coin: lot.remaining,
    expr_soon: expiresSoon({ remaining: lot.remaining, expiresAt: lot.expiresAt }, now.getTime()),
    ...(isChannel(lot.channel) ? { channel: lot.channel } : {}),
    acqs_type: lot.kind === 'paid' ? 'P' : lot.source === 'purchase_bonus' ? 'B' : 'F',
    acqs_coin: lot.amount,
    rfnd_coin: e.refunded,
    memo: {
      source: lot.source as CoinSource,
      ...(lot.source === 'mission' && lot.sourceRef ? { mssnId: lot.sourceRef } : {}),
      ...(PURCHASE_SOURCES.has(lot.source) && lot.sourceRef ? { ordrId: lot.sourceRef } : {}),
    },
    chng_coin: e.change,
    blnc_coin: e.balanceAfter,
  };
}

/** A use-list entry (unlocks, their undo, take-backs), or none for the other lists. */
function useEntry(e: TimedEntry): CoinUseEntry[] {
  const base = {
    rgst_dtm: new Date(e.at).toISOString(),
    usag_coin: Math.abs(e.change),
    chng_coin: e.change,
    blnc_coin: e.balanceAfter,
  };
  switch (e.type) {
    case 'unlock':
    case 'auto_unlock':
      return [
        {
          ...base,
          usag_type: e.type,
          dram_id: e.unlock.dramaId,
          titl_lang_key: e.unlock.titleKey,
          memo: { epsd: e.unlock.epsd },
        },
      ];
    case 'undo':
      return [
        {
          ...base,
          usag_type: 'undo',
          dram_id: e.undo.dramaId,
          titl_lang_key: e.undo.titleKey,
          memo: { epsd: e.undo.epsd },
        },
      ];
    case 'refund':
      return [
        {
          ...base,
          usag_type: 'refund',
          dram_id: null,
          titl_lang_key: null,
          memo: {
            ...(e.lot?.sourceRef ? { ordrId: e.lot.sourceRef } : {}),
            ...(isChannel(e.lot?.channel) ? { channel: e.lot.channel } : {}),
          },
        },
      ];
    case 'revoke':
      return [{ ...base, usag_type: 'revoke', dram_id: null, titl_lang_key: null, memo: {} }];
    case 'grant':
    case 'expire':
      return [];
  }
}
