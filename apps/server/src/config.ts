import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  FFMPEG_PATH: z.string().optional(),
  SEED_DEMO: bool.default(true),
  WEB_DIST_DIR: z.string().optional(),
  COOKIE_SECURE: bool.optional(),
  // accounts: social sign-in providers (a provider without keys uses the sandbox outside production)
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_NATIVE_CLIENT_IDS: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  KAKAO_CLIENT_ID: z.string().optional(),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicBaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
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
  ffmpegPath: string | undefined;
  seedDemo: boolean;
  webDistDir: string;
  cookieSecure: boolean;
  social: SocialConfig;
  /** requests per minute per client address on each sign-in call */
  authRateLimitPerMinute: number;
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
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) problems.push('  JWT_SECRET: required in production');
    if (!e.MEDIA_SIGNING_SECRET) problems.push('  MEDIA_SIGNING_SECRET: required in production');
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.SERVICE_TIMEZONE });
  } catch {
    problems.push(`  SERVICE_TIMEZONE: unknown time zone "${e.SERVICE_TIMEZONE}"`);
  }
  const social = socialConfig(e, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
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
    ffmpegPath: e.FFMPEG_PATH,
    seedDemo: e.SEED_DEMO,
    webDistDir: path.resolve(
      e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'web', 'dist'),
    ),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    social,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
  };
}
