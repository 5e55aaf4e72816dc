import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_PATHS,
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
import type { z } from 'zod';
import type { Guards } from '../../http/auth-guard';
import { jsonRoute } from '../../http/json-route';
import { memberCaller } from '../../http/member-caller';
import { ok } from '../../http/reply';
import type { AuthContext } from '../auth/auth.service';
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

type PaymentResult = z.input<typeof paymentResultData>;

export function paymentsRoutes(deps: {
  orders: PaymentsService;
  web: WebGatewaysService;
  guards: Guards;
  webOrigin: (request: FastifyRequest) => string;
}): FastifyPluginAsyncZod {
  const { orders, web, guards } = deps;
  /** spec §5, §6: guests cannot pay; the client opens login */
  const member = (request: FastifyRequest) => memberCaller(request, 'Sign in to buy coins');

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

    jsonRoute(
      app,
      {
        method: 'POST',
        url: PAYMENT_PATHS.regist,
        preHandler: guards.requireUser,
        description:
          'Registers an order priced by the server (Toss KRW, Stripe USD, stores iap_price). 409070 when price ' +
          'differs, 409071 when the pack has no price there, 403005 for guests. Stripe: clientSecret of an ' +
          'embedded Checkout Session. PayPal uses POST /payment/paypal/order.',
        body: paymentRegistBody,
        data: paymentRegistData,
      },
      async (request) => web.regist(member(request), request.body, deps.webOrigin(request)),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: PAYMENT_PATHS.paypalOrder,
        preHandler: guards.requireUser,
        description:
          'The PayPal create-order call (spec §7): registers our order and creates the PayPal order ' +
          '(USD, intent CAPTURE) for the JS SDK createOrder callback.',
        body: paypalOrderBody,
        data: paypalOrderData,
      },
      async (request) => web.paypalOrder(member(request), request.body, deps.webOrigin(request)),
    );

    const confirmDescription = (what: string) =>
      `${what} A replay of a credited order answers success with already_credited true and credits nothing.`;

    /** A web gateway's confirm call: the member's order, paid there, is checked and credited once. */
    const confirmRoute = <Body extends z.ZodType>(
      url: string,
      what: string,
      body: Body,
      confirm: (who: AuthContext, body: z.output<Body>) => Promise<PaymentResult>,
    ) =>
      jsonRoute(
        app,
        {
          method: 'PUT',
          url,
          preHandler: guards.requireUser,
          description: confirmDescription(what),
          body,
          data: paymentResultData,
        },
        async (request) => confirm(member(request), request.body),
      );

    confirmRoute(
      PAYMENT_PATHS.tossConfirm,
      'Confirms a Toss payment: amnt is checked against the order, then Toss confirm is called.',
      tossConfirmBody,
      (who, body) => web.tossConfirm(who, body),
    );
    confirmRoute(
      PAYMENT_PATHS.stripeConfirm,
      "Confirms a Stripe Checkout Session: retrieved from Stripe, must be this order's, complete and paid.",
      stripeConfirmBody,
      (who, body) => web.stripeConfirm(who, body),
    );
    confirmRoute(
      PAYMENT_PATHS.paypalConfirm,
      'Captures the approved PayPal order, which must be the one created for this order (409074).',
      paypalConfirmBody,
      (who, body) => web.paypalConfirm(who, body),
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
