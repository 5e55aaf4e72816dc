import { ResultCode, type TokenData, type UserInfoData } from '@snapdrama/contract';
import type { ApiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import type { TokenStore } from '../api/token-store';

const GUEST_ID_KEY = 'guest_id';

/** The browser's guest id: made once, kept so that a reload is the same guest. */
export function guestId(storage: Pick<Storage, 'getItem' | 'setItem'>, makeId: () => string): string {
  try {
    const stored = storage.getItem(GUEST_ID_KEY);
    if (stored) return stored;
    const id = makeId();
    storage.setItem(GUEST_ID_KEY, id);
    return id;
  } catch {
    return makeId();
  }
}

export interface SessionDeps {
  api: ApiClient;
  tokens: TokenStore;
  guestId: () => string;
}

/** Guest login; an unknown guest (403003) joins first (spec §4). */
async function signInAsGuest({ api, tokens, guestId: id }: SessionDeps): Promise<void> {
  const authId = id();
  let token: TokenData;
  try {
    token = await api.post<TokenData>(
      '/auth/login',
      { authMthd: 'guest', authId },
      { onSessionLost: 'throw' },
    );
  } catch (error) {
    if (!isApiError(error) || error.code !== ResultCode.GUEST_NOT_FOUND) throw error;
    token = await api.post<TokenData>(
      '/auth/join',
      { authMthd: 'guest', authId, infoAgreeYn: 'N' },
      { onSessionLost: 'throw' },
    );
  }
  tokens.set(token.access_token);
}

function fetchUserInfo(api: ApiClient) {
  return api.get<UserInfoData>('/user/info', { onSessionLost: 'throw' });
}

/**
 * Start-up (spec §4): with a stored token fetch user info; otherwise sign in as a guest first.
 * A user-info failure clears the token and starts over as a guest, once.
 */
export async function startSession(deps: SessionDeps): Promise<UserInfoData> {
  if (!deps.tokens.get()) await signInAsGuest(deps);
  try {
    return await fetchUserInfo(deps.api);
  } catch {
    deps.tokens.clear();
    await signInAsGuest(deps);
    return fetchUserInfo(deps.api);
  }
}
