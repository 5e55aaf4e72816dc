import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  enMessages,
  jaMessages,
  koMessages,
  type Language,
} from '@snapdrama/contract';
import { acceptFormPosts, escapeHtml, httpUrl, sendPage } from '../../../http/stand-in-pages';
import { SANDBOX_CHECKOUT_BASE } from '../web-gateways.service';
import type { FakeProviders } from './fake-providers';

/**
 * The buyer's step of each web gateway, as local pages that look and behave like the provider's
 * (card form, approve, decline, cancel; Toss's §8 error codes selectable) and return to the web
 * app the way the real provider does: Toss to successUrl?paymentKey&orderId&amount or
 * failUrl?code&message&orderId; Stripe to its return_url with the session id; PayPal to the
 * return or cancel URL with token (and PayerID). Never mounted in production.
 */

const TOSS_FAILURES = {
  PAY_PROCESS_CANCELED: '사용자에 의해 결제가 취소되었습니다.',
  PAY_PROCESS_ABORTED: '결제 진행 중 승인에 실패하여 결제가 중단되었습니다.',
  REJECT_CARD_COMPANY: '결제 승인이 거절되었습니다.',
  INVALID_CARD_COMPANY: '유효하지 않은 카드입니다.',
  NOT_SUPPORTED_EASYPAY_METHOD: '지원되지 않는 간편결제 수단입니다.',
} as const;

/** A provider's look: the page title and the brand's colour. */
interface Brand {
  title: string;
  accent: string;
}

