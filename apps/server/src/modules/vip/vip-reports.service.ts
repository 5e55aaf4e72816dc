import type { Db } from '../../db/client';
import { createVipReportsRepository, type ChargeReportFilter } from './vip-reports.repository';

export type { ChargeReportFilter, ReportedCharge } from './vip-reports.repository';

/**
 * Every VIP charge (a paid period) for the console's money pages (the money module): a keyset
 * page under filters, money paid and refunded per service day, and the refunds of a range.
 */
export function createVipReportsService(db: Db) {
  const repo = createVipReportsRepository(db);
  return {
    chargePage: (
      filter: ChargeReportFilter,
      after: { at: Date; id: string } | undefined,
      limit: number,
    ) => repo.chargePage(filter, after, limit),
    paidByDay: (from: Date, to: Date, zone: string) => repo.paidByDay(from, to, zone),
    refundedByDay: (from: Date, to: Date, zone: string) => repo.refundedByDay(from, to, zone),
    refundsIn: (from: Date, to: Date, limit: number) => repo.refundsIn(from, to, limit),
  };
}

export type VipReportsService = ReturnType<typeof createVipReportsService>;
