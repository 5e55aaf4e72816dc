import { z } from 'zod';

/**
 * Keys and base URLs of the web gateways (Toss, Stripe, PayPal). A gateway without keys uses its
 * local stand-in outside production (PAYMENTS_SANDBOX, default on), and is off in production.
 * Documented in .env.example and docs/payments.md.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const paymentsEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TOSS_CLIENT_KEY: z.string().optional(),
  TOSS_SECRET_KEY: z.string().optional(),
  TOSS_API_BASE: z.url().default('https://api.tosspayments.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** e.g. http://127.0.0.1:12111 for a local Stripe mock; default Stripe's own API */
  STRIPE_API_BASE: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** overrides the environment's API host (tests, proxies) */
  PAYPAL_API_BASE: z.url().optional(),
  /** PayPal Billing plans of the VIP pass (created once in PayPal; P-...) */
  PAYPAL_VIP_WEEKLY_PLAN_ID: z.string().optional(),
  PAYPAL_VIP_MONTHLY_PLAN_ID: z.string().optional(),
  PAYMENTS_SANDBOX: bool.optional(),
  PAYMENTS_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

export interface TossConfig {
  clientKey: string;
  secretKey: string;
  apiBase: string;
}
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** undefined: Stripe's own API */
  apiBase: string | undefined;
}
export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: 'sandbox' | 'production';
  apiBase: string;
  /** Billing plan ids of the VIP pass; without them PayPal sells no pass */
  vipPlanIds?: { vip_weekly: string; vip_monthly: string };
}

export interface PaymentsConfig {
  toss: TossConfig | undefined;
  stripe: StripeConfig | undefined;
  paypal: PaypalConfig | undefined;
  /** gateways without keys use the local stand-ins (never in production) */
  sandbox: boolean;
  /** how often the reconciliation sweep runs; 0 = never (tests run it by hand) */
  sweepIntervalSeconds: number;
}

export const PAYPAL_API_BASES = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

/** Reads the payment settings; each problem is pushed as one line for the config error. */
export function paymentsConfig(source: NodeJS.ProcessEnv, problems: string[]): PaymentsConfig {
  const parsed = paymentsEnv.safeParse(source);
  if (!parsed.success) {
    for (const i of parsed.error.issues) problems.push(`  ${i.path.join('.')}: ${i.message}`);
    return {
      toss: undefined,
      stripe: undefined,
      paypal: undefined,
      sandbox: false,
      sweepIntervalSeconds: 0,
    };
  }
  const e = parsed.data;
  /** The settings when every one of them is set; a problem when only some are. */
  const all = <K extends string>(
    name: string,
    values: Record<K, string | undefined>,
  ): Record<K, string> | undefined => {
    const set = Object.values(values).filter(Boolean).length;
    if (set > 0 && set < Object.keys(values).length) {
      const missing = Object.entries(values)
        .filter(([, v]) => !v)
        .map(([k]) => k);
      problems.push(`  ${missing.join(', ')}: required with the other ${name} settings`);
    }
    return set === Object.keys(values).length ? (values as Record<K, string>) : undefined;
  };
  const toss = all('Toss', {
    TOSS_CLIENT_KEY: e.TOSS_CLIENT_KEY,
    TOSS_SECRET_KEY: e.TOSS_SECRET_KEY,
  });
  const stripe = all('Stripe', {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
  });
  const paypal = all('PayPal', {
    PAYPAL_CLIENT_ID: e.PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: e.PAYPAL_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID: e.PAYPAL_WEBHOOK_ID,
  });
  if (e.NODE_ENV === 'production' && e.PAYMENTS_SANDBOX === true) {
    problems.push('  PAYMENTS_SANDBOX: the payment stand-ins are never available in production');
  }
  return {
    toss: toss
      ? {
          clientKey: toss.TOSS_CLIENT_KEY,
          secretKey: toss.TOSS_SECRET_KEY,
          apiBase: e.TOSS_API_BASE.replace(/\/$/, ''),
        }
      : undefined,
    stripe: stripe
      ? {
          secretKey: stripe.STRIPE_SECRET_KEY,
          publishableKey: stripe.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE?.replace(/\/$/, ''),
        }
      : undefined,
    paypal: paypal
      ? {
          clientId: paypal.PAYPAL_CLIENT_ID,
          clientSecret: paypal.PAYPAL_CLIENT_SECRET,
          webhookId: paypal.PAYPAL_WEBHOOK_ID,
          environment: e.PAYPAL_ENVIRONMENT,
          apiBase: (e.PAYPAL_API_BASE ?? PAYPAL_API_BASES[e.PAYPAL_ENVIRONMENT]).replace(/\/$/, ''),
          ...(e.PAYPAL_VIP_WEEKLY_PLAN_ID && e.PAYPAL_VIP_MONTHLY_PLAN_ID
            ? {
                vipPlanIds: {
                  vip_weekly: e.PAYPAL_VIP_WEEKLY_PLAN_ID,
                  vip_monthly: e.PAYPAL_VIP_MONTHLY_PLAN_ID,
                },
              }
            : {}),
        }
      : undefined,
    sandbox: e.NODE_ENV !== 'production' && e.PAYMENTS_SANDBOX !== false,
    sweepIntervalSeconds: e.PAYMENTS_SWEEP_SECONDS,
  };
}
