import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { paymentsConfig, type PaymentsConfig } from './modules/payments/payments.config';
import { iapConfig, type IapConfig } from './modules/payments/iap/iap.config';
import { identityConfig, type IdentityConfig } from './modules/identity/identity.config';
import { pushConfig, type PushConfig } from './modules/push/push.config';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_READ_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  CACHE_PREFIX: z.string().min(1).max(100).default('snapdrama:cache'),
  SERVICE_TIMEZONE: z.string().default('Asia/Seoul'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MEDIA_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(3600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 30),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .default(60 * 60 * 6),
  MEDIA_PUBLIC_BASE_URL: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  // S3-compatible object storage for media, posters and subtitles (local disk when unset)
  STORAGE_URL: z.url().optional(),
  STORAGE_BUCKET: z.string().optional(),
  STORAGE_REGION: z.string().default('us-east-1'),
  STORAGE_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_FORCE_PATH_STYLE: bool.default(true),
  STORAGE_PREFIX: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  // ingest pipeline (operator uploads, transcode worker): docs/operations.md "Transcode workers"
  INGEST_WORKER: z.enum(['embedded', 'off']).default('embedded'),
  INGEST_UPLOAD_DIR: z.string().optional(),
  INGEST_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  INGEST_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  INGEST_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  SEED_DEMO: bool.default(true),
  WEB_DIST_DIR: z.string().optional(),
  COOKIE_SECURE: bool.optional(),
  // accounts: social sign-in providers (a provider without keys uses the sandbox outside production)
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_NATIVE_CLIENT_IDS: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  KAKAO_CLIENT_ID: z.string().optional(),
  /** Kakao JavaScript key of the share button; without it the share falls back to copying the link */
  KAKAO_JS_KEY: z.string().optional(),
  // company details shown in the footer and the terms and privacy pages: required in production;
  // unset elsewhere, the dictionary's sample identity, labelled as such
  COMPANY_NAME: z.string().max(100).optional(),
  COMPANY_REPRESENTATIVE: z.string().max(100).optional(),
  COMPANY_REGISTRATION_NO: z.string().max(50).optional(),
  COMPANY_ADDRESS: z.string().max(200).optional(),
  COMPANY_EMAIL: z.email().optional(),
  KAKAO_CLIENT_SECRET: z.string().optional(),
  KAKAO_ISSUER: z.url().default('https://kauth.kakao.com'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZE_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  APPLE_NATIVE_CLIENT_IDS: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  SOCIAL_SANDBOX: bool.optional(),
  WEB_ORIGINS: z.string().optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // the first console admin, created at start when no operator has this email (docs/decisions/1200)
  OPERATOR_BOOTSTRAP_EMAIL: z.email().optional(),
  OPERATOR_BOOTSTRAP_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  TRUSTED_PROXIES: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // events: rewarded ads (docs/decisions/0600-events-missions-attendance-ads.md)
  AD_MIN_VIEW_SECONDS: z.coerce.number().int().min(0).max(600).default(15),
  AD_VIEW_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  AD_UNLOCK_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(180),
  AD_UNLOCK_DAILY_CAP: z.coerce.number().int().min(0).max(1000).default(10),
  AD_VIEWS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  AD_VIEWS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
  AD_STAND_IN: bool.optional(),
  AD_REQUIRE_NATIVE_VERIFICATION: bool.optional(),
  MISSION_AD_UNITS: z.string().optional(),
  ADMOB_VERIFIER_KEYS_URL: z
    .url()
    .default('https://www.gstatic.com/admob/reward/verifier-keys.json'),
  ADMOB_VERIFIER_KEYS: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface ObjectStorageConfig {
  /** endpoint of the S3 API; undefined means AWS's own endpoint for the region */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** undefined: the SDK's default credential chain (instance role, environment) */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** key prefix inside the bucket, e.g. "prod/" ('' for none) */
  prefix: string;
}
/** Dictionary keys of the company details that configuration may override. */
export type CompanyKey =
  | 'company.name'
  | 'company.representative'
  | 'company.registration_no'
  | 'company.address'
  | 'company.email';

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicBaseUrl: string | undefined;
  kakaoJsKey: string | undefined;
  /**
   * Company details overriding the dictionary's company.* texts in every language (the footer's
   * business name and copyright lines, the terms and privacy pages); unset keys keep the defaults
   */
  company: Partial<Record<CompanyKey, string>>;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** a read replica for catalog reads (lists, search, drama info); the primary when unset */
  databaseReadUrl: string | undefined;
  redisUrl: string | undefined;
  /** Redis key prefix of the shared cache (one per environment sharing a Redis) */
  cachePrefix: string;
  serviceTimeZone: string;
  jwtSecret: string;
  mediaSigningSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  mediaUrlTtlSeconds: number;
  mediaPublicBaseUrl: string | undefined;
  /** local folder of media and resources (posters, subtitles) */
  mediaDir: string;
  /** S3-compatible bucket for media and resources; local disk (mediaDir) when undefined */
  objectStorage: ObjectStorageConfig | undefined;
  ffmpegPath: string | undefined;
  ingest: IngestConfig;
  seedDemo: boolean;
  webDistDir: string;
  cookieSecure: boolean;
  social: SocialConfig;
  /** requests per minute per client address on each sign-in call */
  authRateLimitPerMinute: number;
  /** an admin operator created at start if missing (OPERATOR_BOOTSTRAP_EMAIL/_PASSWORD) */
  operatorBootstrap: { email: string; password: string } | undefined;
  /** web payment gateways (Toss, Stripe, PayPal): keys, API bases, stand-ins */
  payments: PaymentsConfig;
  /** in-app purchases (Google Play, Apple): store keys, trusted roots, stand-ins */
  iap: IapConfig;
  /** identity checks for the age gate (PortOne, or the local stand-in) */
  identity: IdentityConfig;
  /** push reminders: VAPID keys and the send job (decision 1520) */
  push: PushConfig;
  /** requests per minute per client address on each other write route */
  writeRateLimitPerMinute: number;
  /**
   * proxies whose X-Forwarded-* and X-Request-Id headers are believed (addresses, CIDR ranges or
   * proxy-addr's names loopback, linklocal, uniquelocal); empty: the socket's peer is the client
   */
  trustedProxies: string[];
  /** bearer token of /metrics; unset: /metrics is off in production and open elsewhere */
  metricsToken: string | undefined;
  /** how long SIGTERM waits for in-flight requests before the process exits anyway */
  shutdownGraceMs: number;
  events: EventsConfig;
}

export interface IngestConfig {
  /** `embedded`: this process runs transcode jobs too; `off`: only `npm run worker` processes do */
  worker: 'embedded' | 'off';
  /** where tus uploads are written while they arrive (resumable partial files) */
  uploadDir: string;
  /** a worker renews its claim on a job this often (a third of it); a dead worker's job is free after it */
  leaseSeconds: number;
  maxAttempts: number;
  /** how often an idle worker looks for a job */
  pollMs: number;
  /** transcodes one worker process runs at once */
  concurrency: number;
}

export interface EventsConfig {
  /** seconds an ad must run before its view can be redeemed */
  adMinViewSeconds: number;
  /** a view older than this cannot be redeemed */
  adViewTtlSeconds: number;
  adUnlockCooldownSeconds: number;
  /** ad unlocks per user per service day */
  adUnlockDailyCap: number;
  adViewsPerHour: number;
  adViewsPerDay: number;
  /** the local stand-in ad is accepted (never in production) */
  adStandIn: boolean;
  /** native (aos/ios) views need an AdMob server-side verification before they are redeemed */
  requireNativeVerification: boolean;
  /** GPT rewarded ad units of mission ads, at most five */
  missionAdUnits: string[];
  admobVerifierKeysUrl: string;
  /** a fixed verifier key document (JSON) instead of the key server, e.g. for tests */
  admobVerifierKeys: string | undefined;
}

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** extra audiences accepted for native idTokens (app bundle or Android client ids) */
  nativeClientIds: string[];
}

