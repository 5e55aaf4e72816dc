import { isNativeApp } from '../native/native';
import { createNativeTokenStore, loadNativeToken } from '../native/native-token-store';
import { createApiClient } from './api-client';
import { createLocalTokenStore, type TokenStore } from './token-store';

const local = createLocalTokenStore();
let native: ReturnType<typeof createNativeTokenStore> | undefined;
/**
 * In the app the host keeps the token (secure storage); on the web, localStorage. Asked each time
 * until a host shows up (the simulator installs itself at start-up, after modules loaded).
 */
function store(): TokenStore {
  if (native) return native;
  if (!isNativeApp()) return local;
  native = createNativeTokenStore();
  return native;
}

/** The app's token store, chosen at its first use. */
export const tokenStore: TokenStore = {
  get: () => store().get(),
  set: (token) => store().set(token),
  clear: () => store().clear(),
};

let tokenRestored: () => void = () => undefined;
/** Settles once start-up restored the saved token: nothing may ask for the session before. */
export const tokenReady = new Promise<void>((resolve) => {
  tokenRestored = resolve;
});

/** Start-up (spec §4): in the app, the saved token is loaded first. Nothing to do on the web. */
export async function restoreSavedToken(): Promise<void> {
  store();
  if (native) native.restore(await loadNativeToken());
  tokenRestored();
}

/** The app's API client. A lost session reloads the root, which starts a fresh guest session. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  leaveSession: () => window.location.assign('/'),
  // main.tsx and every language change keep the page's lang the negotiated one
  language: () => document.documentElement.lang || undefined,
});
