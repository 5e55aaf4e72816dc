import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  MONEY_PATHS,
  adminVipPlan,
  adminVipPlanBody,
  adminVipPlansData,
  vipPlanParams,
  moneyOrderFilter,
  moneyOrderListData,
  moneyOrderListQuery,
  moneyRangeQuery,
  moneyRefundsData,
  moneyRevenueData,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import { csvLine } from '../../http/csv';
import { jsonRoute } from '../../http/json-route';
import type { AuditService } from '../audit/audit.service';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { VipPricesService } from '../vip/vip-prices.service';
import type { MoneyService } from './money.service';

const toAdminPlan = (p: Awaited<ReturnType<VipPricesService['plansNow']>>[number]) => ({
  code: p.code,
  interval: p.interval,
  periodDays: p.periodDays,
  krw: p.krw,
  usdCents: p.usdCents,
  since: p.since ? p.since.toISOString() : null,
});

/**
 * The console's money pages (decision 1550): admins and support staff find orders; the export,
 * the refunds report and revenue are admins'. Refunds themselves stay POST /admin/orders/{ordrId}/refund.
 */
export function moneyRoutes(deps: {
  money: MoneyService;
  vipPrices: VipPricesService;
  audit: Pick<AuditService, 'record'>;
  guards: OperatorGuards;
  clock: Clock;
}): FastifyPluginAsyncZod {
  const { money } = deps;
  const staff = deps.guards.requireOperator(['admin', 'support']);
  const adminOnly = deps.guards.requireOperator(['admin']);
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}${MONEY_PATHS.orders}`,
        preHandler: staff,
        tags: ['admin'],
        description:
          'Orders of every gateway, coin packs and VIP charges, newest first, filtered; keyset pages (nextCursor).',
        querystring: moneyOrderListQuery,
        data: moneyOrderListData,
      },
      async (request) => money.list(request.query),
    );

    app.get(
      `${ADMIN_BASE}${MONEY_PATHS.ordersCsv}`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          description:
            'The filtered orders as CSV (UTF-8 with a byte order mark), newest first, streamed in batches.',
          querystring: moneyOrderFilter,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const stamp = deps.clock.now().toISOString().slice(0, 10);
        const lines = money.exportCsv(request.query, csvLine);
        async function* withBom() {
          // the byte order mark lets spreadsheets read the file as UTF-8
          yield '\uFEFF';
          yield* lines;
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(withBom()));
      },
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}${MONEY_PATHS.revenue}`,
        preHandler: adminOnly,
        tags: ['admin'],
        description:
          'Gross (orders paid in the range), refunds (made in the range) and net per service day, gateway and currency.',
        querystring: moneyRangeQuery,
        data: moneyRevenueData,
      },
      async (request) => money.revenue(request.query),
    );

    // VIP plan prices (decision 1551): the economy page lists and edits them with the coin packs
    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/economy/vip-plans`,
        preHandler: adminOnly,
        tags: ['admin'],
        data: adminVipPlansData,
      },
      async () => ({ plans: (await deps.vipPrices.plansNow()).map(toAdminPlan) }),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${ADMIN_BASE}/economy/vip-plans/:plan`,
        preHandler: adminOnly,
        tags: ['admin'],
        description:
          "A VIP plan's web prices from now on (won for Toss, cents for Stripe and PayPal); passes already sold keep theirs. Audited; a save that changes nothing is not recorded.",
        params: vipPlanParams,
        body: adminVipPlanBody,
        data: adminVipPlan,
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const { plan } = request.params;
        await deps.vipPrices.savePrice(plan, request.body, async (tx, change) => {
          await deps.audit.record(tx, {
            operatorId,
            action: 'vip_plan.update',
            targetType: 'vip_plan',
            targetId: plan,
            before: { krw: change.before.krw, usdCents: change.before.usdCents },
            after: { krw: change.after.krw, usdCents: change.after.usdCents },
          });
        });
        const saved = (await deps.vipPrices.plansNow()).find((p) => p.code === plan);
        if (!saved) throw new Error(`plan ${plan} not listed`);
        return toAdminPlan(saved);
      },
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}${MONEY_PATHS.refunds}`,
        preHandler: adminOnly,
        tags: ['admin'],
        description:
          'Refunds made in the range, newest first, with who refunded, why, and totals per gateway and currency.',
        querystring: moneyRangeQuery,
        data: moneyRefundsData,
      },
      async (request) => money.refunds(request.query),
    );
  };
}
