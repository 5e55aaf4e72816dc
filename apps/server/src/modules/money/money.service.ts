import {
  MONEY_DEFAULT_DAYS,
  MONEY_MAX_RANGE_DAYS,
  ResultCode,
  type MoneyOrder,
  type MoneyOrderFilter,
  type MoneyOrderListData,
  type MoneyRefund,
  type MoneyRefundsData,
  type MoneyRevenueData,
  type OrderState,
  type PaymentCurrency,
  type PaymentGateway,
  type RefundReason,
} from '@snapdrama/contract';
import { lastServiceDays, nextDay, parseIsoDate, zonedDayStart } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { PaymentsReportsService, ReportedOrder } from '../payments/payments-reports.service';
import type { ReportedCharge, VipReportsService } from '../vip/vip-reports.service';

/** the CSV export reads this many orders of each kind at a time: memory stays flat */
export const MONEY_EXPORT_BATCH = 500;
/** the refunds report lists at most this many refunds (totals count them all) */
export const MONEY_REFUNDS_LISTED = 200;

export const MONEY_CSV_COLUMNS = [
  'kind',
  'id',
  'created_at',
  'user_id',
  'gateway',
  'state',
  'product',
  'currency',
  'amount_minor',
  'coins',
] as const;

const WEB_REFUNDABLE: ReadonlySet<string> = new Set(['T', 'S', 'P']);

interface Cursor {
  at: Date;
  id: string;
}

const badRequest = (message: string) => new AppError(ResultCode.BAD_REQUEST, message);

