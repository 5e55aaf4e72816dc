import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VIP_PATHS,
  envelope,
  vipPassData,
  vipPlansData,
  vipStatusData,
  vipAppleVerifyBody,
  vipChargeData,
  vipChargeListData,
  vipChargeListQuery,
  vipChargeParams,
  vipGoogleVerifyBody,
  vipPaypalConfirmBody,
  vipStripeConfirmBody,
  vipTossConfirmBody,
  vipSubscribeBody,
  vipSubscribeData,
} from '@snapdrama/contract';
import type { Guards } from '../../http/auth-guard';
import { jsonRoute } from '../../http/json-route';
import { memberCaller } from '../../http/member-caller';
import { ok } from '../../http/reply';
import type { AuthContext } from '../auth/auth.service';
import type { VipGatewaysService } from './vip-gateways.service';
import type { VipService } from './vip.service';
import type { VipStores } from './vip-stores';
import type { VipToss } from './vip-toss';

type VipPass = z.input<typeof vipPassData>;

const cancelBody = z.object({ vipId: z.uuid({ error: 'must be the vipId of your pass' }) });

/** The VIP pass API (docs/payments.md "Subscriptions (VIP pass)"). */
export function vipRoutes(deps: {
  vip: VipService;
  web: VipGatewaysService;
  toss: VipToss;
  stores: VipStores;
  guards: Guards;
  webOrigin: (request: FastifyRequest) => string;
}): FastifyPluginAsyncZod {
  const { vip, web, guards } = deps;
  const member = (request: FastifyRequest) => memberCaller(request, 'Sign in to buy a VIP pass');

  return async (app) => {
    app.get(
      VIP_PATHS.plans,
      {
        schema: {
          description: 'VIP pass plans: weekly and monthly, prices in USD (web) and KRW.',
          response: { 200: envelope(vipPlansData) },
        },
      },
      async () => ok(await vip.plans()),
    );

    app.get(
      VIP_PATHS.status,
      {
        preHandler: guards.optionalUser,
        schema: {
          description:
            "The caller's pass: the active one, else the latest paid one; null for guests and anonymous callers.",
          response: { 200: envelope(vipStatusData) },
        },
      },
      async (request) => {
        const who = request.auth;
        if (!who || who.authMethod === 'guest') return ok({ pass: null });
        return ok({ pass: await vip.passOf(who.userId) });
      },
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: VIP_PATHS.subscribe,
        preHandler: guards.requireUser,
        description:
          'Starts a pass. T: a Toss card registration for automatic payment (toss: customerKey, clientKey when live, ' +
          'successUrl/failUrl for requestBillingAuth; checkoutUrl = the stand-in in the sandbox). S: a Stripe Checkout Session in subscription mode (hosted page: checkoutUrl, the stand-in in the ' +
          'sandbox; sessionId). P: a PayPal Billing subscription (checkoutUrl = approve link). G, A: registers the pass the app buys in the store (vipId as obfuscatedAccountId / ' +
          'appAccountToken). 409090 when an active pass exists; 403005 for guests.',
        body: vipSubscribeBody,
        data: vipSubscribeData,
      },
      async (request) => web.subscribe(member(request), request.body, deps.webOrigin(request)),
    );

    /** A call that records or changes the member's pass, answering the pass. */
    const passRoute = <Body extends z.ZodType>(
      method: 'PUT' | 'POST',
      url: string,
      description: string,
      body: Body,
      run: (who: AuthContext, body: z.output<Body>) => Promise<VipPass>,
    ) =>
      jsonRoute(
        app,
        { method, url, preHandler: guards.requireUser, description, body, data: vipPassData },
        async (request) => run(member(request), request.body),
      );

    passRoute(
      'PUT',
      VIP_PATHS.stripeConfirm,
      'The buyer returned from Stripe Checkout: the session and subscription are read back from Stripe and ' +
        'the paid period recorded once (the invoice.paid webhook for the same invoice adds nothing).',
      vipStripeConfirmBody,
      (who, body) => web.stripeConfirm(who, body),
    );

    passRoute(
      'PUT',
      VIP_PATHS.paypalConfirm,
      'The buyer approved the PayPal subscription: it and its completed charges are read back from PayPal; ' +
        'the first charge is recorded once (PAYMENT.SALE.COMPLETED for the same sale adds nothing).',
      vipPaypalConfirmBody,
      (who, body) => web.paypalConfirm(who, body),
    );

    passRoute(
      'PUT',
      VIP_PATHS.tossConfirm,
      "The buyer registered a card at Toss (requestBillingAuth's successUrl): the authKey is exchanged for a " +
        'billing key (kept on the server) and the first period charged in KRW, once: a replayed authKey or a ' +
        'second concurrent call answers the same pass. 409075 when Toss declines ("<TOSS_CODE>: <message>"); ' +
        '409092 for a customerKey of another pass.',
      vipTossConfirmBody,
      (who, body) => deps.toss.confirm(who.userId, body),
    );

    passRoute(
      'PUT',
      VIP_PATHS.googleVerify,
      'The app bought the pass with Play Billing (obfuscatedAccountId = vipId): the subscription is read ' +
        'with purchases.subscriptionsv2.get and its paid period recorded once. 400070 when it does not verify.',
      vipGoogleVerifyBody,
      (who, body) => deps.stores.googleVerify(who, body),
    );

    passRoute(
      'PUT',
      VIP_PATHS.appleVerify,
      'The app bought the pass with StoreKit 2 (appAccountToken = vipId): the transaction JWS is verified, ' +
        "Apple's Get Transaction Info is asked, and its period recorded once (refunded at Apple: the pass " +
        'ends refunded). 400070 when it does not verify; 503071 when Apple is not reachable; 400072 when ' +
        'Apple does not know the transaction.',
      vipAppleVerifyBody,
      (who, body) => deps.stores.appleVerify(who, body),
    );

    passRoute(
      'POST',
      VIP_PATHS.cancel,
      'Stops renewal of a web pass at the provider; access runs to the end of the paid period. 409093 for ' +
        'store passes (managed in the store) and passes that no longer renew.',
      cancelBody,
      (who, body) => web.cancel(who, body.vipId),
    );

    app.get(
      VIP_PATHS.charges,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            "My orders' VIP part: the caller's pass charges (one per paid period), newest first, each with what was " +
            "paid (null for a store's charge: the store's receipt has it) and whether it was refunded. 403005 for guests.",
          querystring: vipChargeListQuery,
          response: { 200: envelope(vipChargeListData) },
        },
      },
      async (request) =>
        ok(await vip.charges(member(request).userId, request.query.page, request.query.count)),
    );

    app.get(
      VIP_PATHS.charge,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            "One of the caller's pass charges, as its receipt shows it. 404090 for another's.",
          params: vipChargeParams,
          response: { 200: envelope(vipChargeData) },
        },
      },
      async (request) => ok(await vip.charge(member(request).userId, request.params.chrgId)),
    );
  };
}
