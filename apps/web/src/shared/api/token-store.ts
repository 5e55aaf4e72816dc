import { ACCESS_TOKEN_KEY } from '../session/storage-keys';

/** Where the bearer access token lives between page loads. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export function createLocalTokenStore(storage: Storage = window.localStorage): TokenStore {
  return {
    get: () => {
      try {
        return storage.getItem(ACCESS_TOKEN_KEY);
      } catch {
        return null;
      }
    },
    set: (token) => {
      try {
        storage.setItem(ACCESS_TOKEN_KEY, token);
      } catch {
        // private mode without storage: the httpOnly cookie still carries the session
      }
    },
    clear: () => {
      try {
        storage.removeItem(ACCESS_TOKEN_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}

export function createMemoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (next) => {
      token = next;
    },
    clear: () => {
      token = null;
    },
  };
}
