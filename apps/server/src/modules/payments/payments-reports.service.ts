import type { Db } from '../../db/client';
import {
  createPaymentsReportsRepository,
  type OrderReportFilter,
  type ReportCursor,
} from './payments-reports.repository';

export type { OrderReportFilter, ReportCursor, ReportedOrder } from './payments-reports.repository';

/**
 * Every coin order for the console's money pages (the money module): a keyset page under filters,
 * money paid and refunded per service day, and the refunds of a range with their reasons.
 */
export function createPaymentsReportsService(db: Db) {
  const repo = createPaymentsReportsRepository(db);
  return {
    orderPage: (filter: OrderReportFilter, after: ReportCursor | undefined, limit: number) =>
      repo.orderPage(filter, after, limit),
    paidByDay: (from: Date, to: Date, zone: string) => repo.paidByDay(from, to, zone),
    refundedByDay: (from: Date, to: Date, zone: string) => repo.refundedByDay(from, to, zone),
    /** refunds in [from, to), newest first, with who refunded, why and the coins taken back */
    async refundsIn(from: Date, to: Date, limit: number) {
      const rows = await repo.refundsIn(from, to, limit);
      return rows.map((r) => {
        const d = (r.detail ?? {}) as {
          refunded_coin?: number;
          by_operator?: boolean;
          reason?: string;
          note?: string | null;
        };
        return {
          ...r,
          refundedCoins: typeof d.refunded_coin === 'number' ? d.refunded_coin : null,
          byOperator: d.by_operator === true,
          reason: typeof d.reason === 'string' ? d.reason : null,
          note: typeof d.note === 'string' ? d.note : null,
        };
      });
    },
  };
}

export type PaymentsReportsService = ReturnType<typeof createPaymentsReportsService>;
