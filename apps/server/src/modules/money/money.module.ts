import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createPaymentsReportsService } from '../payments/payments-reports.service';
import type { AuditService } from '../audit/audit.service';
import { createVipPricesService } from '../vip/vip-prices.service';
import { createVipReportsService } from '../vip/vip-reports.service';
import { moneyRoutes } from './money.routes';
import { createMoneyService } from './money.service';

/**
 * The console's money pages: orders of every gateway, their export, refunds and revenue; and the
 * VIP plans' prices of the economy page.
 */
export function createMoneyModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'serviceTimeZone'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const money = createMoneyService({
    coinOrders: createPaymentsReportsService(deps.db),
    vipCharges: createVipReportsService(deps.db),
    serviceTimeZone: deps.config.serviceTimeZone,
    clock: deps.clock,
  });
  // VIP plan prices, edited with the coin packs on the economy page (decision 1551)
  const vipPrices = createVipPricesService({ db: deps.db, clock: deps.clock });
  return {
    money,
    vipPrices,
    routes: (g: RouteGuards) =>
      moneyRoutes({ money, vipPrices, audit: deps.audit, guards: g.operator, clock: deps.clock }),
  };
}