export interface SocialConfig {
  google: OidcProviderConfig | undefined;
  kakao: OidcProviderConfig | undefined;
  apple: (OidcProviderConfig & { teamId: string; keyId: string; privateKey: string }) | undefined;
  facebook:
    { appId: string; appSecret: string; authorizeUrl: string; graphUrl: string } | undefined;
  /** the local sandbox provider stands in for every provider without keys (never in production) */
  sandbox: boolean;
  /** web origins a sign-in may return to, besides PUBLIC_BASE_URL's (loopback is allowed outside production) */
  webOrigins: string[];
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function socialConfig(e: Env, problems: string[]): SocialConfig {
  const partial = (name: string, values: Record<string, string | undefined>) => {
    const set = Object.entries(values).filter(([, v]) => v);
    if (set.length > 0 && set.length < Object.keys(values).length) {
      const missing = Object.entries(values)
        .filter(([, v]) => !v)
        .map(([k]) => k);
      problems.push(`  ${missing.join(', ')}: required with the other ${name} settings`);
    }
    return set.length === Object.keys(values).length;
  };
  const google = partial('Google', {
    GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET,
  });
  const kakao = Boolean(e.KAKAO_CLIENT_ID);
  const facebook = partial('Facebook', {
    FACEBOOK_APP_ID: e.FACEBOOK_APP_ID,
    FACEBOOK_APP_SECRET: e.FACEBOOK_APP_SECRET,
  });
  const apple = partial('Apple', {
    APPLE_CLIENT_ID: e.APPLE_CLIENT_ID,
    APPLE_TEAM_ID: e.APPLE_TEAM_ID,
    APPLE_KEY_ID: e.APPLE_KEY_ID,
    APPLE_PRIVATE_KEY: e.APPLE_PRIVATE_KEY,
  });
  if (e.NODE_ENV === 'production' && e.SOCIAL_SANDBOX === true) {
    problems.push('  SOCIAL_SANDBOX: the sandbox sign-in is never available in production');
  }
  return {
    google: google
      ? {
          issuer: e.GOOGLE_ISSUER,
          clientId: e.GOOGLE_CLIENT_ID ?? '',
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          nativeClientIds: list(e.GOOGLE_NATIVE_CLIENT_IDS),
        }
      : undefined,
    kakao: kakao
      ? {
          issuer: e.KAKAO_ISSUER,
          clientId: e.KAKAO_CLIENT_ID ?? '',
          clientSecret: e.KAKAO_CLIENT_SECRET,
          nativeClientIds: [],
        }
      : undefined,
    apple: apple
      ? {
          issuer: e.APPLE_ISSUER,
          clientId: e.APPLE_CLIENT_ID ?? '',
          clientSecret: undefined,
          nativeClientIds: list(e.APPLE_NATIVE_CLIENT_IDS),
          teamId: e.APPLE_TEAM_ID ?? '',
          keyId: e.APPLE_KEY_ID ?? '',
          // env files often carry the PEM on one line with literal \n
          privateKey: (e.APPLE_PRIVATE_KEY ?? '').replace(/\\n/g, '\n'),
        }
      : undefined,
    facebook: facebook
      ? {
          appId: e.FACEBOOK_APP_ID ?? '',
          appSecret: e.FACEBOOK_APP_SECRET ?? '',
          authorizeUrl: e.FACEBOOK_AUTHORIZE_URL,
          graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
        }
      : undefined,
    sandbox: e.NODE_ENV !== 'production' && e.SOCIAL_SANDBOX !== false,
    webOrigins: list(e.WEB_ORIGINS),
  };
}

export class ConfigError extends Error {}

/**
 * A development secret kept in the data folder so sessions survive a restart. Production must
 * set its own: secrets never have production defaults.
 */
function devSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads and checks the environment once; every problem is listed in one readable error. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  const invalid = new Set<string>();
  let e: Env;
  if (parsed.success) {
    e = parsed.data;
  } else {
    for (const issue of parsed.error.issues) {
      problems.push(`  ${issue.path.join('.')}: ${issue.message}`);
      invalid.add(String(issue.path[0]));
    }
    // the remaining checks still run on the valid variables, so one start lists every problem
    e = envSchema.parse(
      Object.fromEntries(Object.entries(source).filter(([key]) => !invalid.has(key))),
    );
  }
  if (e.NODE_ENV === 'production') {
    // the company details are legal duties (footer, terms, privacy): never the sample ones live
    for (const name of [
      'JWT_SECRET',
      'MEDIA_SIGNING_SECRET',
      'COMPANY_NAME',
      'COMPANY_REPRESENTATIVE',
      'COMPANY_REGISTRATION_NO',
      'COMPANY_ADDRESS',
      'COMPANY_EMAIL',
    ] as const) {
      if (!e[name] && !invalid.has(name)) problems.push(`  ${name}: required in production`);
    }
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.SERVICE_TIMEZONE });
  } catch {
    problems.push(`  SERVICE_TIMEZONE: unknown time zone "${e.SERVICE_TIMEZONE}"`);
  }
  const social = socialConfig(e, problems);
  const payments = paymentsConfig(source, problems);
  const iap = iapConfig(source, problems);
  const identity = identityConfig(source, problems);
  const push = pushConfig(source, problems, path.resolve(e.DATA_DIR));
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    problems.push('  DATABASE_READ_URL: a read replica needs DATABASE_URL (its primary) too');
  }
  if (e.NODE_ENV === 'production' && e.AD_STAND_IN === true) {
    problems.push('  AD_STAND_IN: the stand-in ad is never available in production');
  }
  if (e.STORAGE_URL && !e.STORAGE_BUCKET) {
    problems.push('  STORAGE_BUCKET: required with STORAGE_URL');
  }
  if (!e.STORAGE_ACCESS_KEY_ID !== !e.STORAGE_SECRET_ACCESS_KEY) {
    problems.push('  STORAGE_ACCESS_KEY_ID / STORAGE_SECRET_ACCESS_KEY: set both or neither');
  }
  if (list(e.MISSION_AD_UNITS).length > 5) {
    problems.push('  MISSION_AD_UNITS: at most five ad units');
  }
  if (Boolean(e.OPERATOR_BOOTSTRAP_EMAIL) !== Boolean(e.OPERATOR_BOOTSTRAP_PASSWORD)) {
    problems.push('  OPERATOR_BOOTSTRAP_EMAIL and OPERATOR_BOOTSTRAP_PASSWORD go together');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    kakaoJsKey: e.KAKAO_JS_KEY || undefined,
    company: Object.fromEntries(
      (
        [
          ['company.name', e.COMPANY_NAME],
          ['company.representative', e.COMPANY_REPRESENTATIVE],
          ['company.registration_no', e.COMPANY_REGISTRATION_NO],
          ['company.address', e.COMPANY_ADDRESS],
          ['company.email', e.COMPANY_EMAIL],
        ] as const
      ).filter((entry): entry is readonly [CompanyKey, string] => Boolean(entry[1])),
    ),
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReadUrl: e.DATABASE_READ_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    cachePrefix: e.CACHE_PREFIX,
    serviceTimeZone: e.SERVICE_TIMEZONE,
    jwtSecret: e.JWT_SECRET ?? devSecret(dataDir, 'jwt-secret'),
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET ?? devSecret(dataDir, 'media-secret'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    mediaPublicBaseUrl: e.MEDIA_PUBLIC_BASE_URL,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    objectStorage: e.STORAGE_BUCKET
      ? {
          endpoint: e.STORAGE_URL,
          bucket: e.STORAGE_BUCKET,
          region: e.STORAGE_REGION,
          credentials:
            e.STORAGE_ACCESS_KEY_ID && e.STORAGE_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.STORAGE_ACCESS_KEY_ID,
                  secretAccessKey: e.STORAGE_SECRET_ACCESS_KEY,
                }
              : undefined,
          forcePathStyle: e.STORAGE_FORCE_PATH_STYLE,
          prefix: (e.STORAGE_PREFIX ?? '').replace(/^\/+/, ''),
        }
      : undefined,
    ffmpegPath: e.FFMPEG_PATH,
    ingest: {
      worker: e.INGEST_WORKER,
      uploadDir: path.resolve(e.INGEST_UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
      leaseSeconds: e.INGEST_LEASE_SECONDS,
      maxAttempts: e.INGEST_MAX_ATTEMPTS,
      pollMs: e.INGEST_POLL_MS,
      concurrency: e.INGEST_CONCURRENCY,
    },
    seedDemo: e.SEED_DEMO,
    webDistDir: path.resolve(
      e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'web', 'dist'),
    ),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    social,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    operatorBootstrap:
      e.OPERATOR_BOOTSTRAP_EMAIL && e.OPERATOR_BOOTSTRAP_PASSWORD
        ? { email: e.OPERATOR_BOOTSTRAP_EMAIL, password: e.OPERATOR_BOOTSTRAP_PASSWORD }
        : undefined,
    payments,
    iap,
    identity,
    push,
    writeRateLimitPerMinute: e.WRITE_RATE_LIMIT_PER_MINUTE,
    trustedProxies: list(e.TRUSTED_PROXIES),
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    events: {
      adMinViewSeconds: e.AD_MIN_VIEW_SECONDS,
      adViewTtlSeconds: e.AD_VIEW_TTL_SECONDS,
      adUnlockCooldownSeconds: e.AD_UNLOCK_COOLDOWN_SECONDS,
      adUnlockDailyCap: e.AD_UNLOCK_DAILY_CAP,
      adViewsPerHour: e.AD_VIEWS_PER_HOUR,
      adViewsPerDay: e.AD_VIEWS_PER_DAY,
      adStandIn: e.NODE_ENV !== 'production' && e.AD_STAND_IN !== false,
      requireNativeVerification: e.AD_REQUIRE_NATIVE_VERIFICATION ?? e.NODE_ENV === 'production',
      missionAdUnits: list(e.MISSION_AD_UNITS),
      admobVerifierKeysUrl: e.ADMOB_VERIFIER_KEYS_URL,
      admobVerifierKeys: e.ADMOB_VERIFIER_KEYS,
    },
  };
}
