import { createApiClient } from './api-client';
import { createLocalTokenStore } from './token-store';

/** The app's token store (localStorage). */
export const tokenStore = createLocalTokenStore();

/** The app's API client. A lost session reloads the root, which starts a fresh guest session. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  leaveSession: () => window.location.assign('/'),
});
