import { z } from 'zod';
import { PAYMENT_CURRENCIES, paymentOrderListQuery } from './payments';

/**
 * The VIP pass (issue 16 item 1): weekly and monthly subscriptions that open every episode while
 * active. Bought with Stripe or PayPal on the web and with Google Play or Apple in the app; renewed,
 * cancelled, refunded and expired from the providers' own notifications. docs/payments.md
 * "Subscriptions (VIP pass)" has the flows.
 */

export const VIP_PLAN_CODES = ['vip_weekly', 'vip_monthly'] as const;
export type VipPlanCode = (typeof VIP_PLAN_CODES)[number];

export interface VipPlan {
  code: VipPlanCode;
  /** length of one period in days (Stripe, PayPal and the stores bill weekly / monthly) */
  periodDays: number;
  interval: 'week' | 'month';
  usd: number;
  krw: number;
  /** store product ids (Google Play subscription id, App Store product id) */
  iap: { google: string; apple: string };
}

/** The plans on sale. Prices are the web's (USD through Stripe and PayPal); stores set their own. */
export const VIP_PLANS: readonly VipPlan[] = [
  {
    code: 'vip_weekly',
    periodDays: 7,
    interval: 'week',
    usd: 4.99,
    krw: 6900,
    iap: { google: 'vip_weekly', apple: 'com.snapdrama.vip.weekly' },
  },
  {
    code: 'vip_monthly',
    periodDays: 30,
    interval: 'month',
    usd: 14.99,
    krw: 19900,
    iap: { google: 'vip_monthly', apple: 'com.snapdrama.vip.monthly' },
  },
];

export const vipPlanOf = (code: string): VipPlan | undefined =>
  VIP_PLANS.find((p) => p.code === code);
export const vipPlanOfProduct = (productId: string): VipPlan | undefined =>
  VIP_PLANS.find((p) => p.iap.google === productId || p.iap.apple === productId);

/**
 * Where a pass was bought: T Toss (billing key, in KRW; our server charges each period), S Stripe,
 * P PayPal (web, in USD), G Google Play, A Apple (app).
 */
export const VIP_GATEWAYS = ['T', 'S', 'P', 'G', 'A'] as const;
export type VipGateway = (typeof VIP_GATEWAYS)[number];
export const VIP_WEB_GATEWAYS = ['T', 'S', 'P'] as const satisfies readonly VipGateway[];

/**
 * pending: checkout started, nothing paid; active: paid period running; grace: a renewal failed
 * and the provider retries while access continues; expired: ended; refunded: money returned,
 * access ended at once.
 */
export const VIP_STATUSES = ['pending', 'active', 'grace', 'expired', 'refunded'] as const;
export type VipStatus = (typeof VIP_STATUSES)[number];

export const VIP_PATHS = {
  plans: '/vip/plans',
  /** GET: the caller's pass (or none) */
  status: '/vip/status',
  /** POST: start a checkout for a plan through a web gateway */
  subscribe: '/vip/subscribe',
  /** PUT: the buyer came back from Stripe Checkout */
  stripeConfirm: '/vip/stripe/confirm',
  /** PUT: the buyer approved the PayPal subscription */
  paypalConfirm: '/vip/paypal/confirm',
  /** PUT: the buyer registered a card at Toss (requestBillingAuth): issue the key, charge once */
  tossConfirm: '/vip/toss/confirm',
  /** PUT: the app bought a pass from a store */
  googleVerify: '/vip/iap/google/verify',
  appleVerify: '/vip/iap/apple/verify',
  /** POST: stop renewing (web passes; store passes are managed in the store) */
  cancel: '/vip/cancel',
  /** GET: the caller's VIP charges (one per paid period), newest first, for My orders */
  charges: '/vip/charges',
  /** GET: one of them, as its receipt shows it */
  charge: '/vip/charges/:chrgId',
  // Notifications arrive at the coin packs' endpoints (/payment/webhook/{stripe,paypal,google,
  // apple}): one Stripe endpoint, one PayPal webhook id, one RTDN topic and one App Store URL per
  // app; the payments module hands subscription events to the VIP module.
} as const;

export const vipPlanData = z.object({
  code: z.enum(VIP_PLAN_CODES),
  periodDays: z.number().int(),
  interval: z.enum(['week', 'month']),
  usd: z.number(),
  krw: z.number().int(),
});
export const vipPlansData = z.object({ plans: z.array(vipPlanData) });
export type VipPlansData = z.infer<typeof vipPlansData>;

export const vipPassData = z.object({
  vipId: z.string(),
  plan: z.enum(VIP_PLAN_CODES),
  gateway: z.enum(VIP_GATEWAYS),
  status: z.enum(VIP_STATUSES),
  /** true while the pass opens every episode */
  active: z.boolean(),
  /** ISO time access ends (grace end while in grace); null before the first payment */
  activeUntil: z.string().nullable(),
  /** true when it renews at activeUntil */
  renews: z.boolean(),
  /** true when the web can stop renewal (POST /vip/cancel); store passes are managed in the store */
  cancelable: z.boolean(),
  /** the store's page to manage a store pass */
  manageUrl: z.string().nullable(),
});
export type VipPassData = z.infer<typeof vipPassData>;
export const vipStatusData = z.object({ pass: /* @__PURE__ */ vipPassData.nullable() });
export type VipStatusData = z.infer<typeof vipStatusData>;

