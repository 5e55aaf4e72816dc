import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  id,
  paypalError,
  readBody,
  safeEqual,
  send,
  type CountCall,
  type StandIn,
} from './fake-http';
import type { SandboxKeys } from './fake-keys';
import { createPaypalBillingStandIn, type PaypalBillingApi } from './fake-paypal-billing';

/**
 * The PayPal stand-in (served under /paypal): the OAuth token, Orders v2 (create, capture, read),
 * capture refunds, webhook signature verification, and the Billing API of fake-paypal-billing.ts.
 */

interface PaypalOrderState {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  customId: string;
  referenceId: string;
  value: string;
  currency: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  declined: boolean;
  captureId: string | null;
  refundId: string | null;
}

export interface PaypalStandInApi extends PaypalBillingApi {
  order(id: string): PaypalOrderState | undefined;
  /** the buyer approved in PayPal's popup; declined: the funding source fails at capture */
  approve(id: string, declined?: boolean): PaypalOrderState;
  /** the merchant refunded the capture in PayPal's dashboard; answers the refund id */
  refund(captureId: string): string;
  /** headers PayPal sends with a webhook, signed the way this stand-in verifies them */
  signWebhook(event: unknown, webhookId?: string): Record<string, string>;
}

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function createPaypalStandIn(
  keys: SandboxKeys,
  count: CountCall,
): StandIn<PaypalStandInApi> {
  const paypalOrders = new Map<string, PaypalOrderState>();
  const paypalRequests = new Map<string, { status: number; body: unknown }>();
  const paypalTokens = new Set<string>();
  const webhookKey = randomBytes(32);
  const billing = createPaypalBillingStandIn(keys, count);

  const paypalJson = (o: PaypalOrderState) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        reference_id: o.referenceId,
        custom_id: o.customId,
        amount: { currency_code: o.currency, value: o.value },
        ...(o.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: o.captureId,
                    status: o.refundId ? 'REFUNDED' : 'COMPLETED',
                    amount: { currency_code: o.currency, value: o.value },
                    custom_id: o.customId,
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      {
        href: `/sandbox/payments/paypal/checkoutnow?token=${o.id}`,
        rel: 'approve',
        method: 'GET',
      },
    ],
  });

  async function paypal(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${keys.paypalClientId}:${keys.paypalClientSecret}`).toString(
        'base64',
      );
      if (request.headers.authorization !== `Basic ${basic}`) {
        return send(response, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      await readBody(request);
      const token = id('A21AA', 24);
      paypalTokens.add(token);
      return send(response, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
        scope: 'https://uri.paypal.com/services/payments/payment',
      });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!paypalTokens.has(bearer)) {
      return send(response, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
    }
    const requestId = request.headers['paypal-request-id'];
    const replay =
      typeof requestId === 'string' ? paypalRequests.get(`${path}:${requestId}`) : undefined;
    if (replay) return send(response, replay.status, replay.body);
    const answer = (status: number, body: unknown) => {
      // PayPal answers a repeated PayPal-Request-Id with the first successful response
      if (typeof requestId === 'string' && status < 300) {
        paypalRequests.set(`${path}:${requestId}`, { status, body });
      }
      return send(response, status, body);
    };
    /** PayPal's error answer (never kept for a repeated request id: only successes are) */
    const refuse = (status: number, issue: string, description: string) => {
      const e = paypalError(status, issue, description);
      return answer(e.status, e.body);
    };

    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      count('paypal.create');
      const body = JSON.parse(await readBody(request)) as {
        intent?: string;
        purchase_units?: {
          reference_id?: string;
          custom_id?: string;
          amount?: { currency_code?: string; value?: string };
        }[];
        application_context?: { return_url?: string; cancel_url?: string };
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value) {
        return refuse(422, 'INVALID_PARAMETER_VALUE', 'intent and amount are required');
      }
      const order: PaypalOrderState = {
        id: id('', 8).toUpperCase().slice(0, 17),
        status: 'CREATED',
        customId: unit.custom_id ?? '',
        referenceId: unit.reference_id ?? 'default',
        value: unit.amount.value,
        currency: unit.amount.currency_code ?? 'USD',
        returnUrl: body.application_context?.return_url ?? null,
        cancelUrl: body.application_context?.cancel_url ?? null,
        declined: false,
        captureId: null,
        refundId: null,
      };
      paypalOrders.set(order.id, order);
      return answer(201, paypalJson(order));
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (request.method === 'POST' && capture) {
      count('paypal.capture');
      await readBody(request);
      const o = paypalOrders.get(decodeURIComponent(capture[1] ?? ''));
      if (!o) {
        return refuse(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      }
      if (o.status === 'COMPLETED') {
        return refuse(422, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
      }
      if (o.status !== 'APPROVED') {
        return refuse(
          422,
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
      }
      if (o.declined) {
        return refuse(
          422,
          'INSTRUMENT_DECLINED',
          'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
        );
      }
      o.status = 'COMPLETED';
      o.captureId = id('', 9).toUpperCase().slice(0, 17);
      return answer(201, paypalJson(o));
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refund) {
      count('paypal.refund');
      await readBody(request);
      const captureId = decodeURIComponent(refund[1] ?? '');
      const o = [...paypalOrders.values()].find((x) => x.captureId === captureId);
      if (!o) {
        return refuse(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      }
      if (o.refundId) {
        return refuse(
          422,
          'CAPTURE_FULLY_REFUNDED',
          'The capture has already been fully refunded.',
        );
      }
      o.refundId = id('', 9).toUpperCase().slice(0, 17);
      return answer(201, {
        id: o.refundId,
        status: 'COMPLETED',
        amount: { currency_code: o.currency, value: o.value },
        links: [],
      });
    }
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && get) {
      count('paypal.get');
      const o = paypalOrders.get(decodeURIComponent(get[1] ?? ''));
      if (!o) {
        return refuse(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      }
      return send(response, 200, paypalJson(o));
    }
    if (await billing.handle(request, response, path, answer)) return;
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      count('paypal.verify');
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      const expected = sign(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        body.webhook_event,
      );
      const ok =
        body.webhook_id === keys.paypalWebhookId &&
        typeof body.transmission_sig === 'string' &&
        safeEqual(body.transmission_sig, expected);
      return send(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return send(response, 404, { name: 'RESOURCE_NOT_FOUND', message: 'no such API' });
  }

  function sign(transmissionId: string, time: string, webhookId: string, event: unknown) {
    const message = `${transmissionId}|${time}|${webhookId}|${crc32(JSON.stringify(event))}`;
    return createHmac('sha256', webhookKey).update(message).digest('base64');
  }

  return {
    handle: paypal,
    api: {
      ...billing.api,
      refund(captureId) {
        const o = [...paypalOrders.values()].find((x) => x.captureId === captureId);
        if (!o) throw new Error(`no PayPal capture ${captureId}`);
        o.refundId ??= id('', 9).toUpperCase().slice(0, 17);
        return o.refundId;
      },
      order: (oid) => paypalOrders.get(oid),
      approve(oid, declined = false) {
        const o = paypalOrders.get(oid);
        if (!o) throw new Error(`no PayPal order ${oid}`);
        if (o.status === 'CREATED') {
          o.status = 'APPROVED';
          o.declined = declined;
        }
        return o;
      },
      signWebhook(event, webhookId = keys.paypalWebhookId) {
        const transmissionId = randomBytes(8).toString('hex');
        const time = new Date().toISOString();
        return {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-sandbox',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sign(transmissionId, time, webhookId, event),
          'paypal-transmission-time': time,
        };
      },
    },
  };
}
