import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createPaymentsReportsService } from '../payments/payments-reports.service';
import { createVipReportsService } from '../vip/vip-reports.service';
import { moneyRoutes } from './money.routes';
import { createMoneyService } from './money.service';

/** The console's money pages: orders of every gateway, their export, refunds and revenue. */
export function createMoneyModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'serviceTimeZone'>;
}) {
  const money = createMoneyService({
    coinOrders: createPaymentsReportsService(deps.db),
    vipCharges: createVipReportsService(deps.db),
    serviceTimeZone: deps.config.serviceTimeZone,
  });
  return {
    money,
    routes: (g: RouteGuards) => moneyRoutes({ money, guards: g.operator, clock: deps.clock }),
  };
}