export const vipSubscribeBody = z.object({
  plan: z.enum(VIP_PLAN_CODES, { error: 'must be vip_weekly or vip_monthly' }),
  /** T, S and P open a checkout; G and A only register the pass the app then buys in the store */
  pymnGtwy: z.enum(VIP_GATEWAYS, {
    error: 'must be T (Toss), S (Stripe), P (PayPal), G (Google Play) or A (Apple)',
  }),
});
export type VipSubscribeBody = z.infer<typeof vipSubscribeBody>;
export const vipSubscribeData = z.object({
  vipId: z.string(),
  /** Stripe: the Checkout Session (hosted page) */
  sessionId: z.string().optional(),
  /** PayPal: the subscription id for the JS SDK */
  paypalSubscriptionId: z.string().optional(),
  /**
   * Toss: what the Toss SDK's payment({customerKey}).requestBillingAuth needs (live: the client key
   * too; sandbox: checkoutUrl is the stand-in's card registration page). The billing key it leads
   * to stays on the server.
   */
  toss: z
    .object({
      customerKey: z.string(),
      clientKey: z.string().nullable(),
      successUrl: z.string(),
      failUrl: z.string(),
    })
    .optional(),
  /** where to send the buyer: Stripe's hosted Checkout or PayPal's approve link (live), the local
   * stand-in's page (sandbox) */
  checkoutUrl: z.string().optional(),
});
export type VipSubscribeData = z.infer<typeof vipSubscribeData>;

const vipId = z.uuid({ error: 'must be the vipId from /vip/subscribe' });
export const vipStripeConfirmBody = z.object({
  vipId,
  sessionId: z.string({ error: 'is required' }).min(1, 'is required').max(200),
});
export type VipStripeConfirmBody = z.infer<typeof vipStripeConfirmBody>;
export const vipPaypalConfirmBody = z.object({
  vipId,
  subscriptionId: z.string({ error: 'is required' }).min(1, 'is required').max(100),
});
export type VipPaypalConfirmBody = z.infer<typeof vipPaypalConfirmBody>;
/** Toss's successUrl query: customerKey and authKey (one card registration, used once) */
export const vipTossConfirmBody = z.object({
  vipId,
  customerKey: z.string({ error: 'is required' }).min(2, 'is required').max(300),
  authKey: z.string({ error: 'is required' }).min(1, 'is required').max(300),
});
export type VipTossConfirmBody = z.infer<typeof vipTossConfirmBody>;
export const vipGoogleVerifyBody = z.object({
  vipId,
  packageName: z.string().min(1).max(200),
  productId: z.string().min(1).max(200),
  purchaseToken: z.string().min(1).max(2000),
});
export const vipAppleVerifyBody = z.object({
  vipId,
  transactionJWS: z.string().min(1).max(20000),
});

// ---------------------------------------------------------------- charges (My orders)

/** A paid period of a pass, as My orders lists it and its receipt shows it. */
export const vipChargeData = z.object({
  chrgId: z.string(),
  vipId: z.string(),
  plan: z.enum(VIP_PLAN_CODES),
  pymn_gtwy: z.enum(VIP_GATEWAYS),
  /** what was paid (Toss in KRW, Stripe, PayPal in USD); null for a store's charge: the store's own receipt has it */
  amnt: z.number().nullable(),
  crncy: z.enum(PAYMENT_CURRENCIES).nullable(),
  stts: z.enum(['paid', 'refunded']),
  /** when the charge was recorded, and the period it paid for */
  paid_dtm: z.string(),
  strt_dtm: z.string(),
  end_dtm: z.string(),
  /** when its money was returned (null: not refunded) */
  rfnd_dtm: z.string().nullable(),
  /** the provider's id of the charge (Toss paymentKey, Stripe invoice, PayPal sale, Google order, Apple transaction) */
  prvd_id: z.string(),
});
export type VipChargeData = z.infer<typeof vipChargeData>;
export const vipChargeParams = z.object({
  chrgId: z.uuid({ error: 'must be the chrgId of one of your VIP charges' }),
});
// GET /vip/charges?page=&count=: the paging of My orders
export const vipChargeListQuery = paymentOrderListQuery;
export const vipChargeListData = z.object({
  list: z.array(vipChargeData),
  totalCount: z.number().int(),
  page: z.number().int(),
  count: z.number().int(),
  lastPage: z.boolean(),
});
export type VipChargeListData = z.infer<typeof vipChargeListData>;

/**
 * The VIP plans' prices in the console's economy page (decision 1551): the web prices, in won
 * (Toss) and cents (Stripe and PayPal); the app stores set their own prices. An edit applies to
 * checkouts opened after it; passes already sold keep their price.
 */
export const adminVipPlanBody = z.object({
  krw: z.number().int().min(100).max(10_000_000),
  usdCents: z.number().int().min(50).max(1_000_000),
});
export const adminVipPlan = /* @__PURE__ */ adminVipPlanBody.extend({
  code: z.enum(VIP_PLAN_CODES),
  interval: z.enum(['week', 'month']),
  periodDays: z.number().int(),
  /** when this price took effect (ISO); null: the first price */
  since: z.string().nullable(),
});
export type AdminVipPlan = z.infer<typeof adminVipPlan>;
export const adminVipPlansData = z.object({ plans: z.array(adminVipPlan) });
export type AdminVipPlansData = z.infer<typeof adminVipPlansData>;
export const vipPlanParams = z.object({ plan: z.enum(VIP_PLAN_CODES) });
