import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  coinActionBody,
  coinActionData,
  envelope,
  orderIdParams,
  refundOrderBody,
  refundOrderData,
  userIdParams,
  viewerDetailData,
  viewerSearchData,
  viewerSearchQuery,
} from '@snapdrama/contract';
import { ok } from '../../http/reply';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { ViewersService } from './viewers.service';

/** Viewers and money in the console: admins and support staff (editors run the catalog only). */
export function viewersRoutes(deps: {
  viewers: ViewersService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { viewers } = deps;
  const staff = deps.guards.requireOperator(['admin', 'support']);
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/viewers`,
      {
        preHandler: staff,
        schema: {
          tags: ['admin'],
          description: 'Find viewers by id, nickname, email, provider id or sign-in method.',
          querystring: viewerSearchQuery,
          response: { 200: envelope(viewerSearchData) },
        },
      },
      async (request) => ok({ viewers: await viewers.search(request.query.q) }),
    );

    app.get(
      `${ADMIN_BASE}/viewers/:userId`,
      {
        preHandler: staff,
        schema: {
          tags: ['admin'],
          params: userIdParams,
          response: { 200: envelope(viewerDetailData) },
        },
      },
      async (request) => ok(await viewers.detail(request.params.userId)),
    );

    // money back to the payment method: admins only
    app.post(
      `${ADMIN_BASE}/orders/:ordrId/refund`,
      {
        preHandler: deps.guards.requireOperator(['admin']),
        schema: {
          tags: ['admin'],
          description:
            "Refund an order through the provider's refund API, then take back its remaining purchased coins.",
          params: orderIdParams,
          body: refundOrderBody,
          response: { 200: envelope(refundOrderData) },
        },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const done = await viewers.refund(operatorId, request.params.ordrId, request.body);
        return ok({
          ordrId: done.order.id,
          state: done.order.state,
          refundedCoins: done.refundedCoins,
          providerRefundId: done.providerRefundId,
        });
      },
    );

    for (const kind of ['grant', 'revoke'] as const) {
      app.post(
        `${ADMIN_BASE}/viewers/:userId/coins/${kind}`,
        {
          preHandler: staff,
          schema: {
            tags: ['admin'],
            description:
              kind === 'grant'
                ? 'Grant bonus coins with a reason; the same actionKey twice credits once.'
                : 'Take coins back with a reason (spend order); the same actionKey twice takes once.',
            params: userIdParams,
            body: coinActionBody,
            response: { 200: envelope(coinActionData) },
          },
        },
        async (request) => {
          const { operatorId } = operatorCaller(request);
          const result = await viewers[kind](operatorId, request.params.userId, request.body);
          return ok({
            id: result.id,
            amount: result.amount,
            created: result.created,
            balances: result.after,
          });
        },
      );
    }
  };
}
