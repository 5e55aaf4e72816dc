import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_PATHS,
  ResultCode,
  envelope,
  paymentConfigData,
  paymentGoodsListData,
  paymentOrderData,
  paymentOrderListData,
  paymentOrderListQuery,
  paymentOrderParams,
  paymentRegistBody,
  paymentRegistData,
  paymentResultData,
  paypalConfirmBody,
  paypalOrderBody,
  paypalOrderData,
  stripeConfirmBody,
  tossConfirmBody,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { PaymentsService } from './payments.service';
import type { WebGatewaysService } from './web-gateways.service';

/**
 * The web origin a provider returns the buyer to: the request's Origin when it is one of ours
 * (loopback too outside production), else PUBLIC_BASE_URL, else this server's own address.
 */
export function webOriginResolver(options: {
  publicBaseUrl: string | undefined;
  webOrigins: string[];
  production: boolean;
}) {
  const allowed = new Set(
    [options.publicBaseUrl, ...options.webOrigins]
      .filter((o): o is string => Boolean(o))
      .map((o) => new URL(o).origin),
  );
  return (request: FastifyRequest): string => {
    const origin = request.headers.origin;
    if (origin) {
      try {
        const url = new URL(origin);
        const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
        if (allowed.has(url.origin) || (loopback && !options.production)) return url.origin;
      } catch {
        // not a URL: fall through to the configured origin
      }
    }
    if (options.publicBaseUrl) return new URL(options.publicBaseUrl).origin;
    return `${request.protocol}://${request.host}`;
  };
}

const guestRefused = () => new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to buy coins');

export function paymentsRoutes(deps: {
  orders: PaymentsService;
  web: WebGatewaysService;
  guards: Guards;
  webOrigin: (request: FastifyRequest) => string;
}): FastifyPluginAsyncZod {
  const { orders, web, guards } = deps;
  /** spec §5, §6: guests cannot pay; the client opens login */
  const member = (request: FastifyRequest) => {
    const who = caller(request);
    if (who.authMethod === 'guest') throw guestRefused();
    return who;
  };

  return async (app) => {
    app.get(
      PAYMENT_PATHS.goodsList,
      {
        preHandler: guards.optionalUser,
        schema: {
          description:
            'Coin packs (spec §3). use_yn is per user: Y once bought (no first-charge bonus); N for guests.',
          response: { 200: envelope(paymentGoodsListData) },
        },
      },
      async (request) => {
        const userId =
          request.auth && request.auth.authMethod !== 'guest' ? request.auth.userId : undefined;
        return ok({ paymentGoodsList: await orders.goodsList(userId) });
      },
    );

    app.get(
      PAYMENT_PATHS.config,
      {
        schema: {
          description:
            'Per web gateway: live (real provider, public key given) or sandbox (local stand-in, checkoutUrl in regist).',
          response: { 200: envelope(paymentConfigData) },
        },
      },
      async () => ok(web.config()),
    );

    app.post(
      PAYMENT_PATHS.regist,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Registers an order priced by the server (Toss KRW, Stripe USD, stores iap_price). 409070 when price ' +
            'differs, 409071 when the pack has no price there, 403005 for guests. Stripe: clientSecret of an ' +
            'embedded Checkout Session. PayPal uses POST /payment/paypal/order.',
          body: paymentRegistBody,
          response: { 200: envelope(paymentRegistData) },
        },
      },
      async (request) =>
        ok(await web.regist(member(request), request.body, deps.webOrigin(request))),
    );

    app.post(
      PAYMENT_PATHS.paypalOrder,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'The PayPal create-order call (spec §7): registers our order and creates the PayPal order ' +
            '(USD, intent CAPTURE) for the JS SDK createOrder callback.',
          body: paypalOrderBody,
          response: { 200: envelope(paypalOrderData) },
        },
      },
      async (request) =>
        ok(await web.paypalOrder(member(request), request.body, deps.webOrigin(request))),
    );

    const confirmDescription = (what: string) =>
      `${what} A replay of a credited order answers success with already_credited true and credits nothing.`;

    app.put(
      PAYMENT_PATHS.tossConfirm,
      {
        preHandler: guards.requireUser,
        schema: {
          description: confirmDescription(
            'Confirms a Toss payment: amnt is checked against the order, then Toss confirm is called.',
          ),
          body: tossConfirmBody,
          response: { 200: envelope(paymentResultData) },
        },
      },
      async (request) => ok(await web.tossConfirm(member(request), request.body)),
    );

    app.put(
      PAYMENT_PATHS.stripeConfirm,
      {
        preHandler: guards.requireUser,
        schema: {
          description: confirmDescription(
            "Confirms a Stripe Checkout Session: retrieved from Stripe, must be this order's, complete and paid.",
          ),
          body: stripeConfirmBody,
          response: { 200: envelope(paymentResultData) },
        },
      },
      async (request) => ok(await web.stripeConfirm(member(request), request.body)),
    );

    app.put(
      PAYMENT_PATHS.paypalConfirm,
      {
        preHandler: guards.requireUser,
        schema: {
          description: confirmDescription(
            'Captures the approved PayPal order, which must be the one created for this order (409074).',
          ),
          body: paypalConfirmBody,
          response: { 200: envelope(paymentResultData) },
        },
      },
      async (request) => ok(await web.paypalConfirm(member(request), request.body)),
    );

    app.get(
      PAYMENT_PATHS.order,
      {
        preHandler: guards.requireUser,
        schema: {
          description: "One of the caller's orders and its state.",
          params: paymentOrderParams,
          response: { 200: envelope(paymentOrderData) },
        },
      },
      async (request) => ok(await orders.receipt(request.params.ordrId, member(request).userId)),
    );

    app.get(
      PAYMENT_PATHS.orders,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            "My orders: the caller's coin pack orders that reached the provider (paid, credited, refunded, " +
            'failed), newest first, with what each credited and what a refund took back. 403005 for guests.',
          querystring: paymentOrderListQuery,
          response: { 200: envelope(paymentOrderListData) },
        },
      },
      async (request) =>
        ok(await orders.receipts(member(request).userId, request.query.page, request.query.count)),
    );
  };
}
