import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AppleApiKey } from './apple-server-api';

/**
 * Store settings of the in-app purchases (Google Play, Apple). A store without keys uses its local
 * stand-in outside production (IAP_SANDBOX, default on) and is off in production. Documented in
 * .env.example and docs/payments.md ("In-app purchases").
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const iapEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** the Android app's package name; purchases of any other package are refused */
  GOOGLE_PLAY_PACKAGE_NAME: z.string().min(1).default('com.snapdrama.app'),
  /** the service account with the Play Console's "View financial data, orders" permission */
  GOOGLE_PLAY_SERVICE_ACCOUNT_EMAIL: z.string().optional(),
  /** its private key (PEM; literal \n allowed) */
  GOOGLE_PLAY_SERVICE_ACCOUNT_KEY: z.string().optional(),
  GOOGLE_PLAY_API_URL: z.url().default('https://androidpublisher.googleapis.com/'),
  GOOGLE_PLAY_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  /** Real-time developer notifications: the push subscription's OIDC audience and service account */
  GOOGLE_RTDN_AUDIENCE: z.string().optional(),
  GOOGLE_RTDN_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_OIDC_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** the iOS app's bundle id; transactions of any other app are refused */
  APPLE_IAP_BUNDLE_ID: z.string().min(1).default('com.snapdrama.app'),
  APPLE_IAP_ENVIRONMENT: z.enum(['Sandbox', 'Production']).optional(),
  /** the app's Apple ID (a number), required for Production */
  APPLE_IAP_APP_APPLE_ID: z.coerce.number().int().positive().optional(),
  /** trusted roots: comma-separated paths of DER files (AppleRootCA-G3.cer), or base64 DER */
  APPLE_IAP_ROOT_CERTIFICATES: z.string().optional(),
  /** OCSP revocation checks at Apple's responders (default on with real roots) */
  APPLE_IAP_ONLINE_CHECKS: bool.optional(),
  /** App Store Server API key (App Store Connect → Users and Access → Integrations → In-App Purchase) */
  APPLE_IAP_ISSUER_ID: z.string().optional(),
  APPLE_IAP_KEY_ID: z.string().optional(),
  /** the key's .p8 contents (PEM; literal \n allowed) */
  APPLE_IAP_PRIVATE_KEY: z.string().optional(),
  /** overrides the environment's App Store Server API host (tests, proxies) */
  APPLE_IAP_API_BASE: z.url().optional(),
  IAP_SANDBOX: bool.optional(),
});

/** App Store Server API hosts (the library's, per environment) */
export const APPLE_API_BASES = {
  Production: 'https://api.storekit.apple.com',
  Sandbox: 'https://api.storekit-sandbox.apple.com',
} as const;

export interface GooglePlayConfig {
  packageName: string;
  serviceAccount: { clientEmail: string; privateKey: string } | undefined;
  apiUrl: string;
  tokenUrl: string;
  /** undefined: notifications are refused (no way to check they come from our subscription) */
  rtdn: { audience: string; serviceAccount: string; jwksUrl: string } | undefined;
}

export interface AppleIapConfig {
  bundleId: string;
  /** undefined: the stand-in (a local chain generated at start-up) or off */
  live:
    | {
        environment: 'Sandbox' | 'Production';
        appAppleId: number | undefined;
        rootCertificates: Buffer[];
        onlineChecks: boolean;
        /** asked before a purchase is credited (Get Transaction Info) */
        apiKey: AppleApiKey;
        apiBase: string;
      }
    | undefined;
}

