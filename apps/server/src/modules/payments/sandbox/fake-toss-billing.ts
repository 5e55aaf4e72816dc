import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TossPaymentState } from './fake-toss';

/**
 * The Toss stand-in's automatic payment (billing) API: the card registration step of
 * requestBillingAuth (played by the sandbox page), POST /v1/billing/authorizations/issue and
 * POST /v1/billing/{billingKey}, with Toss's bodies, error shapes and Idempotency-Key. A charge is
 * a Toss payment like any other (the stand-in's GET /v1/payments/{key} and cancel answer it).
 */

/** A registered card: approve charges, or have the card company decline them. */
export type TossCardOutcome = 'approve' | 'decline';

export interface TossBillingStandIn {
  /** the buyer registered a card at the billing auth page: an authKey for the successUrl */
  registerCard(input: { customerKey: string; outcome: TossCardOutcome }): string;
  /**
   * tests: make every charge of this customer's card decline with the code (as the card company
   * would), or approve again with null
   */
  declineCharges(customerKey: string, code: string | null): void;
  /** tests: the charges made on this customer's billing keys (orderIds), oldest first */
  chargesOf(customerKey: string): string[];
  /** the stand-in's HTTP side (under /toss), or false when the path is not a billing path */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    body: () => Promise<string>,
  ): Promise<boolean>;
}

const key = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export function createTossBillingStandIn(deps: {
  send(response: ServerResponse, status: number, body: unknown): void;
  /** the stand-in's payments: a charge is recorded there, so it can be read back and canceled */
  record(payment: TossPaymentState): unknown;
  /** whether an orderId was used for a payment already */
  orderUsed(orderId: string): boolean;
}): TossBillingStandIn {
  const auths = new Map<string, { customerKey: string; outcome: TossCardOutcome; used: boolean }>();
  const billingKeys = new Map<string, { customerKey: string; outcome: TossCardOutcome }>();
  const declines = new Map<string, string>();
  const charges = new Map<string, string[]>();
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const parse = (text: string) => {
    try {
      return JSON.parse(text || '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  async function issue(response: ServerResponse, text: string) {
    const body = parse(text);
    const auth = typeof body.authKey === 'string' ? auths.get(body.authKey) : undefined;
    if (!auth) {
      return deps.send(response, 404, {
        code: 'NOT_FOUND_AUTH_KEY',
        message: '존재하지 않는 authKey 입니다.',
      });
    }
    if (auth.customerKey !== body.customerKey) {
      return deps.send(response, 400, {
        code: 'INVALID_REQUEST',
        message: 'customerKey가 authKey와 일치하지 않습니다.',
      });
    }
    if (auth.used) {
      return deps.send(response, 400, {
        code: 'ALREADY_PROCESSED_AUTH_KEY',
        message: '이미 사용된 authKey 입니다.',
      });
    }
    auth.used = true;
    const billingKey = key('bk_');
    billingKeys.set(billingKey, { customerKey: auth.customerKey, outcome: auth.outcome });
    return deps.send(response, 200, {
      mId: 'tvivarepublica',
      customerKey: auth.customerKey,
      authenticatedAt: new Date().toISOString(),
      method: '카드',
      billingKey,
      cardCompany: '신한',
      cardNumber: '43301234****123*',
      card: {
        issuerCode: '41',
        acquirerCode: '41',
        number: '43301234****123*',
        cardType: '신용',
        ownerType: '개인',
      },
    });
  }

  async function charge(
    response: ServerResponse,
    billingKey: string,
    text: string,
    idemKey: string | undefined,
  ) {
    const seen = idemKey ? idempotent.get(idemKey) : undefined;
    if (seen) return deps.send(response, seen.status, seen.body);
    const answer = (status: number, out: unknown) => {
      if (idemKey) idempotent.set(idemKey, { status, body: out });
      return deps.send(response, status, out);
    };
    const body = parse(text);
    const card = billingKeys.get(billingKey);
    if (!card) {
      return deps.send(response, 404, {
        code: 'NOT_FOUND_BILLING',
        message: '존재하지 않는 빌링키 입니다.',
      });
    }
    const { customerKey, amount, orderId, orderName } = body;
    if (
      customerKey !== card.customerKey ||
      typeof amount !== 'number' ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      typeof orderId !== 'string' ||
      !/^[A-Za-z0-9_-]{6,64}$/.test(orderId) ||
      typeof orderName !== 'string'
    ) {
      return deps.send(response, 400, {
        code: 'INVALID_REQUEST',
        message: '잘못된 요청입니다.',
      });
    }
    if (deps.orderUsed(orderId)) {
      return answer(400, {
        code: 'DUPLICATED_ORDER_ID',
        message: '이미 승인 및 취소가 진행된 중복된 주문번호 입니다.',
      });
    }
    const declined =
      declines.get(customerKey) ?? (card.outcome === 'decline' ? 'REJECT_CARD_COMPANY' : undefined);
    if (declined) {
      return answer(403, { code: declined, message: '카드사에서 결제를 거절했습니다.' });
    }
    charges.set(customerKey, [...(charges.get(customerKey) ?? []), orderId]);
    const payment: TossPaymentState = {
      paymentKey: key('tbil_'),
      orderId,
      orderName,
      amount,
      status: 'DONE',
      outcome: 'approve',
      approvedAt: new Date().toISOString(),
      canceledAmount: 0,
      cancels: [],
    };
    return answer(200, deps.record(payment));
  }

  return {
    registerCard(input) {
      const authKey = key('bln_');
      auths.set(authKey, { ...input, used: false });
      return authKey;
    },
    declineCharges(customerKey, code) {
      if (code) declines.set(customerKey, code);
      else declines.delete(customerKey);
    },
    chargesOf: (customerKey) => [...(charges.get(customerKey) ?? [])],
    async handle(request, response, path, body) {
      if (request.method !== 'POST' || !path.startsWith('/v1/billing/')) return false;
      if (path === '/v1/billing/authorizations/issue') {
        await issue(response, await body());
        return true;
      }
      const charged = /^\/v1\/billing\/([^/]+)$/.exec(path);
      if (!charged) return false;
      const idem = request.headers['idempotency-key'];
      await charge(
        response,
        decodeURIComponent(charged[1] ?? ''),
        await body(),
        typeof idem === 'string' ? `billing:${idem}` : undefined,
      );
      return true;
    },
  };
}