/** The opaque cursor of a page: the last row's time and id (base64url). */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at.toISOString()}|${c.id}`, 'utf8').toString('base64url');
}
export function decodeCursor(text: string): Cursor {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime()))
    throw badRequest('cursor: must be a cursor from the previous page');
  return { at: date, id };
}

/** newest first, then the larger id: the order both sources are read in */
const newerFirst = (a: Cursor, b: Cursor) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The console's money (issue 41 item 3, decision 1550): every order across the gateways, coin
 * packs and VIP charges merged newest first with keyset paging; its CSV export read in batches;
 * the refunds report; revenue gross / refunds / net per service day and gateway. Owns no table:
 * payments and VIP answer for their rows.
 */
export function createMoneyService(deps: {
  coinOrders: PaymentsReportsService;
  vipCharges: VipReportsService;
  serviceTimeZone: string;
  clock: Clock;
}) {
  const zone = deps.serviceTimeZone;

  const dayStart = (day: string, after: boolean): Date => {
    const date = parseIsoDate(day);
    if (!date) throw badRequest(`${after ? 'to' : 'from'}: must be a date YYYY-MM-DD`);
    return zonedDayStart(after ? nextDay(date) : date, zone);
  };

  /** The asked days as instants [start, end); none asked: the last MONEY_DEFAULT_DAYS service days. */
  function rangeOf(asked: { from?: string; to?: string }) {
    const { from, to } =
      asked.from && asked.to
        ? { from: asked.from, to: asked.to }
        : lastServiceDays(deps.clock.now(), zone, MONEY_DEFAULT_DAYS);
    const start = dayStart(from, false);
    const end = dayStart(to, true);
    if (end.getTime() - start.getTime() > (MONEY_MAX_RANGE_DAYS + 1) * 86_400_000)
      throw badRequest(`to: at most ${MONEY_MAX_RANGE_DAYS} days after from`);
    return { from, to, start, end };
  }

  const coinRow = (o: ReportedOrder): MoneyOrder => ({
    kind: 'coin',
    id: o.id,
    userId: o.userId,
    gateway: o.gateway as PaymentGateway,
    state: o.state as OrderState,
    currency: o.currency as PaymentCurrency,
    amountMinor: o.amountMinor,
    product: o.godsCode,
    coins: o.paidCoin,
    createdAt: o.createdAt.toISOString(),
    refundable: (o.state === 'paid' || o.state === 'credited') && WEB_REFUNDABLE.has(o.gateway),
  });
  const vipRow = (c: ReportedCharge): MoneyOrder => ({
    kind: 'vip',
    id: c.id,
    userId: c.userId,
    gateway: c.gateway as PaymentGateway,
    state: c.refundedAt ? 'refunded' : 'paid',
    currency: c.currency as PaymentCurrency | null,
    amountMinor: c.amountMinor,
    product: c.plan,
    coins: null,
    createdAt: c.recordedAt.toISOString(),
    // a VIP charge is refunded by its provider or store (decision 1550)
    refundable: false,
  });

  /** One page after `after` (at most `limit`), and whether more follow. */
  async function page(
    filter: MoneyOrderFilter,
    after: Cursor | undefined,
    limit: number,
  ): Promise<{ rows: MoneyOrder[]; more: boolean }> {
    const common = {
      gateway: filter.gateway,
      currency: filter.currency,
      fromAt: filter.from ? dayStart(filter.from, false) : undefined,
      toAt: filter.to ? dayStart(filter.to, true) : undefined,
      minAmount: filter.minAmount,
      maxAmount: filter.maxAmount,
      userId: filter.userId,
    };
    // a VIP charge is paid or refunded; any other state has none
    const vipState =
      filter.state === undefined || filter.state === 'paid' || filter.state === 'refunded'
        ? filter.state
        : null;
    const [coins, charges] = await Promise.all([
      filter.kind === 'vip'
        ? []
        : deps.coinOrders.orderPage({ ...common, state: filter.state }, after, limit + 1),
      filter.kind === 'coin' || vipState === null
        ? []
        : deps.vipCharges.chargePage({ ...common, state: vipState }, after, limit + 1),
    ]);
    const merged = [...coins.map(coinRow), ...charges.map(vipRow)].sort((a, b) =>
      newerFirst({ at: new Date(a.createdAt), id: a.id }, { at: new Date(b.createdAt), id: b.id }),
    );
    return { rows: merged.slice(0, limit), more: merged.length > limit };
  }

  return {
    async list(
      query: MoneyOrderFilter & { cursor?: string; limit: number },
    ): Promise<MoneyOrderListData> {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const { rows, more } = await page(query, after, query.limit);
      const last = rows[rows.length - 1];
      return {
        orders: rows,
        nextCursor:
          more && last ? encodeCursor({ at: new Date(last.createdAt), id: last.id }) : null,
      };
    },

    /**
     * The filtered orders as CSV lines, newest first, read in keyset batches of
     * MONEY_EXPORT_BATCH: never the whole result in memory. The first line names the columns.
     */
    async *exportCsv(
      filter: MoneyOrderFilter,
      csvLine: (cells: (string | null)[]) => string,
    ): AsyncGenerator<string> {
      yield csvLine([...MONEY_CSV_COLUMNS]);
      let after: Cursor | undefined;
      for (;;) {
        const { rows, more } = await page(filter, after, MONEY_EXPORT_BATCH);
        yield rows
          .map((o) =>
            csvLine([
              o.kind,
              o.id,
              o.createdAt,
              o.userId,
              o.gateway,
              o.state,
              o.product,
              o.currency,
              o.amountMinor === null ? null : String(o.amountMinor),
              o.coins === null ? null : String(o.coins),
            ]),
          )
          .join('');
        const last = rows[rows.length - 1];
        if (!more || !last) return;
        after = { at: new Date(last.createdAt), id: last.id };
      }
    },

    /**
     * Gross (orders paid in the range, refunded later or not), refunds (made in the range) and
     * net per service day, gateway and currency, and the range's totals.
     */
    async revenue(asked: { from?: string; to?: string }): Promise<MoneyRevenueData> {
      const { from, to, start, end } = rangeOf(asked);
      const [coinPaid, coinRefunded, vipPaid, vipRefunded] = await Promise.all([
        deps.coinOrders.paidByDay(start, end, zone),
        deps.coinOrders.refundedByDay(start, end, zone),
        deps.vipCharges.paidByDay(start, end, zone),
        deps.vipCharges.refundedByDay(start, end, zone),
      ]);
      type Line = MoneyRevenueData['days'][number];
      const days = new Map<string, Line>();
      let storeCharges = 0;
      const add = (
        r: {
          day: string;
          gateway: string;
          currency: string | null;
          amountMinor: number;
          count: number;
        },
        kind: 'paid' | 'refunded',
      ) => {
        if (r.currency === null) {
          if (kind === 'paid') storeCharges += r.count;
          return;
        }
        const key = `${r.day}|${r.gateway}|${r.currency}`;
        const line = days.get(key) ?? {
          day: r.day,
          gateway: r.gateway as PaymentGateway,
          currency: r.currency as PaymentCurrency,
          gross: 0,
          refunds: 0,
          net: 0,
          paidCount: 0,
          refundCount: 0,
        };
        if (kind === 'paid') {
          line.gross += r.amountMinor;
          line.paidCount += r.count;
        } else {
          line.refunds += r.amountMinor;
          line.refundCount += r.count;
        }
        line.net = line.gross - line.refunds;
        days.set(key, line);
      };
      for (const r of [...coinPaid, ...vipPaid]) add(r, 'paid');
      for (const r of [...coinRefunded, ...vipRefunded]) add(r, 'refunded');
      const sorted = [...days.values()].sort(
        (a, b) =>
          b.day.localeCompare(a.day) ||
          a.gateway.localeCompare(b.gateway) ||
          a.currency.localeCompare(b.currency),
      );
      const totals = new Map<string, Omit<Line, 'day'>>();
      for (const { day: _day, ...line } of sorted) {
        const key = `${line.gateway}|${line.currency}`;
        const t = totals.get(key);
        if (!t) totals.set(key, { ...line });
        else {
          t.gross += line.gross;
          t.refunds += line.refunds;
          t.net += line.net;
          t.paidCount += line.paidCount;
          t.refundCount += line.refundCount;
        }
      }
      return {
        from,
        to,
        days: sorted,
        totals: [...totals.values()].sort(
          (a, b) => a.gateway.localeCompare(b.gateway) || a.currency.localeCompare(b.currency),
        ),
        storeCharges,
      };
    },

    /** Refunds made in the range, newest first (the newest MONEY_REFUNDS_LISTED), and totals. */
    async refunds(asked: { from?: string; to?: string }): Promise<MoneyRefundsData> {
      const { from, to, start, end } = rangeOf(asked);
      const limit = MONEY_REFUNDS_LISTED;
      const [coins, charges, coinSums, vipSums] = await Promise.all([
        deps.coinOrders.refundsIn(start, end, limit + 1),
        deps.vipCharges.refundsIn(start, end, limit + 1),
        deps.coinOrders.refundedByDay(start, end, zone),
        deps.vipCharges.refundedByDay(start, end, zone),
      ]);
      const rows: MoneyRefund[] = [
        ...coins.map((r): MoneyRefund => ({
          kind: 'coin',
          id: r.id,
          userId: r.userId,
          gateway: r.gateway as PaymentGateway,
          currency: r.currency as PaymentCurrency,
          amountMinor: r.amountMinor,
          product: r.godsCode,
          refundedAt: r.refundedAt.toISOString(),
          refundedCoins: r.refundedCoins,
          by: r.byOperator ? 'operator' : 'provider',
          reason: (r.reason as RefundReason | null) ?? null,
          note: r.note,
        })),
        ...charges.map((c): MoneyRefund => ({
          kind: 'vip',
          id: c.id,
          userId: c.userId,
          gateway: c.gateway as PaymentGateway,
          currency: c.currency as PaymentCurrency | null,
          amountMinor: c.amountMinor,
          product: c.plan,
          refundedAt: (c.refundedAt ?? c.recordedAt).toISOString(),
          refundedCoins: null,
          by: 'provider',
          reason: c.reason === 'duplicate' ? 'duplicate' : null,
          note: null,
        })),
      ].sort((a, b) =>
        newerFirst(
          { at: new Date(a.refundedAt), id: a.id },
          { at: new Date(b.refundedAt), id: b.id },
        ),
      );
      const totals = new Map<string, MoneyRefundsData['totals'][number]>();
      for (const r of [...coinSums, ...vipSums]) {
        if (r.currency === null) continue;
        const key = `${r.gateway}|${r.currency}`;
        const t = totals.get(key) ?? {
          gateway: r.gateway as PaymentGateway,
          currency: r.currency as PaymentCurrency,
          count: 0,
          amountMinor: 0,
        };
        t.count += r.count;
        t.amountMinor += r.amountMinor;
        totals.set(key, t);
      }
      return {
        from,
        to,
        refunds: rows.slice(0, limit),
        more: rows.length > limit,
        totals: [...totals.values()].sort(
          (a, b) => a.gateway.localeCompare(b.gateway) || a.currency.localeCompare(b.currency),
        ),
      };
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
