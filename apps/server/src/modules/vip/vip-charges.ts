import {
  PAYMENT_CURRENCIES,
  ResultCode,
  type VipChargeData,
  type VipChargeListData,
  type VipGateway,
  type VipPlanCode,
} from '@snapdrama/contract';
import { fromMinorUnits } from '@snapdrama/rules';
import { AppError } from '../../errors';
import type { VipChargeRow, VipRepository } from './vip.repository';

/** My orders' VIP part: each paid period of the caller's passes, as its receipt shows it. */
export function createVipCharges(repo: Pick<VipRepository, 'chargePage' | 'chargeOf'>) {
  return {
    /** My orders' VIP part: the caller's paid periods, newest first, paged. */
    async charges(userId: string, page: number, count: number): Promise<VipChargeListData> {
      const { rows, total } = await repo.chargePage(userId, (page - 1) * count, count);
      return {
        list: rows.map(toChargeData),
        totalCount: total,
        page,
        count,
        lastPage: page * count >= total,
      };
    },

    /** One of the caller's paid periods as its receipt shows it (404090 for another's or unknown). */
    async charge(userId: string, chrgId: string): Promise<VipChargeData> {
      const row = await repo.chargeOf(userId, chrgId);
      if (!row) throw new AppError(ResultCode.VIP_NOT_FOUND, 'No such VIP charge of yours');
      return toChargeData(row);
    },
  };
}

function toChargeData({ period, pass }: VipChargeRow): VipChargeData {
  const currency = PAYMENT_CURRENCIES.find((c) => c === period.currency);
  const charged = period.amountMinor !== null && currency !== undefined;
  return {
    chrgId: period.id,
    vipId: pass.id,
    plan: pass.plan as VipPlanCode,
    pymn_gtwy: pass.gateway as VipGateway,
    amnt: charged ? fromMinorUnits(period.amountMinor ?? 0, currency) : null,
    crncy: charged ? currency : null,
    stts: period.refundedAt ? 'refunded' : 'paid',
    paid_dtm: period.recordedAt.toISOString(),
    strt_dtm: period.startsAt.toISOString(),
    end_dtm: period.endsAt.toISOString(),
    rfnd_dtm: period.refundedAt?.toISOString() ?? null,
    prvd_id: period.periodKey,
  };
}
