import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { ResultCode, type ErrorCode } from '@snapdrama/contract';
import type { Clock } from '../../clock';

/**
 * AdMob rewarded-ad server-side verification (SSV). AdMob calls our callback URL with the reward's
 * parameters and, last, `signature` (web-safe base64 of an ECDSA P-256 / SHA-256 DER signature)
 * and `key_id`. The signed content is the query string up to, not including, `&signature=`.
 * Verifier public keys are published by Google as JSON ({ keys: [{ keyId, pem, base64 }] }).
 */

const keysDocument = z.object({
  keys: z.array(
    z.object({
      keyId: z.union([z.number(), z.string()]),
      pem: z.string().optional(),
      base64: z.string().optional(),
    }),
  ),
});

export interface AdmobKeySource {
  /**
   * The key with this id, reloading the published set once if it is unknown. Throws
   * AdmobKeysUnavailableError when no key set could be fetched.
   */
  key(keyId: string): Promise<KeyObject | undefined>;
  /** Where failed key fetches are reported (the app's logger). */
  useLogger(log: { warn: (details: object, message: string) => void }): void;
}

/** Google's verifier keys could not be fetched (and none are kept): nothing can be verified. */
export class AdmobKeysUnavailableError extends Error {}

/** How long after a failed fetch callbacks are refused without asking the key server again. */
const RETRY_AFTER_FAILURE_MS = 10_000;

function parseKeys(json: unknown): Map<string, KeyObject> {
  const doc = keysDocument.parse(json);
  const keys = new Map<string, KeyObject>();
  for (const k of doc.keys) {
    const key = k.pem
      ? createPublicKey(k.pem)
      : k.base64
        ? createPublicKey({ key: Buffer.from(k.base64, 'base64'), format: 'der', type: 'spki' })
        : undefined;
    if (key) keys.set(String(k.keyId), key);
  }
  return keys;
}

/**
 * Keys from a fixed JSON document (ADMOB_VERIFIER_KEYS), else fetched from the key server
 * (ADMOB_VERIFIER_KEYS_URL) and kept for a day; an unknown key id refetches at most once a minute
 * (Google rotates keys and publishes the new one first).
 */
export function createAdmobKeySource(options: {
  url: string;
  inlineJson?: string;
  clock: Clock;
  fetchFn?: typeof fetch;
}): AdmobKeySource {
  const fixed = options.inlineJson ? parseKeys(JSON.parse(options.inlineJson)) : undefined;
  const fetchFn = options.fetchFn ?? fetch;
  let cached: { keys: Map<string, KeyObject>; at: number } | undefined;
  let lastAttempt = 0;
  let lastFailure: { at: number; reason: string } | undefined;
  let log: { warn: (details: object, message: string) => void } | undefined;

  async function fetchKeys(): Promise<Map<string, KeyObject>> {
    const response = await fetchFn(options.url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`AdMob verifier keys: HTTP ${response.status}`);
    return parseKeys(await response.json());
  }

  /** The published set, fetched again; on failure the kept set, else AdmobKeysUnavailableError. */
  async function load(): Promise<Map<string, KeyObject>> {
    const now = options.clock.now().getTime();
    // a key server that just failed is not asked again at once (forged callbacks must not
    // turn into a flood of fetches)
    if (!cached && lastFailure && now - lastFailure.at < RETRY_AFTER_FAILURE_MS) {
      throw new AdmobKeysUnavailableError(lastFailure.reason);
    }
    lastAttempt = now;
    try {
      const keys = await fetchKeys();
      cached = { keys, at: options.clock.now().getTime() };
      lastFailure = undefined;
      return keys;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      lastFailure = { at: now, reason };
      log?.warn(
        { err: error, url: options.url, keptKeys: cached !== undefined },
        cached
          ? 'AdMob verifier keys could not be fetched: the kept keys still verify callbacks'
          : 'AdMob verifier keys could not be fetched: callbacks are refused until they can be',
      );
      if (cached) return cached.keys;
      throw new AdmobKeysUnavailableError(reason);
    }
  }

  return {
    async key(keyId) {
      if (fixed) return fixed.get(keyId);
      const now = options.clock.now().getTime();
      if (!cached || now - cached.at > 86_400_000) await load();
      const hit = cached?.keys.get(keyId);
      if (hit || now - lastAttempt < 60_000) return hit;
      return (await load()).get(keyId);
    },
    useLogger(logger) {
      log = logger;
    },
  };
}

export type AdmobVerification =
  { ok: true; params: URLSearchParams } | { ok: false; reason: string; code: ErrorCode };

/** Checks one callback's raw query string (everything after `?`). */
export async function verifyAdmobCallback(
  rawQuery: string,
  keys: AdmobKeySource,
): Promise<AdmobVerification> {
  const at = rawQuery.indexOf('&signature=');
  const signedContent = at >= 0 ? rawQuery.slice(0, at) : '';
  const params = new URLSearchParams(rawQuery);
  const signature = params.get('signature');
  const keyId = params.get('key_id');
  const refused = (reason: string, code: ErrorCode = ResultCode.AD_CALLBACK_SIGNATURE_INVALID) =>
    ({ ok: false, reason, code }) as const;
  if (!signedContent || !signature || !keyId) {
    return refused('signature and key_id are required');
  }
  let key: KeyObject | undefined;
  try {
    key = await keys.key(keyId);
  } catch (error) {
    // no key to verify with: refused like a bad signature (a 5xx would invite retries of forgeries)
    if (!(error instanceof AdmobKeysUnavailableError)) throw error;
    return refused(
      `verifier keys unavailable (${error.message})`,
      ResultCode.AD_CALLBACK_KEYS_UNAVAILABLE,
    );
  }
  if (!key) return refused(`unknown key_id ${keyId}`);
  const valid = verify(
    'sha256',
    Buffer.from(signedContent, 'utf8'),
    { key, dsaEncoding: 'der' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return refused('signature does not verify');
  return { ok: true, params: new URLSearchParams(signedContent) };
}
