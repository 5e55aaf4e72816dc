import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
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
  /** The key with this id, reloading the published set once if it is unknown. */
  key(keyId: string): Promise<KeyObject | undefined>;
}

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

  async function load(): Promise<Map<string, KeyObject>> {
    lastAttempt = options.clock.now().getTime();
    const response = await fetchFn(options.url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`AdMob verifier keys: HTTP ${response.status}`);
    const keys = parseKeys(await response.json());
    cached = { keys, at: options.clock.now().getTime() };
    return keys;
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
  };
}

export type AdmobVerification =
  { ok: true; params: URLSearchParams } | { ok: false; reason: string };

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
  if (!signedContent || !signature || !keyId) {
    return { ok: false, reason: 'signature and key_id are required' };
  }
  const key = await keys.key(keyId);
  if (!key) return { ok: false, reason: `unknown key_id ${keyId}` };
  const valid = verify(
    'sha256',
    Buffer.from(signedContent, 'utf8'),
    { key, dsaEncoding: 'der' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return { ok: false, reason: 'signature does not verify' };
  return { ok: true, params: new URLSearchParams(signedContent) };
}
