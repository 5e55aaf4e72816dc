/** The keys the sandbox's adapters and the stand-ins share (test keys, no real account). */
export const SANDBOX_KEYS = {
  tossClientKey: 'test_ck_sandbox',
  tossSecretKey: 'test_sk_sandbox',
  stripeSecretKey: 'sk_test_sandbox',
  stripePublishableKey: 'pk_test_sandbox',
  stripeWebhookSecret: 'whsec_sandbox',
  paypalClientId: 'sandbox-client-id',
  paypalClientSecret: 'sandbox-client-secret',
  paypalWebhookId: 'WH-SANDBOX',
  /** Billing plans of the VIP pass the PayPal stand-in knows */
  paypalVipWeeklyPlanId: 'P-SANDBOX-VIP-WEEKLY',
  paypalVipMonthlyPlanId: 'P-SANDBOX-VIP-MONTHLY',
} as const;

export type SandboxKeys = typeof SANDBOX_KEYS;
