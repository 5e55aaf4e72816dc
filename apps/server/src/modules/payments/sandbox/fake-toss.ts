import type { IncomingMessage, ServerResponse } from 'node:http';
import { id, readBody, safeEqual, send, type CountCall, type StandIn } from './fake-http';
import type { SandboxKeys } from './fake-keys';
import { createTossBillingStandIn, type TossBillingStandIn } from './fake-toss-billing';

/**
 * The Toss stand-in (served under /toss): the widget payments' confirm, cancel and reads, and the
 * automatic payment (billing) API of fake-toss-billing.ts, whose charges are recorded here.
 */

/** Toss codes the buyer's step can end with (spec §8), plus a card the issuer declines at confirm. */
export type TossOutcome = 'approve' | 'decline_at_confirm';

export interface TossPaymentState {
  paymentKey: string;
  orderId: string;
  orderName: string;
  amount: number;
  status: 'READY' | 'DONE' | 'CANCELED' | 'ABORTED';
  outcome: TossOutcome;
  approvedAt: string | null;
  canceledAmount: number;
  cancels: {
    transactionKey: string;
    cancelAmount: number;
    cancelReason: string;
    canceledAt: string;
  }[];
}

export interface TossStandInApi {
  /** the widget step succeeded: a payment waits for the merchant's confirm */
  authorize(input: {
    orderId: string;
    amount: number;
    orderName: string;
    outcome: TossOutcome;
  }): string;
  payment(paymentKey: string): TossPaymentState | undefined;
  /** the order's payment the merchant confirmed (DONE, or canceled since), if any */
  paidPaymentOf(orderId: string): TossPaymentState | undefined;
  /** the merchant canceled (refunded) the payment at Toss */
  cancel(paymentKey: string): void;
}

