import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@snapdrama/contract';
import type { TestContext } from '../../test/harness';
import { addUniformDramas } from '../wallet/wallet.test-support';

export const EPISODE_SECONDS = 60;

/** Dramas for event tests: `free` free episodes, then paid ones, each EPISODE_SECONDS long. */
export function addDramas(
  ctx: TestContext,
  options: { count: number; episodes: number; free: number; price: number },
): Promise<number[]> {
  return addUniformDramas(ctx, { ...options, durationSeconds: EPISODE_SECONDS });
}

export interface Who {
  token: string;
}

export function call(
  app: FastifyInstance,
  who: Who | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `${API_BASE}${url}`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Opens an ad view and answers its logId. */
export async function openAd(app: FastifyInstance, who: Who, advrType: 'unlock' | 'mission') {
  const res = await call(app, who, 'POST', '/event/advertisement', { advrType });
  if (res.statusCode !== 200) throw new Error(`open ad: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { logId: string } }>().data.logId;
}

/** A local AdMob signer: an EC P-256 key pair and the verifier-keys document of its public half. */
export function admobTestSigner(keyId = '3335741209') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    keyId,
    keysJson: JSON.stringify({ keys: [{ keyId: Number(keyId), pem, base64: '' }] }),
    /** The query string AdMob would send, signed as AdMob signs it. */
    signedQuery(params: Record<string, string>, key: KeyObject = privateKey): string {
      const content = new URLSearchParams(params).toString();
      const signature = sign('sha256', Buffer.from(content), { key, dsaEncoding: 'der' });
      return `${content}&signature=${signature.toString('base64url')}&key_id=${keyId}`;
    },
  };
}
