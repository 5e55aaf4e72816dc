import { z } from 'zod';

/**
 * PortOne identity verification (V2) for the age gate (decision 1490). Without keys, the local
 * stand-in outside production (IDENTITY_SANDBOX, default on); in production without keys, identity
 * checks are off and 18/19-rated episodes open to no one. Documented in .env.example.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const identityEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** the V2 API secret (콘솔 > 연동 관리 > V2 API) */
  PORTONE_API_SECRET: z.string().optional(),
  PORTONE_STORE_ID: z.string().optional(),
  /** the channel key of the identity verification channel (e.g. 다날 본인인증) */
  PORTONE_IDENTITY_CHANNEL_KEY: z.string().optional(),
  PORTONE_API_BASE: z.url().default('https://api.portone.io'),
  IDENTITY_SANDBOX: bool.optional(),
});

export interface PortoneIdentityConfig {
  apiSecret: string;
  storeId: string;
  channelKey: string;
  apiBase: string;
}

export interface IdentityConfig {
  portone: PortoneIdentityConfig | undefined;
  /** without PortOne keys, the local stand-in (never in production) */
  sandbox: boolean;
}

/** Reads the identity check settings; each problem is pushed as one line for the config error. */
export function identityConfig(source: NodeJS.ProcessEnv, problems: string[]): IdentityConfig {
  const parsed = identityEnv.safeParse(source);
  if (!parsed.success) {
    for (const i of parsed.error.issues) problems.push(`  ${i.path.join('.')}: ${i.message}`);
    return { portone: undefined, sandbox: false };
  }
  const e = parsed.data;
  const keys = {
    PORTONE_API_SECRET: e.PORTONE_API_SECRET,
    PORTONE_STORE_ID: e.PORTONE_STORE_ID,
    PORTONE_IDENTITY_CHANNEL_KEY: e.PORTONE_IDENTITY_CHANNEL_KEY,
  };
  const set = Object.values(keys).filter(Boolean).length;
  if (set > 0 && set < 3) {
    const missing = Object.entries(keys)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    problems.push(`  ${missing.join(', ')}: required with the other PortOne settings`);
  }
  if (e.NODE_ENV === 'production' && e.IDENTITY_SANDBOX === true) {
    problems.push(
      '  IDENTITY_SANDBOX: the identity check stand-in is never available in production',
    );
  }
  const portone =
    set === 3
      ? {
          apiSecret: e.PORTONE_API_SECRET ?? '',
          storeId: e.PORTONE_STORE_ID ?? '',
          channelKey: e.PORTONE_IDENTITY_CHANNEL_KEY ?? '',
          apiBase: e.PORTONE_API_BASE.replace(/\/$/, ''),
        }
      : undefined;
  return {
    portone,
    sandbox: !portone && e.NODE_ENV !== 'production' && e.IDENTITY_SANDBOX !== false,
  };
}