export function createTossStandIn(
  keys: SandboxKeys,
  count: CountCall,
): StandIn<TossStandInApi> & { billing: TossBillingStandIn } {
  const tossPayments = new Map<string, TossPaymentState>();
  const tossByOrder = new Map<string, string>();
  const tossIdempotent = new Map<string, { status: number; body: unknown }>();
  const tossJson = (p: TossPaymentState) => ({
    mId: 'tvivarepublica',
    version: '2022-11-16',
    paymentKey: p.paymentKey,
    orderId: p.orderId,
    orderName: p.orderName,
    status: p.status,
    method: '카드',
    currency: 'KRW',
    totalAmount: p.amount,
    balanceAmount: p.amount - p.canceledAmount,
    approvedAt: p.approvedAt,
    requestedAt: new Date().toISOString(),
    cancels: p.cancels.length > 0 ? p.cancels : null,
  });

  const tossBilling = createTossBillingStandIn({
    send,
    record(payment) {
      tossPayments.set(payment.paymentKey, payment);
      tossByOrder.set(payment.orderId, payment.paymentKey);
      return tossJson(payment);
    },
    orderUsed: (orderId) => tossByOrder.has(orderId),
  });

  async function toss(request: IncomingMessage, response: ServerResponse, path: string) {
    const expected = `Basic ${Buffer.from(`${keys.tossSecretKey}:`).toString('base64')}`;
    if (!safeEqual(request.headers.authorization ?? '', expected)) {
      return send(response, 401, {
        code: 'UNAUTHORIZED_KEY',
        message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
      });
    }
    if (path.startsWith('/v1/billing/')) count('toss.billing');
    if (await tossBilling.handle(request, response, path, () => readBody(request))) return;
    if (request.method === 'POST' && path === '/v1/payments/confirm') {
      count('toss.confirm');
      const key = request.headers['idempotency-key'];
      const body = JSON.parse(await readBody(request)) as {
        paymentKey?: string;
        orderId?: string;
        amount?: number;
      };
      const idemKey = typeof key === 'string' ? key : undefined;
      const seen = idemKey ? tossIdempotent.get(idemKey) : undefined;
      if (seen) return send(response, seen.status, seen.body);
      const answer = (status: number, out: unknown) => {
        if (idemKey && status < 300) tossIdempotent.set(idemKey, { status, body: out });
        return send(response, status, out);
      };
      const p = body.paymentKey ? tossPayments.get(body.paymentKey) : undefined;
      if (!p || p.orderId !== body.orderId) {
        return answer(404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      }
      if (p.amount !== body.amount) {
        return answer(400, { code: 'INVALID_REQUEST', message: '결제 금액이 일치하지 않습니다.' });
      }
      if (p.status === 'DONE' || p.status === 'CANCELED') {
        return answer(400, {
          code: 'ALREADY_PROCESSED_PAYMENT',
          message: '이미 처리된 결제 입니다.',
        });
      }
      if (p.outcome === 'decline_at_confirm') {
        p.status = 'ABORTED';
        return answer(403, {
          code: 'REJECT_CARD_COMPANY',
          message: '카드사에서 결제를 거절했습니다.',
        });
      }
      p.status = 'DONE';
      p.approvedAt = new Date().toISOString();
      return answer(200, tossJson(p));
    }
    const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel) {
      count('toss.cancel');
      const body = JSON.parse((await readBody(request)) || '{}') as { cancelReason?: unknown };
      const key = request.headers['idempotency-key'];
      const idemKey = typeof key === 'string' ? `cancel:${key}` : undefined;
      const seen = idemKey ? tossIdempotent.get(idemKey) : undefined;
      if (seen) return send(response, seen.status, seen.body);
      if (typeof body.cancelReason !== 'string' || body.cancelReason === '') {
        return send(response, 400, { code: 'INVALID_REQUEST', message: '취소 사유는 필수입니다.' });
      }
      const p = tossPayments.get(decodeURIComponent(cancel[1] ?? ''));
      if (!p) {
        return send(response, 404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      }
      if (p.status === 'CANCELED') {
        return send(response, 400, {
          code: 'ALREADY_CANCELED_PAYMENT',
          message: '이미 취소된 결제 입니다.',
        });
      }
      if (p.status !== 'DONE') {
        return send(response, 403, {
          code: 'NOT_CANCELABLE_PAYMENT',
          message: '취소 할 수 없는 결제 입니다.',
        });
      }
      p.cancels.push({
        transactionKey: id('', 16),
        cancelAmount: p.amount - p.canceledAmount,
        cancelReason: body.cancelReason,
        canceledAt: new Date().toISOString(),
      });
      p.status = 'CANCELED';
      p.canceledAmount = p.amount;
      const out = tossJson(p);
      if (idemKey) tossIdempotent.set(idemKey, { status: 200, body: out });
      return send(response, 200, out);
    }
    const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && byOrder) {
      count('toss.byOrder');
      const key = tossByOrder.get(decodeURIComponent(byOrder[1] ?? ''));
      const p = key ? tossPayments.get(key) : undefined;
      if (!p)
        return send(response, 404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      return send(response, 200, tossJson(p));
    }
    const byKey = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && byKey) {
      count('toss.payment');
      const p = tossPayments.get(decodeURIComponent(byKey[1] ?? ''));
      if (!p)
        return send(response, 404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      return send(response, 200, tossJson(p));
    }
    return send(response, 404, { code: 'NOT_FOUND', message: 'no such API' });
  }

  return {
    handle: toss,
    billing: tossBilling,
    api: {
      authorize(input) {
        const earlier = tossByOrder.get(input.orderId);
        const prior = earlier ? tossPayments.get(earlier) : undefined;
        if (prior && prior.status === 'DONE') return prior.paymentKey;
        const paymentKey = id('tgen_', 16);
        tossPayments.set(paymentKey, {
          paymentKey,
          orderId: input.orderId,
          orderName: input.orderName,
          amount: input.amount,
          status: 'READY',
          outcome: input.outcome,
          approvedAt: null,
          canceledAmount: 0,
          cancels: [],
        });
        tossByOrder.set(input.orderId, paymentKey);
        return paymentKey;
      },
      payment: (key) => tossPayments.get(key),
      paidPaymentOf(orderId) {
        const key = tossByOrder.get(orderId);
        const p = key ? tossPayments.get(key) : undefined;
        return p && p.approvedAt !== null ? p : undefined;
      },
      cancel(key) {
        const p = tossPayments.get(key);
        if (p) {
          p.status = 'CANCELED';
          p.canceledAmount = p.amount;
        }
      },
    },
  };
}
