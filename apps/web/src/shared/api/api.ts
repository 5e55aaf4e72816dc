import { isNativeApp } from '../native/native';
import { createNativeTokenStore, loadNativeToken } from '../native/native-token-store';
import { createApiClient } from './api-client';
import { createLocalTokenStore, type TokenStore } from './token-store';

let chosen: TokenStore | undefined;
let native: ReturnType<typeof createNativeTokenStore> | undefined;
/** In the app the host keeps the token (secure storage); on the web, localStorage. */
function store(): TokenStore {
  if (chosen) return chosen;
  if (isNativeApp()) {
    native = createNativeTokenStore();
    chosen = native;
  } else {
    chosen = createLocalTokenStore();
  }
  return chosen;
}

/** The app's token store, chosen at its first use. */
export const tokenStore: TokenStore = {
  get: () => store().get(),
  set: (token) => store().set(token),
  clear: () => store().clear(),
};

/** Start-up (spec §4): in the app, the saved token is loaded first. Nothing to do on the web. */
export async function restoreSavedToken(): Promise<void> {
  store();
  if (native) native.restore(await loadNativeToken());
}

/** The app's API client. A lost session reloads the root, which starts a fresh guest session. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  leaveSession: () => window.location.assign('/'),
});