function page({ title, accent }: Brand, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} (sandbox)</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f2f4f6;color:#191f28}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
.brand{font-weight:800;font-size:22px;color:${accent};margin:0 0 4px}.badge{display:inline-block;font-size:12px;background:#fff4e5;color:#b35c00;border-radius:6px;padding:2px 8px;margin-bottom:16px}
.amount{font-size:28px;font-weight:700;margin:8px 0 20px}.muted{color:#6b7684;font-size:14px;overflow-wrap:anywhere}
label{display:block;font-size:13px;color:#4e5968;margin:12px 0 4px}input,select{width:100%;padding:12px;border:1px solid #d1d6db;border-radius:10px;font-size:16px}
.row{display:flex;gap:8px}.row>*{flex:1;min-width:0}
button{width:100%;padding:14px;border:0;border-radius:10px;font-size:16px;font-weight:700;margin-top:16px;cursor:pointer;background:${accent};color:#fff}
button.secondary{background:#e5e8eb;color:#333d4b}.error{background:#ffeeee;color:#d22030;border-radius:10px;padding:12px;margin-top:12px;font-size:14px}
</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

const withQuery = (base: URL, params: Record<string, string>) => {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'none'";

const html = (reply: FastifyReply, status: number, body: string) =>
  sendPage(reply, status, body, PAGE_POLICY);

/**
 * The web app's receipt of a paid coin order (My orders), on the origin the checkout returns to;
 * My orders itself when the order is not known (a VIP pass: its charges are listed there).
 */
function receiptUrl(
  returnUrl: string | null | undefined,
  ordrId?: string | null,
): string | undefined {
  const back = httpUrl(returnUrl?.replace('{CHECKOUT_SESSION_ID}', ''));
  if (!back) return undefined;
  const path = ordrId ? `/profile/orders/${encodeURIComponent(ordrId)}` : '/profile/orders';
  return `${back.origin}${path}`;
}

const DICTIONARIES = { ko: koMessages, en: enMessages, ja: jaMessages } as const;

/** The buyer's language by Accept-Language (the stand-in has no session of ours to ask). */
function buyerLanguage(acceptLanguage: string | undefined): Language {
  const found = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase())
    .map((tag) => LANGUAGES.find((l) => tag?.startsWith(l)))
    .find((l) => l !== undefined);
  return found ?? FALLBACK_LANGUAGE;
}

/**
 * A checkout opened again after it was paid (Back, a reload, a second tab): the provider says the
 * order is paid, with no active pay button, and links the merchant's receipt (issue 40). Its
 * words are our dictionary's, in the buyer's language, since the page leads back to us.
 */
function alreadyPaidPage(
  brand: Brand & { name: string },
  receipt: string | undefined,
  acceptLanguage: string | undefined,
) {
  const lang = buyerLanguage(acceptLanguage);
  const words = DICTIONARIES[lang];
  return page(
    brand,
    `
<p class="brand">${escapeHtml(brand.name)}</p><span class="badge">Sandbox</span>
<p class="amount" lang="${lang}" data-testid="checkout-already-paid">${escapeHtml(words['payment.msg_already_paid'])}</p>
${receipt ? `<a href="${escapeHtml(receipt)}" data-testid="checkout-receipt"><button type="button" lang="${lang}">${escapeHtml(words['payment.view_receipt'])}</button></a>` : ''}`,
  );
}

const TOSS = { title: 'Toss Payments', accent: '#3182f6', name: 'toss payments' };
const STRIPE = { title: 'Stripe Checkout', accent: '#635bff', name: 'stripe' };
const PAYPAL = { title: 'PayPal', accent: '#0070ba', name: 'PayPal' };
/** PayPal's darker blue, of its refusal pages. */
const PAYPAL_REFUSAL = { ...PAYPAL, accent: '#003087' };

/** A provider's page refusing the step (bad input, a checkout no longer open): its error box. */
const refusalPage = (reply: FastifyReply, status: number, brand: Brand, message: string) =>
  html(reply, status, page(brand, `<p class="error">${escapeHtml(message)}</p>`));

/** A provider's plain page where the return URL is not a web address: what happened, in words. */
const notePage = (reply: FastifyReply, brand: Brand, note: string) =>
  html(reply, 200, page(brand, `<p>${note}</p>`));

const tossRefusal = (reply: FastifyReply, message: string) =>
  refusalPage(reply, 400, TOSS, message);

/** Toss's failUrl message for one of its codes. */
const tossFailMessage = (code: string) =>
  code in TOSS_FAILURES ? TOSS_FAILURES[code as keyof typeof TOSS_FAILURES] : 'Unknown error';

/**
 * A Toss step's page: the query's fields carried in hidden inputs, a card form, the results the
 * tester may pick (the happy one first, then Toss's failUrl codes), and the two buttons.
 */
function tossPage(input: {
  query: Record<string, string | undefined>;
  fields: string[];
  action: string;
  heading: string;
  outcomes: [value: string, label: string][];
  testIds: { outcome: string; submit: string; cancel: string };
  submit: [value: string, label: string];
}): string {
  const { query: q, testIds } = input;
  const hidden = input.fields
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? '')}">`)
    .join('');
  const options = [...input.outcomes, ...Object.keys(TOSS_FAILURES).map((c) => [c, c])]
    .map(([v, l]) => `<option value="${escapeHtml(v ?? '')}">${escapeHtml(l ?? '')}</option>`)
    .join('');
  return page(
    TOSS,
    `
<p class="brand">toss payments</p><span class="badge">Sandbox</span>
<p class="muted">${escapeHtml(q.orderName ?? '')}</p>
${input.heading}
<form method="post" action="${input.action}">${hidden}
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" value="4330 1234 1234 1234" autocomplete="off">
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" value="12/30"></div><div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123"></div></div>
<label for="outcome">Result</label><select id="outcome" name="outcome" data-testid="${testIds.outcome}">${options}</select>
<button type="submit" name="action" value="${input.submit[0]}" data-testid="${testIds.submit}">${escapeHtml(input.submit[1])}</button>
<button type="submit" name="action" value="cancel" class="secondary" data-testid="${testIds.cancel}">Cancel</button>
</form>`,
  );
}

/**
 * A PayPal approval page (an order or a Billing subscription): what is bought, the amount, the
 * sandbox account, and approve (or decline, for an order) or cancel. `amount` and `approve` are
 * HTML already; `about` is the sandbox's own text.
 */
function paypalPage(input: {
  about: string;
  amount: string;
  action: string;
  hidden: [name: string, value: string];
  approve: string;
  declinable: boolean;
}): string {
  const [name, value] = input.hidden;
  const decline = input.declinable
    ? '\n<button type="submit" name="action" value="decline" class="secondary" data-testid="paypal-decline">Approve with a funding source that will be declined</button>'
    : '';
  return page(
    PAYPAL,
    `
<p class="brand">PayPal</p><span class="badge">Sandbox</span>
<p class="muted">${input.about}</p>
<p class="amount" data-testid="paypal-amount">${input.amount}</p>
<form method="post" action="${input.action}"><input type="hidden" name="${name}" value="${escapeHtml(value)}">
<label for="account">Account</label><input id="account" name="account" value="sb-buyer@personal.example.com">
<button type="submit" name="action" value="approve" data-testid="paypal-approve">${input.approve}</button>${decline}
<button type="submit" name="action" value="cancel" class="secondary" data-testid="paypal-cancel">Cancel and return</button>
</form>`,
  );
}

/**
 * PayPal's way back to the merchant (its return or cancel URL) with PayPal's query; a page saying
 * what happened where that URL is not a web address.
 */
function paypalBack(
  reply: FastifyReply,
  url: string | null | undefined,
  query: Record<string, string>,
  note: string,
) {
  const back = httpUrl(url);
  if (!back) return notePage(reply, PAYPAL, note);
  return reply.redirect(withQuery(back, query), 303);
}

export function sandboxCheckoutRoutes(deps: {
  fake: FakeProviders;
  production: boolean;
}): FastifyPluginAsync {
  if (deps.production) throw new Error('the payment stand-ins are never mounted in production');
  const { fake } = deps;
  const base = SANDBOX_CHECKOUT_BASE;

  return async (app) => {
    acceptFormPosts(app);
    const hide = { schema: { hide: true } };
    // the stand-in pages post plain HTML forms, as a provider's own checkout page does
    const formPost = {
      schema: { hide: true },
      config: { acceptsBodyTypes: ['application/x-www-form-urlencoded'] },
    };
    const form = (body: unknown): Record<string, string> =>
      body && typeof body === 'object' ? (body as Record<string, string>) : {};

    // a checkout already paid, opened again or paid again from a page loaded before (issue 40)
    const tossPaid = (
      reply: FastifyReply,
      orderId: string,
      successUrl: string | undefined,
      acceptLanguage: string | undefined,
    ) => {
      const receipt = receiptUrl(successUrl, orderId);
      return html(reply, 200, alreadyPaidPage(TOSS, receipt, acceptLanguage));
    };
    const stripePaid = (
      reply: FastifyReply,
      s: { mode: string; client_reference_id: string | null; return_url: string | null },
      acceptLanguage: string | undefined,
    ) => {
      // a pass's session names the pass, not a coin order: its receipt is under My orders
      const ordrId = s.mode === 'payment' ? s.client_reference_id : null;
      return html(
        reply,
        200,
        alreadyPaidPage(STRIPE, receiptUrl(s.return_url, ordrId), acceptLanguage),
      );
    };
    const paypalPaid = (
      reply: FastifyReply,
      returnUrl: string | null | undefined,
      acceptLanguage: string | undefined,
    ) => {
      const receipt = receiptUrl(returnUrl, httpUrl(returnUrl)?.searchParams.get('ordrId'));
      return html(reply, 200, alreadyPaidPage(PAYPAL, receipt, acceptLanguage));
    };

    // ---------------------------------------------------------------- Toss
    app.get(`${base}/toss`, hide, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const amount = Number(q.amount);
      if (!q.orderId || !Number.isInteger(amount) || !httpUrl(q.successUrl) || !httpUrl(q.failUrl))
        return tossRefusal(reply, 'orderId, amount, successUrl and failUrl are required');
      if (fake.toss.paidPaymentOf(q.orderId))
        return tossPaid(reply, q.orderId, q.successUrl, request.headers['accept-language']);
      const price = `₩${amount.toLocaleString('ko-KR')}`;
      return html(
        reply,
        200,
        tossPage({
          query: q,
          fields: ['orderId', 'amount', 'orderName', 'successUrl', 'failUrl'],
          action: `${base}/toss`,
          heading: `<p class="amount" data-testid="toss-amount">${price}</p>`,
          outcomes: [
            ['approve', 'Approve'],
            ['decline_at_confirm', 'Card company declines at confirm (REJECT_CARD_COMPANY)'],
          ],
          testIds: { outcome: 'toss-outcome', submit: 'toss-pay', cancel: 'toss-cancel' },
          submit: ['pay', `Pay ${price}`],
        }),
      );
    });

    app.post(`${base}/toss`, formPost, async (request, reply) => {
      const f = form(request.body);
      const success = httpUrl(f.successUrl);
      const fail = httpUrl(f.failUrl);
      const amount = Number(f.amount);
      if (!f.orderId || !success || !fail || !Number.isInteger(amount))
        return tossRefusal(reply, 'bad request');
      // Pay pressed on a page loaded before the order was paid (a second tab): Toss refuses to
      // pay an order twice, and says it is paid
      if (fake.toss.paidPaymentOf(f.orderId))
        return tossPaid(reply, f.orderId, f.successUrl, request.headers['accept-language']);
      const outcome = f.action === 'cancel' ? 'PAY_PROCESS_CANCELED' : (f.outcome ?? 'approve');
      if (outcome === 'approve' || outcome === 'decline_at_confirm') {
        const paymentKey = fake.toss.authorize({
          orderId: f.orderId,
          amount,
          orderName: f.orderName ?? '',
          outcome,
        });
        return reply.redirect(
          withQuery(success, { paymentKey, orderId: f.orderId, amount: String(amount) }),
          303,
        );
      }
      const message = tossFailMessage(outcome);
      return reply.redirect(withQuery(fail, { code: outcome, message, orderId: f.orderId }), 303);
    });

    // ---------------------------------------------------------------- Toss automatic payment
    // requestBillingAuth's step: the buyer registers a card; Toss returns to successUrl with
    // customerKey and authKey (failUrl with code and message). Nothing is charged here.
    app.get(`${base}/toss/billing`, hide, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      if (!q.customerKey || !httpUrl(q.successUrl) || !httpUrl(q.failUrl))
        return tossRefusal(reply, 'customerKey, successUrl and failUrl are required');
      // a pass's card registration that was charged already: its charges are under My orders
      if (fake.tossBilling.chargesOf(q.customerKey).length > 0) {
        return html(
          reply,
          200,
          alreadyPaidPage(TOSS, receiptUrl(q.successUrl), request.headers['accept-language']),
        );
      }
      return html(
        reply,
        200,
        tossPage({
          query: q,
          fields: ['customerKey', 'successUrl', 'failUrl'],
          action: `${base}/toss/billing`,
          heading:
            '<p class="muted" data-testid="toss-billing-title">Card registration for automatic payment</p>',
          outcomes: [
            ['approve', 'Approve: charges succeed'],
            ['decline', 'Card company declines every charge (REJECT_CARD_COMPANY)'],
          ],
          testIds: {
            outcome: 'toss-billing-outcome',
            submit: 'toss-billing-register',
            cancel: 'toss-billing-cancel',
          },
          submit: ['register', 'Register card'],
        }),
      );
    });

    app.post(`${base}/toss/billing`, formPost, async (request, reply) => {
      const f = form(request.body);
      const success = httpUrl(f.successUrl);
      const fail = httpUrl(f.failUrl);
      if (!f.customerKey || !success || !fail) return tossRefusal(reply, 'bad request');
      const outcome = f.action === 'cancel' ? 'PAY_PROCESS_CANCELED' : (f.outcome ?? 'approve');
      if (outcome === 'approve' || outcome === 'decline') {
        const authKey = fake.tossBilling.registerCard({ customerKey: f.customerKey, outcome });
        return reply.redirect(withQuery(success, { customerKey: f.customerKey, authKey }), 303);
      }
      return reply.redirect(
        withQuery(fail, { code: outcome, message: tossFailMessage(outcome) }),
        303,
      );
    });

    // ---------------------------------------------------------------- Stripe
    const stripeCancelUrl = (returnUrl: string | null, ordrId: string | null) => {
      const back = httpUrl(returnUrl?.replace('{CHECKOUT_SESSION_ID}', ''));
      if (!back) return undefined;
      return `${back.origin}/payment/return/stripe?ordrId=${encodeURIComponent(ordrId ?? '')}&canceled=1`;
    };

    app.get(`${base}/stripe/:sessionId`, hide, async (request, reply) => {
      const { sessionId } = request.params as { sessionId: string };
      const q = request.query as Record<string, string | undefined>;
      const s = fake.stripe.session(sessionId);
      if (s?.status === 'complete') return stripePaid(reply, s, request.headers['accept-language']);
      if (!s || s.status !== 'open') {
        return refusalPage(reply, 404, STRIPE, 'This checkout session is no longer available.');
      }
      const subscription = s.mode === 'subscription';
      const cancel = s.cancel_url
        ? httpUrl(s.cancel_url)?.toString()
        : stripeCancelUrl(s.return_url, s.client_reference_id);
      const price = `$${(s.amount_total / 100).toFixed(2)}`;
      return html(
        reply,
        200,
        page(
          STRIPE,
          `
<p class="brand">stripe</p><span class="badge">Test mode · sandbox</span>
<p class="muted">${subscription ? `SnapDrama VIP pass · renews every ${escapeHtml(s.interval ?? '')}` : 'SnapDrama coins'}</p><p class="amount" data-testid="stripe-amount">${price}</p>
<form method="post" action="${base}/stripe/${escapeHtml(s.id)}">
<label for="email">Email</label><input id="email" name="email" value="buyer@example.com">
<label for="card">Card information</label><input id="card" name="card" data-testid="stripe-card" inputmode="numeric" value="4242 4242 4242 4242" autocomplete="off">
<div class="row"><div><input aria-label="Expiry" name="exp" value="12 / 30"></div><div><input aria-label="CVC" name="cvc" value="123"></div></div>
<p class="muted">4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
${q.error ? `<p class="error" data-testid="stripe-error">Your card was declined.</p>` : ''}
<button type="submit" data-testid="stripe-pay">${subscription ? 'Subscribe' : 'Pay'} ${price}</button>
</form>
${cancel ? `<a href="${escapeHtml(cancel)}"><button type="button" class="secondary" data-testid="stripe-back">Back</button></a>` : ''}`,
        ),
      );
    });

    app.post(`${base}/stripe/:sessionId`, formPost, async (request, reply) => {
      const { sessionId } = request.params as { sessionId: string };
      const s = fake.stripe.session(sessionId);
      // paid meanwhile in another tab: the session is complete, as Stripe's page then says
      if (s?.status === 'complete') return stripePaid(reply, s, request.headers['accept-language']);
      if (!s || s.status !== 'open') {
        return refusalPage(reply, 404, STRIPE, 'This checkout session is no longer available.');
      }
      const card = (form(request.body).card ?? '').replace(/\D/g, '');
      if (card === '4000000000000002') {
        return reply.redirect(
          `${base}/stripe/${encodeURIComponent(s.id)}?error=card_declined`,
          303,
        );
      }
      fake.stripe.complete(s.id);
      const back = httpUrl(
        s.return_url?.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(s.id)),
      );
      if (!back) return notePage(reply, STRIPE, 'Paid.');
      return reply.redirect(back.toString(), 303);
    });

    // ---------------------------------------------------------------- PayPal
    // a Billing subscription (VIP pass): approve or cancel, back to the return / cancel URL
    app.get(`${base}/paypal/subscribe`, hide, async (request, reply) => {
      const sid = (request.query as Record<string, string | undefined>).subscription_id ?? '';
      const sub = fake.paypal.subscription(sid);
      if (sub?.status === 'ACTIVE') {
        const receipt = receiptUrl(sub.returnUrl);
        return html(
          reply,
          200,
          alreadyPaidPage(PAYPAL, receipt, request.headers['accept-language']),
        );
      }
      if (!sub || sub.status !== 'APPROVAL_PENDING') {
        return refusalPage(reply, 404, PAYPAL_REFUSAL, 'This subscription is no longer available.');
      }
      const weekly = sub.planId.includes('WEEKLY');
      return html(
        reply,
        200,
        paypalPage({
          about: `SnapDrama VIP pass · renews every ${weekly ? 'week' : 'month'}`,
          amount: `$${weekly ? '4.99' : '14.99'} USD`,
          action: `${base}/paypal/subscribe`,
          hidden: ['subscription_id', sub.id],
          approve: 'Agree &amp; subscribe',
          declinable: false,
        }),
      );
    });

    app.post(`${base}/paypal/subscribe`, formPost, async (request, reply) => {
      const f = form(request.body);
      const sub = f.subscription_id ? fake.paypal.subscription(f.subscription_id) : undefined;
      if (!sub) return refusalPage(reply, 404, PAYPAL_REFUSAL, 'Unknown subscription.');
      if (f.action === 'cancel')
        return paypalBack(reply, sub.cancelUrl, { subscription_id: sub.id }, 'Canceled.');
      fake.paypal.approveSubscription(sub.id);
      const approved = { subscription_id: sub.id, ba_token: `BA-${sub.id.slice(2)}` };
      return paypalBack(reply, sub.returnUrl, approved, 'Subscribed.');
    });

    app.get(`${base}/paypal/checkoutnow`, hide, async (request, reply) => {
      const token = (request.query as Record<string, string | undefined>).token ?? '';
      const o = fake.paypal.order(token);
      if (o?.status === 'COMPLETED')
        return paypalPaid(reply, o.returnUrl, request.headers['accept-language']);
      if (!o || o.status !== 'CREATED') {
        return refusalPage(reply, 404, PAYPAL_REFUSAL, 'This order is no longer available.');
      }
      return html(
        reply,
        200,
        paypalPage({
          about: 'Pay SnapDrama with your PayPal balance (cards are not offered).',
          amount: `$${escapeHtml(o.value)} ${escapeHtml(o.currency)}`,
          action: `${base}/paypal/checkoutnow`,
          hidden: ['token', o.id],
          approve: 'Complete purchase',
          declinable: true,
        }),
      );
    });

    app.post(`${base}/paypal/checkoutnow`, formPost, async (request, reply) => {
      const f = form(request.body);
      const o = f.token ? fake.paypal.order(f.token) : undefined;
      if (!o) return refusalPage(reply, 404, PAYPAL_REFUSAL, 'Unknown order.');
      // captured meanwhile (approved in another tab): nothing to approve again
      if (o.status === 'COMPLETED')
        return paypalPaid(reply, o.returnUrl, request.headers['accept-language']);
      if (f.action === 'cancel')
        return paypalBack(reply, o.cancelUrl, { token: o.id }, 'Canceled.');
      fake.paypal.approve(o.id, f.action === 'decline');
      return paypalBack(reply, o.returnUrl, { token: o.id, PayerID: 'SANDBOXPAYER1' }, 'Approved.');
    });
  };
}
