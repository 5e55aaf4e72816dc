import { z } from 'zod';
import { ResultCode } from './codes';
import type { MessageKey } from './messages/en';
import { coinList } from './user';

/**
 * The money-in path (spec §3 payment goods, §4 payment flow, §5 validation, §7 /payment calls,
 * §8 Toss codes, §9 prices). Wire names are the spec's, verbatim. docs/payments.md walks through
 * each gateway's flow with the exact URLs and parameters.
 */

/** Payment gateways and their codes (spec §3): Toss, Stripe, PayPal on the web; Google, Apple in the app. */
export const PAYMENT_GATEWAYS = ['T', 'S', 'P', 'G', 'A'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
export const WEB_PAYMENT_GATEWAYS = ['T', 'S', 'P'] as const satisfies readonly PaymentGateway[];
export const IAP_PAYMENT_GATEWAYS = ['G', 'A'] as const satisfies readonly PaymentGateway[];
export const paymentGatewaySchema = z.enum(PAYMENT_GATEWAYS, {
  error: 'must be T (Toss), S (Stripe), P (PayPal), G (Google Play) or A (Apple)',
});

/** Currencies a gateway charges in (spec §9): Toss KRW, Stripe and PayPal USD, IAP the store's. */
export const PAYMENT_CURRENCIES = ['KRW', 'USD'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** The API paths of this module (all under API_BASE). */
export const PAYMENT_PATHS = {
  goodsList: '/payment/goods/list',
  config: '/payment/config',
  regist: '/payment/regist',
  /**
   * The PayPal create-order call of §7 (path not shown there). A POST under /payment/paypal
   * beside its confirm: it creates a resource (an order at PayPal), and the PayPal JS SDK's
   * createOrder callback calls it and needs only the PayPal order id back.
   */
  paypalOrder: '/payment/paypal/order',
  tossConfirm: '/payment/toss/confirm',
  stripeConfirm: '/payment/stripe/confirm',
  paypalConfirm: '/payment/paypal/confirm',
  googleVerify: '/payment/iap/google/verify',
  appleVerify: '/payment/iap/apple/verify',
  /** GET: one order of the caller, to show the state after a return from a provider */
  order: '/payment/order/:ordrId',
  orders: '/payment/orders',
  /** provider callbacks (no user session; each is signature-checked) */
  stripeWebhook: '/payment/webhook/stripe',
  tossWebhook: '/payment/webhook/toss',
  paypalWebhook: '/payment/webhook/paypal',
  googleNotification: '/payment/webhook/google',
  appleNotification: '/payment/webhook/apple',
} as const;

// ---------------------------------------------------------------- goods

/** Y when the user has bought this pack before (so no first-charge bonus), else N (spec §3, §9). */
export const USE_YN = ['Y', 'N'] as const;

/** A coin pack (spec §3). Prices: krw in won, usd in dollars (2 decimals); 0 = not for sale there. */
export const paymentGoods = z.object({
  gods_code: z.string(),
  paid_coin: z.number().int(),
  /** the bonus every purchase of this pack brings */
  bons_coin: z.number().int(),
  /** the extra bonus of the user's first purchase of this pack */
  bons_coin_1st: z.number().int(),
  /** per user: Y = bought before */
  use_yn: z.enum(USE_YN),
  krw: z.number().int(),
  usd: z.number(),
  /** store product ids */
  iap: z.object({ google: z.string(), apple: z.string() }),
  /** the store price in USD, shown until the native store reports its localized price */
  iap_price: z.number(),
});
export type PaymentGoods = z.infer<typeof paymentGoods>;

/** GET /payment/goods/list (signed-in users see their own use_yn; guests see N everywhere). */
export const paymentGoodsListData = z.object({ paymentGoodsList: z.array(paymentGoods) });
export type PaymentGoodsListData = z.infer<typeof paymentGoodsListData>;

// ---------------------------------------------------------------- config

/** live: the real provider with this deployment's keys; sandbox: the local stand-in. */
export const GATEWAY_MODES = ['live', 'sandbox', 'off'] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

/** GET /payment/config: what the web needs to start each gateway's client flow. */
export const paymentConfigData = z.object({
  toss: z.object({
    mode: z.enum(GATEWAY_MODES),
    /** Toss payment widget client key (live only) */
    clientKey: z.string().nullable(),
  }),
  stripe: z.object({
    mode: z.enum(GATEWAY_MODES),
    /** Stripe publishable key (live only) */
    publishableKey: z.string().nullable(),
  }),
  paypal: z.object({
    mode: z.enum(GATEWAY_MODES),
    /** PayPal REST app client id for the JS SDK (live only) */
    clientId: z.string().nullable(),
    currency: z.literal('USD'),
  }),
  google: z.object({ mode: z.enum(GATEWAY_MODES) }),
  apple: z.object({ mode: z.enum(GATEWAY_MODES) }),
});
export type PaymentConfigData = z.infer<typeof paymentConfigData>;

// ---------------------------------------------------------------- orders

const ordrId = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(64, 'is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not an order id');
const godsCode = z.string({ error: 'is required' }).trim().min(1, 'is required').max(40);
/** The price the buyer saw: won for Toss, dollars for Stripe/PayPal/IAP. */
const price = z
  .number({ error: 'must be a number' })
  .nonnegative('must not be negative')
  .max(100_000_000, 'is too large');

/** POST /payment/regist */
export const paymentRegistBody = z.object({
  godsCode,
  pymnGtwy: paymentGatewaySchema,
  price,
});
export type PaymentRegistBody = z.infer<typeof paymentRegistBody>;

export const paymentRegistData = z.object({
  ordrId: z.string(),
  /** Stripe only: the Checkout Session's client secret (the session id is the part before "_secret_") */
  clientSecret: z.string().optional(),
  /** what the gateway will charge, in the order's currency */
  amnt: z.number(),
  crncy: z.enum(PAYMENT_CURRENCIES),
  /** a short product name for the provider's page (Toss orderName) */
  ordrNm: z.string(),
  /** sandbox only: the local checkout page that stands in for this gateway's step */
  checkoutUrl: z.string().optional(),
});
export type PaymentRegistData = z.infer<typeof paymentRegistData>;

/** The PayPal create-order call (spec §7: goodsCode, paymentGateway → ordrId, paypalOrderId). */
export const paypalOrderBody = z.object({
  goodsCode: godsCode,
  paymentGateway: z.literal('P', { error: 'must be P (PayPal)' }),
  /** optional: the dollar price the buyer saw; refused when it does not match */
  // z.optional(...) rather than price.optional(): a z.* call is pure to the web build, so the
  // unused schema (and zod) drops out of the payment chunk
  price: z.optional(price),
});
export type PaypalOrderBody = z.infer<typeof paypalOrderBody>;
export const paypalOrderData = z.object({
  ordrId: z.string(),
  paypalOrderId: z.string(),
  /** sandbox only: the local approval page that stands in for PayPal's popup */
  checkoutUrl: z.string().optional(),
});
export type PaypalOrderData = z.infer<typeof paypalOrderData>;

/** PUT /payment/toss/confirm (the successUrl's paymentKey, orderId and amount) */
export const tossConfirmBody = z.object({
  ordrId,
  amnt: z.number({ error: 'must be a number' }).int('must be whole won').positive(),
  pymnKey: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
});
export type TossConfirmBody = z.infer<typeof tossConfirmBody>;

/** PUT /payment/stripe/confirm (session id = the client secret's part before "_secret_", §5) */
export const stripeConfirmBody = z.object({
  ordrId,
  sessionId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
});
export type StripeConfirmBody = z.infer<typeof stripeConfirmBody>;

/** PUT /payment/paypal/confirm (the approved PayPal order, which must be the one created, §5) */
export const paypalConfirmBody = z.object({
  ordrId,
  paypalOrderId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64),
});
export type PaypalConfirmBody = z.infer<typeof paypalConfirmBody>;

/** PUT /payment/iap/google/verify */
export const googleVerifyBody = z.object({
  ordrId,
  packageName: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
  productId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
  purchaseToken: z.string({ error: 'is required' }).trim().min(1, 'is required').max(4096),
});
export type GoogleVerifyBody = z.infer<typeof googleVerifyBody>;

/** PUT /payment/iap/apple/verify */
export const appleVerifyBody = z.object({
  ordrId,
  transactionJWS: z.string({ error: 'is required' }).trim().min(1, 'is required').max(20_000),
});
export type AppleVerifyBody = z.infer<typeof appleVerifyBody>;

/** An order's states (docs/payments.md): registered → paid → credited, or failed/canceled/refunded. */
export const ORDER_STATES = [
  'registered',
  'paid',
  'credited',
  'failed',
  'canceled',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * The reply of every confirm/verify call. A replayed confirmation of a credited order answers the
 * same with already_credited true: the coins were credited once.
 */
export const paymentResultData = z.object({
  ordrId: z.string(),
  stts: z.enum(ORDER_STATES),
  gods_code: z.string(),
  /** coins this order credited */
  paid_coin: z.number().int(),
  bons_coin: z.number().int(),
  already_credited: z.boolean(),
  /** valid balance after */
  coin: z.number().int(),
  coin_list: coinList,
});
export type PaymentResultData = z.infer<typeof paymentResultData>;

export const paymentOrderParams = z.object({ ordrId });
/** One of the caller's orders, as its receipt shows it. */
export const paymentOrderData = z.object({
  ordrId: z.string(),
  stts: z.enum(ORDER_STATES),
  gods_code: z.string(),
  pymn_gtwy: paymentGatewaySchema,
  amnt: z.number(),
  crncy: z.enum(PAYMENT_CURRENCIES),
  rgst_dtm: z.string(),
  /** purchased coins of the pack, and the bonus this order credited (0 until credited) */
  paid_coin: z.number().int(),
  bons_coin: z.number().int(),
  /** when the provider's payment was recorded (null: not paid) */
  paid_dtm: z.string().nullable(),
  /** when the order was refunded (null: not refunded) and the coins that refund took back */
  rfnd_dtm: z.string().nullable(),
  rfnd_coin: z.number().int(),
});
export type PaymentOrderData = z.infer<typeof paymentOrderData>;

/** The states "My orders" lists: orders that reached the provider (never one still open or canceled). */
export const LISTED_ORDER_STATES = ['paid', 'credited', 'refunded', 'failed'] as const;
export const ORDER_LIST_DEFAULT_COUNT = 20;
export const ORDER_LIST_MAX_COUNT = 50;

// GET /payment/orders?page=&count=: the caller's orders, newest first
export const paymentOrderListQuery = z.object({
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(10_000, 'is too large')
    .default(1),
  count: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(ORDER_LIST_MAX_COUNT, `must be ${ORDER_LIST_MAX_COUNT} or less`)
    .default(ORDER_LIST_DEFAULT_COUNT),
});
export const paymentOrderListData = z.object({
  list: z.array(paymentOrderData),
  totalCount: z.number().int(),
  page: z.number().int(),
  count: z.number().int(),
  lastPage: z.boolean(),
});
export type PaymentOrderListData = z.infer<typeof paymentOrderListData>;

// ---------------------------------------------------------------- Toss error codes (§8)

/** Toss failUrl/confirm codes with their own message (spec §8); others show the raw message. */
export const TOSS_ERROR_MESSAGE_KEYS = {
  PAY_PROCESS_CANCELED: 'payment.msg_cancel',
  INVALID_CARD_COMPANY: 'payment.msg_reject',
  PAY_PROCESS_ABORTED: 'payment.msg_abort',
  NOT_SUPPORTED_EASYPAY_METHOD: 'payment.msg_not_support',
  REJECT_CARD_COMPANY: 'payment.msg_invaild_card',
} as const satisfies Record<string, MessageKey>;
export type TossMappedErrorCode = keyof typeof TOSS_ERROR_MESSAGE_KEYS;

/**
 * Toss's codes for a buyer who backed out (a failUrl's code, the payment or card registration
 * window closed): a choice, not an error; every gateway's cancel is told the same way.
 */
const TOSS_CANCEL_CODES: ReadonlySet<string> = new Set(['PAY_PROCESS_CANCELED', 'USER_CANCEL']);

export const isTossCancelCode = (code: string | undefined): boolean =>
  code !== undefined && TOSS_CANCEL_CODES.has(code);

export function tossErrorMessageKey(code: string): MessageKey | undefined {
  return Object.hasOwn(TOSS_ERROR_MESSAGE_KEYS, code)
    ? TOSS_ERROR_MESSAGE_KEYS[code as TossMappedErrorCode]
    : undefined;
}

/**
 * A PAYMENT_DECLINED error's message is "<PROVIDER_CODE>: <provider message>" so the web can tell
 * the decline in its own words (below). Toss and PayPal codes are upper case, Stripe's lower.
 */
export function providerCodeOf(message: string): string | undefined {
  const match = /^([A-Za-z0-9_]+): /.exec(message);
  return match?.[1];
}

/**
 * Every gateway's decline in our words (issue 40): the Toss codes of spec §8, Stripe's error and
 * decline codes as its API reports them (lower case), PayPal's capture issues (upper case). A code
 * not listed is told by the caller's generic "declined by the payment provider", never by the
 * provider's own text.
 */
export const DECLINE_MESSAGE_KEYS = {
  ...TOSS_ERROR_MESSAGE_KEYS,
  // Stripe (error.code / error.decline_code)
  card_declined: 'payment.msg_card_declined',
  generic_decline: 'payment.msg_card_declined',
  do_not_honor: 'payment.msg_card_declined',
  insufficient_funds: 'payment.msg_insufficient_funds',
  expired_card: 'payment.msg_expired_card',
  incorrect_cvc: 'payment.msg_reject',
  invalid_cvc: 'payment.msg_reject',
  incorrect_number: 'payment.msg_reject',
  invalid_number: 'payment.msg_reject',
  invalid_expiry_month: 'payment.msg_reject',
  invalid_expiry_year: 'payment.msg_reject',
  card_not_supported: 'payment.msg_not_support',
  currency_not_supported: 'payment.msg_not_support',
  authentication_required: 'payment.msg_authentication_required',
  lost_card: 'payment.msg_card_declined',
  stolen_card: 'payment.msg_card_declined',
  fraudulent: 'payment.msg_card_declined',
  // PayPal (capture issues)
  INSTRUMENT_DECLINED: 'payment.msg_instrument_declined',
  PAYER_ACTION_REQUIRED: 'payment.msg_payer_action_required',
  PAYER_CANNOT_PAY: 'payment.msg_payer_cannot_pay',
  TRANSACTION_REFUSED: 'payment.msg_instrument_declined',
  CARD_EXPIRED: 'payment.msg_expired_card',
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: 'payment.msg_too_many_attempts',
} as const satisfies Record<string, MessageKey>;

/** The message key of any gateway's decline code, or undefined for the generic one. */
export function declineMessageKey(code: string | undefined): MessageKey | undefined {
  return code !== undefined && Object.hasOwn(DECLINE_MESSAGE_KEYS, code)
    ? DECLINE_MESSAGE_KEYS[code as keyof typeof DECLINE_MESSAGE_KEYS]
    : undefined;
}

/**
 * A store purchase in the app that failed (issue 40), by the reason the host gives (react-native-
 * iap's ErrorCode, which names Play Billing's and StoreKit's errors alike). A refusal by the store
 * (purchases not allowed on this account or device, the product not sold there) is told in our
 * words and not retried: asking again gets the same answer. A purchase waiting for someone's
 * approval (Ask to Buy, a pending payment method) is not a failure: it says so, as a notice.
 * Anything else, an unknown reason or none included, is a technical failure: an error with a
 * retry, which asks the store again for the same order (nothing was charged).
 */
export const STORE_REFUSAL_MESSAGE_KEYS = {
  'billing-unavailable': 'payment.msg_store_not_allowed',
  'iap-not-available': 'payment.msg_store_not_allowed',
  'feature-not-supported': 'payment.msg_store_not_allowed',
  'user-error': 'payment.msg_store_not_allowed',
  'item-unavailable': 'payment.msg_store_item_unavailable',
  'sku-not-found': 'payment.msg_store_item_unavailable',
  'sku-offer-mismatch': 'payment.msg_store_item_unavailable',
  'already-owned': 'payment.msg_store_already_owned',
  'duplicate-purchase': 'payment.msg_store_already_owned',
} as const satisfies Record<string, MessageKey>;

const STORE_WAITING_REASONS: ReadonlySet<string> = new Set(['pending', 'deferred-payment']);

export type StoreFailure =
  | { kind: 'refused'; messageKey: MessageKey }
  | { kind: 'waiting'; messageKey: MessageKey }
  | { kind: 'technical'; messageKey: MessageKey };

export function storeFailureOf(reason: string | undefined): StoreFailure {
  if (reason !== undefined && Object.hasOwn(STORE_REFUSAL_MESSAGE_KEYS, reason))
    return {
      kind: 'refused',
      messageKey: STORE_REFUSAL_MESSAGE_KEYS[reason as keyof typeof STORE_REFUSAL_MESSAGE_KEYS],
    };
  if (reason !== undefined && STORE_WAITING_REASONS.has(reason))
    return { kind: 'waiting', messageKey: 'payment.msg_store_pending' };
  return { kind: 'technical', messageKey: 'payment.msg_store_error' };
}

/**
 * The message a web client shows for a payment error code (spec §5, §8); codes not named fall back
 * to payment.msg_fail, and PAYMENT_DECLINED shows the provider's text or its mapped Toss key.
 */
export const PAYMENT_ERROR_MESSAGE_KEYS = {
  [ResultCode.PAYPAL_ORDER_ID_MISMATCH]: 'payment.msg_paypal_order_id_not_match',
  [ResultCode.STRIPE_SESSION_NOT_FOUND]: 'payment.msg_stripe_session_not_found',
  [ResultCode.PAYMENT_PRICE_MISMATCH]: 'payment.msg_price_changed',
  [ResultCode.PAYMENT_NOT_AVAILABLE]: 'payment.msg_purchase_not_available',
  [ResultCode.PAYMENT_GOODS_NOT_FOUND]: 'payment.msg_goods_list_not_found',
  [ResultCode.PAYMENT_DECLINED]: 'payment.msg_declined',
  [ResultCode.PAYMENT_ALREADY_USED]: 'payment.msg_already_used',
} as const satisfies Partial<Record<number, MessageKey>>;
