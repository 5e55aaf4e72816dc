import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ResultCode,
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
import { AppError } from '../../errors';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { VipGatewaysService } from './vip-gateways.service';
import type { VipService } from './vip.service';
import type { VipStores } from './vip-stores';
import type { VipToss } from './vip-toss';

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
  const member = (request: FastifyRequest) => {
    const who = caller(request);
    if (who.authMethod === 'guest')
      throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to buy a VIP pass');
    return who;
  };

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

    app.post(
      VIP_PATHS.subscribe,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Starts a pass. T: a Toss card registration for automatic payment (toss: customerKey, clientKey when live, ' +
            'successUrl/failUrl for requestBillingAuth; checkoutUrl = the stand-in in the sandbox). S: a Stripe Checkout Session in subscription mode (hosted page: checkoutUrl, the stand-in in the ' +
            'sandbox; sessionId). P: a PayPal Billing subscription (checkoutUrl = approve link). G, A: registers the pass the app buys in the store (vipId as obfuscatedAccountId / ' +
            'appAccountToken). 409090 when an active pass exists; 403005 for guests.',
          body: vipSubscribeBody,
          response: { 200: envelope(vipSubscribeData) },
        },
      },
      async (request) =>
        ok(await web.subscribe(member(request), request.body, deps.webOrigin(request))),
    );

    app.put(
      VIP_PATHS.stripeConfirm,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'The buyer returned from Stripe Checkout: the session and subscription are read back from Stripe and ' +
            'the paid period recorded once (the invoice.paid webhook for the same invoice adds nothing).',
          body: vipStripeConfirmBody,
          response: { 200: envelope(vipPassData) },
        },
      },
      async (request) => ok(await web.stripeConfirm(member(request), request.body)),
    );

    app.put(
      VIP_PATHS.paypalConfirm,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'The buyer approved the PayPal subscription: it and its completed charges are read back from PayPal; ' +
            'the first charge is recorded once (PAYMENT.SALE.COMPLETED for the same sale adds nothing).',
          body: vipPaypalConfirmBody,
          response: { 200: envelope(vipPassData) },
        },
      },
      async (request) => ok(await web.paypalConfirm(member(request), request.body)),
    );

    app.put(
      VIP_PATHS.tossConfirm,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            "The buyer registered a card at Toss (requestBillingAuth's successUrl): the authKey is exchanged for a " +
            'billing key (kept on the server) and the first period charged in KRW, once: a replayed authKey or a ' +
            'second concurrent call answers the same pass. 409075 when Toss declines ("<TOSS_CODE>: <message>"); ' +
            '409092 for a customerKey of another pass.',
          body: vipTossConfirmBody,
          response: { 200: envelope(vipPassData) },
        },
      },
      async (request) => ok(await deps.toss.confirm(member(request).userId, request.body)),
    );

    app.put(
      VIP_PATHS.googleVerify,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'The app bought the pass with Play Billing (obfuscatedAccountId = vipId): the subscription is read ' +
            'with purchases.subscriptionsv2.get and its paid period recorded once. 400070 when it does not verify.',
          body: vipGoogleVerifyBody,
          response: { 200: envelope(vipPassData) },
        },
      },
      async (request) => ok(await deps.stores.googleVerify(member(request), request.body)),
    );

    app.put(
      VIP_PATHS.appleVerify,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'The app bought the pass with StoreKit 2 (appAccountToken = vipId): the transaction JWS is verified, ' +
            "Apple's Get Transaction Info is asked, and its period recorded once (refunded at Apple: the pass " +
            'ends refunded). 400070 when it does not verify; 503071 when Apple is not reachable; 400072 when ' +
            'Apple does not know the transaction.',
          body: vipAppleVerifyBody,
          response: { 200: envelope(vipPassData) },
        },
      },
      async (request) => ok(await deps.stores.appleVerify(member(request), request.body)),
    );

    app.post(
      VIP_PATHS.cancel,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Stops renewal of a web pass at the provider; access runs to the end of the paid period. 409093 for ' +
            'store passes (managed in the store) and passes that no longer renew.',
          body: cancelBody,
          response: { 200: envelope(vipPassData) },
        },
      },
      async (request) => ok(await web.cancel(member(request), request.body.vipId)),
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