export interface IapConfig {
  google: GooglePlayConfig;
  apple: AppleIapConfig;
  /** stores without keys use the local stand-ins (never in production) */
  sandbox: boolean;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** A root certificate given as a file path or as base64 DER. */
function readCertificate(entry: string): Buffer {
  if (/^[A-Za-z0-9+/=\s]+$/.test(entry) && entry.length > 200) return Buffer.from(entry, 'base64');
  return readFileSync(entry);
}

/** Reads the in-app purchase settings; each problem is pushed as one line for the config error. */
export function iapConfig(source: NodeJS.ProcessEnv, problems: string[]): IapConfig {
  const parsed = iapEnv.safeParse(source);
  const e = parsed.success ? parsed.data : iapEnv.parse({});
  if (!parsed.success) {
    for (const i of parsed.error.issues) problems.push(`  ${i.path.join('.')}: ${i.message}`);
  }
  const production = e.NODE_ENV === 'production';
  if (production && e.IAP_SANDBOX === true) {
    problems.push('  IAP_SANDBOX: the store stand-ins are never available in production');
  }

  const email = e.GOOGLE_PLAY_SERVICE_ACCOUNT_EMAIL;
  const key = e.GOOGLE_PLAY_SERVICE_ACCOUNT_KEY;
  if (Boolean(email) !== Boolean(key)) {
    problems.push(
      '  GOOGLE_PLAY_SERVICE_ACCOUNT_EMAIL, GOOGLE_PLAY_SERVICE_ACCOUNT_KEY: set both or neither',
    );
  }
  if (Boolean(e.GOOGLE_RTDN_AUDIENCE) !== Boolean(e.GOOGLE_RTDN_SERVICE_ACCOUNT)) {
    problems.push('  GOOGLE_RTDN_AUDIENCE, GOOGLE_RTDN_SERVICE_ACCOUNT: set both or neither');
  }

  let rootCertificates: Buffer[] = [];
  try {
    rootCertificates = list(e.APPLE_IAP_ROOT_CERTIFICATES).map(readCertificate);
  } catch (error) {
    problems.push(`  APPLE_IAP_ROOT_CERTIFICATES: ${String(error)}`);
  }
  const appleLive = rootCertificates.length > 0;
  const appleEnvironment = e.APPLE_IAP_ENVIRONMENT ?? 'Production';
  if (appleLive && appleEnvironment === 'Production' && !e.APPLE_IAP_APP_APPLE_ID) {
    problems.push('  APPLE_IAP_APP_APPLE_ID: required with APPLE_IAP_ENVIRONMENT=Production');
  }
  const apiKeyParts = {
    APPLE_IAP_ISSUER_ID: e.APPLE_IAP_ISSUER_ID,
    APPLE_IAP_KEY_ID: e.APPLE_IAP_KEY_ID,
    APPLE_IAP_PRIVATE_KEY: e.APPLE_IAP_PRIVATE_KEY,
  };
  const missingKeyParts = Object.entries(apiKeyParts)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  const apiKey =
    e.APPLE_IAP_ISSUER_ID && e.APPLE_IAP_KEY_ID && e.APPLE_IAP_PRIVATE_KEY
      ? {
          issuerId: e.APPLE_IAP_ISSUER_ID,
          keyId: e.APPLE_IAP_KEY_ID,
          privateKey: e.APPLE_IAP_PRIVATE_KEY.replace(/\\n/g, '\n'),
        }
      : undefined;
  // Apple is asked about every purchase before it is credited: live Apple needs the key, and the
  // key is of no use without roots to check Apple's signed answers with
  if (missingKeyParts.length > 0 && (appleLive || missingKeyParts.length < 3)) {
    problems.push(
      `  ${missingKeyParts.join(', ')}: required with ${appleLive ? 'APPLE_IAP_ROOT_CERTIFICATES' : 'the other App Store Server API settings'} (purchases are confirmed with Apple before they are credited)`,
    );
  }
  if (apiKey && !appleLive) {
    problems.push('  APPLE_IAP_ROOT_CERTIFICATES: required with the App Store Server API key');
  }

  return {
    google: {
      packageName: e.GOOGLE_PLAY_PACKAGE_NAME,
      serviceAccount:
        email && key ? { clientEmail: email, privateKey: key.replace(/\\n/g, '\n') } : undefined,
      apiUrl: e.GOOGLE_PLAY_API_URL,
      tokenUrl: e.GOOGLE_PLAY_TOKEN_URL,
      rtdn:
        e.GOOGLE_RTDN_AUDIENCE && e.GOOGLE_RTDN_SERVICE_ACCOUNT
          ? {
              audience: e.GOOGLE_RTDN_AUDIENCE,
              serviceAccount: e.GOOGLE_RTDN_SERVICE_ACCOUNT,
              jwksUrl: e.GOOGLE_OIDC_JWKS_URL,
            }
          : undefined,
    },
    apple: {
      bundleId: e.APPLE_IAP_BUNDLE_ID,
      live:
        appleLive && apiKey
          ? {
              environment: appleEnvironment,
              appAppleId: e.APPLE_IAP_APP_APPLE_ID,
              rootCertificates,
              onlineChecks: e.APPLE_IAP_ONLINE_CHECKS ?? true,
              apiKey,
              apiBase: (e.APPLE_IAP_API_BASE ?? APPLE_API_BASES[appleEnvironment]).replace(
                /\/$/,
                '',
              ),
            }
          : undefined,
    },
    sandbox: !production && e.IAP_SANDBOX !== false,
  };
}
