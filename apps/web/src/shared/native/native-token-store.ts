import type { TokenStore } from '../api/token-store';
import { askNative } from './native';

/**
 * The session token inside the app (spec §4): held in memory by the page and kept by the host in
 * the platform's secure storage. Every sign-in, refresh and sign-out is saved through
 * saveAccessToken; start-up reads it back with loadAccessToken before anything else.
 */
export function createNativeTokenStore(
  save: (token: string | null) => void = (token) =>
    void askNative('saveAccessToken', { accessToken: token }).then((outcome) => {
      if (outcome.status !== 'ok') console.error('native bridge: saveAccessToken', outcome);
    }),
): TokenStore & { restore(token: string | null): void } {
  let token: string | null = null;
  return {
    get: () => token,
    set: (next) => {
      if (next === token) return;
      token = next;
      save(next);
    },
    clear: () => {
      if (token === null) return;
      token = null;
      save(null);
    },
    /** the host's saved token at start-up: no need to save it back */
    restore: (saved) => {
      token = saved;
    },
  };
}

/** Start-up in the app: loadAccessToken first (spec §4); a host that does not answer means none. */
export async function loadNativeToken(): Promise<string | null> {
  const outcome = await askNative('loadAccessToken', {}, { timeoutMs: 5000 });
  return outcome.status === 'ok' ? outcome.payload.accessToken : null;
}
