import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  enMessages,
  jaMessages,
  koMessages,
  type Language,
} from '@snapdrama/contract';
import { SANDBOX_CHECKOUT_BASE } from '../web-gateways.service';
import type { FakeProviders } from './fake-providers';

/**
 * The buyer's step of each web gateway, as local pages that look and behave like the provider's
 * (card form, approve, decline, cancel; Toss's §8 error codes selectable) and return to the web
 * app the way the real provider does: Toss to successUrl?paymentKey&orderId&amount or
 * failUrl?code&message&orderId; Stripe to its return_url with the session id; PayPal to the
 * return or cancel URL with token (and PayerID). Never mounted in production.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TOSS_FAILURES = {
  PAY_PROCESS_CANCELED: '사용자에 의해 결제가 취소되었습니다.',
  PAY_PROCESS_ABORTED: '결제 진행 중 승인에 실패하여 결제가 중단되었습니다.',
  REJECT_CARD_COMPANY: '결제 승인이 거절되었습니다.',
  INVALID_CARD_COMPANY: '유효하지 않은 카드입니다.',
  NOT_SUPPORTED_EASYPAY_METHOD: '지원되지 않는 간편결제 수단입니다.',
} as const;

function page(title: string, accent: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} (sandbox)</title>
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

function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

const withQuery = (base: URL, params: Record<string, string>) => {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

function html(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // inline HTML of the stand-in: its own policy instead of the app's
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'none'",
      )
      .send(body)
  );
}

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
  brand: { title: string; accent: string; name: string },
  receipt: string | undefined,
  acceptLanguage: string | undefined,
) {
  const lang = buyerLanguage(acceptLanguage);
  const words = DICTIONARIES[lang];
  return page(
    brand.title,
    brand.accent,
    `
<p class="brand">${esc(brand.name)}</p><span class="badge">Sandbox</span>
<p class="amount" lang="${lang}" data-testid="checkout-already-paid">${esc(words['payment.msg_already_paid'])}</p>
${receipt ? `<a href="${esc(receipt)}" data-testid="checkout-receipt"><button type="button" lang="${lang}">${esc(words['payment.view_receipt'])}</button></a>` : ''}`,
  );
}

const TOSS_BLUE = '#3182f6';
const tossRefusal = (reply: FastifyReply, message: string) =>
  html(reply, 400, page('Toss Payments', TOSS_BLUE, `<p class="error">${esc(message)}</p>`));

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
    .map((k) => `<input type="hidden" name="${k}" value="${esc(q[k] ?? '')}">`)
    .join('');
  const options = [...input.outcomes, ...Object.keys(TOSS_FAILURES).map((c) => [c, c])]
    .map(([v, l]) => `<option value="${esc(v ?? '')}">${esc(l ?? '')}</option>`)
    .join('');
  return page(
    'Toss Payments',
    TOSS_BLUE,
    `
<p class="brand">toss payments</p><span class="badge">Sandbox</span>
<p class="muted">${esc(q.orderName ?? '')}</p>
${input.heading}
<form method="post" action="${input.action}">${hidden}
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" value="4330 1234 1234 1234" autocomplete="off">
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" value="12/30"></div><div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123"></div></div>
<label for="outcome">Result</label><select id="outcome" name="outcome" data-testid="${testIds.outcome}">${options}</select>
<button type="submit" name="action" value="${input.submit[0]}" data-testid="${testIds.submit}">${esc(input.submit[1])}</button>
<button type="submit" name="action" value="cancel" class="secondary" data-testid="${testIds.cancel}">Cancel</button>
</form>`,
  );
}

export function sandboxCheckoutRoutes(deps: {
  fake: FakeProviders;
  production: boolean;
}): FastifyPluginAsync {
  if (deps.production) throw new Error('the payment stand-ins are never mounted in production');
  const { fake } = deps;
  const base = SANDBOX_CHECKOUT_BASE;

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : '')));
      },
    );
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
      const brand = { title: 'Toss Payments', accent: TOSS_BLUE, name: 'toss payments' };
      const receipt = receiptUrl(successUrl, orderId);
      return html(reply, 200, alreadyPaidPage(brand, receipt, acceptLanguage));
    };
    const stripePaid = (
      reply: FastifyReply,
      s: { mode: string; client_reference_id: string | null; return_url: string | null },
      acceptLanguage: string | undefined,
    ) => {
      // a pass's session names the pass, not a coin order: its receipt is under My orders
      const ordrId = s.mode === 'payment' ? s.client_reference_id : null;
      const brand = { title: 'Stripe Checkout', accent: '#635bff', name: 'stripe' };
      return html(
        reply,
        200,
        alreadyPaidPage(brand, receiptUrl(s.return_url, ordrId), acceptLanguage),
      );
    };
    const paypalPaid = (
      reply: FastifyReply,
      returnUrl: string | null | undefined,
      acceptLanguage: string | undefined,
    ) => {
      const receipt = receiptUrl(returnUrl, httpUrl(returnUrl)?.searchParams.get('ordrId'));
      const brand = { title: 'PayPal', accent: '#0070ba', name: 'PayPal' };
      return html(reply, 200, alreadyPaidPage(brand, receipt, acceptLanguage));
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
        const brand = { title: 'Toss Payments', accent: TOSS_BLUE, name: 'toss payments' };
        return html(
          reply,
          200,
          alreadyPaidPage(brand, receiptUrl(q.successUrl), request.headers['accept-language']),
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
        return html(
          reply,
          404,
          page(
            'Stripe Checkout',
            '#635bff',
            '<p class="error">This checkout session is no longer available.</p>',
          ),
        );
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
          'Stripe Checkout',
          '#635bff',
          `
<p class="brand">stripe</p><span class="badge">Test mode · sandbox</span>
<p class="muted">${subscription ? `SnapDrama VIP pass · renews every ${esc(s.interval ?? '')}` : 'SnapDrama coins'}</p><p class="amount" data-testid="stripe-amount">${price}</p>
<form method="post" action="${base}/stripe/${esc(s.id)}">
<label for="email">Email</label><input id="email" name="email" value="buyer@example.com">
<label for="card">Card information</label><input id="card" name="card" data-testid="stripe-card" inputmode="numeric" value="4242 4242 4242 4242" autocomplete="off">
<div class="row"><div><input aria-label="Expiry" name="exp" value="12 / 30"></div><div><input aria-label="CVC" name="cvc" value="123"></div></div>
<p class="muted">4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
${q.error ? `<p class="error" data-testid="stripe-error">Your card was declined.</p>` : ''}
<button type="submit" data-testid="stripe-pay">${subscription ? 'Subscribe' : 'Pay'} ${price}</button>
</form>
${cancel ? `<a href="${esc(cancel)}"><button type="button" class="secondary" data-testid="stripe-back">Back</button></a>` : ''}`,
        ),
      );
    });

    app.post(`${base}/stripe/:sessionId`, formPost, async (request, reply) => {
      const { sessionId } = request.params as { sessionId: string };
      const s = fake.stripe.session(sessionId);
      // paid meanwhile in another tab: the session is complete, as Stripe's page then says
      if (s?.status === 'complete') return stripePaid(reply, s, request.headers['accept-language']);
      if (!s || s.status !== 'open') {
        return html(
          reply,
          404,
          page(
            'Stripe Checkout',
            '#635bff',
            '<p class="error">This checkout session is no longer available.</p>',
          ),
        );
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
      if (!back) return html(reply, 200, page('Stripe Checkout', '#635bff', '<p>Paid.</p>'));
      return reply.redirect(back.toString(), 303);
    });

    // ---------------------------------------------------------------- PayPal
    // a Billing subscription (VIP pass): approve or cancel, back to the return / cancel URL
    app.get(`${base}/paypal/subscribe`, hide, async (request, reply) => {
      const sid = (request.query as Record<string, string | undefined>).subscription_id ?? '';
      const sub = fake.paypal.subscription(sid);
      if (sub?.status === 'ACTIVE') {
        const brand = { title: 'PayPal', accent: '#0070ba', name: 'PayPal' };
        const receipt = receiptUrl(sub.returnUrl);
        return html(
          reply,
          200,
          alreadyPaidPage(brand, receipt, request.headers['accept-language']),
        );
      }
      if (!sub || sub.status !== 'APPROVAL_PENDING') {
        return html(
          reply,
          404,
          page(
            'PayPal',
            '#003087',
            '<p class="error">This subscription is no longer available.</p>',
          ),
        );
      }
      const weekly = sub.planId.includes('WEEKLY');
      return html(
        reply,
        200,
        page(
          'PayPal',
          '#0070ba',
          `
<p class="brand">PayPal</p><span class="badge">Sandbox</span>
<p class="muted">SnapDrama VIP pass · renews every ${weekly ? 'week' : 'month'}</p>
<p class="amount" data-testid="paypal-amount">$${weekly ? '4.99' : '14.99'} USD</p>
<form method="post" action="${base}/paypal/subscribe"><input type="hidden" name="subscription_id" value="${esc(sub.id)}">
<label for="account">Account</label><input id="account" name="account" value="sb-buyer@personal.example.com">
<button type="submit" name="action" value="approve" data-testid="paypal-approve">Agree &amp; subscribe</button>
<button type="submit" name="action" value="cancel" class="secondary" data-testid="paypal-cancel">Cancel and return</button>
</form>`,
        ),
      );
    });

    app.post(`${base}/paypal/subscribe`, formPost, async (request, reply) => {
      const f = form(request.body);
      const sub = f.subscription_id ? fake.paypal.subscription(f.subscription_id) : undefined;
      if (!sub)
        return html(
          reply,
          404,
          page('PayPal', '#003087', '<p class="error">Unknown subscription.</p>'),
        );
      if (f.action === 'cancel') {
        const cancel = httpUrl(sub.cancelUrl);
        if (!cancel) return html(reply, 200, page('PayPal', '#0070ba', '<p>Canceled.</p>'));
        return reply.redirect(withQuery(cancel, { subscription_id: sub.id }), 303);
      }
      fake.paypal.approveSubscription(sub.id);
      const back = httpUrl(sub.returnUrl);
      if (!back) return html(reply, 200, page('PayPal', '#0070ba', '<p>Subscribed.</p>'));
      return reply.redirect(
        withQuery(back, { subscription_id: sub.id, ba_token: `BA-${sub.id.slice(2)}` }),
        303,
      );
    });

    app.get(`${base}/paypal/checkoutnow`, hide, async (request, reply) => {
      const token = (request.query as Record<string, string | undefined>).token ?? '';
      const o = fake.paypal.order(token);
      if (o?.status === 'COMPLETED')
        return paypalPaid(reply, o.returnUrl, request.headers['accept-language']);
      if (!o || o.status !== 'CREATED') {
        return html(
          reply,
          404,
          page('PayPal', '#003087', '<p class="error">This order is no longer available.</p>'),
        );
      }
      return html(
        reply,
        200,
        page(
          'PayPal',
          '#0070ba',
          `
<p class="brand">PayPal</p><span class="badge">Sandbox</span>
<p class="muted">Pay SnapDrama with your PayPal balance (cards are not offered).</p>
<p class="amount" data-testid="paypal-amount">$${esc(o.value)} ${esc(o.currency)}</p>
<form method="post" action="${base}/paypal/checkoutnow"><input type="hidden" name="token" value="${esc(o.id)}">
<label for="account">Account</label><input id="account" name="account" value="sb-buyer@personal.example.com">
<button type="submit" name="action" value="approve" data-testid="paypal-approve">Complete purchase</button>
<button type="submit" name="action" value="decline" class="secondary" data-testid="paypal-decline">Approve with a funding source that will be declined</button>
<button type="submit" name="action" value="cancel" class="secondary" data-testid="paypal-cancel">Cancel and return</button>
</form>`,
        ),
      );
    });

    app.post(`${base}/paypal/checkoutnow`, formPost, async (request, reply) => {
      const f = form(request.body);
      const o = f.token ? fake.paypal.order(f.token) : undefined;
      if (!o)
        return html(reply, 404, page('PayPal', '#003087', '<p class="error">Unknown order.</p>'));
      // captured meanwhile (approved in another tab): nothing to approve again
      if (o.status === 'COMPLETED')
        return paypalPaid(reply, o.returnUrl, request.headers['accept-language']);
      if (f.action === 'cancel') {
        const cancel = httpUrl(o.cancelUrl);
        if (!cancel) return html(reply, 200, page('PayPal', '#0070ba', '<p>Canceled.</p>'));
        return reply.redirect(withQuery(cancel, { token: o.id }), 303);
      }
      fake.paypal.approve(o.id, f.action === 'decline');
      const back = httpUrl(o.returnUrl);
      if (!back) return html(reply, 200, page('PayPal', '#0070ba', '<p>Approved.</p>'));
      return reply.redirect(withQuery(back, { token: o.id, PayerID: 'SANDBOXPAYER1' }), 303);
    });
  };
}
