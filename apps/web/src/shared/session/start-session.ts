import { ResultCode, type TokenData, type UserInfoData } from '@snapdrama/contract';
import type { ApiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import type { TokenStore } from '../api/token-store';
import { GUEST_ID_KEY } from './storage-keys';

export interface GuestIdentity {
  id: string;
  /** Made just now: the server cannot know it yet. */
  isNew: boolean;
}

/** The browser's guest id: made once, kept so that a reload is the same guest. */
export function guestId(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  makeId: () => string,
): GuestIdentity {
  try {
    const stored = storage.getItem(GUEST_ID_KEY);
    if (stored) return { id: stored, isNew: false };
    const id = makeId();
    storage.setItem(GUEST_ID_KEY, id);
    return { id, isNew: true };
  } catch {
    return { id: makeId(), isNew: true };
  }
}

export interface SessionDeps {
  api: ApiClient;
  tokens: TokenStore;
  guestId: () => GuestIdentity;
  /** hears each sign-in, once its token is stored */
  onSignedIn?: () => void;
  /** the join the boot script already sent for this guest id, if any (src/boot) */
  bootJoin?: (authId: string) => Promise<TokenData> | null;
  /** the user info the boot script asked for with this token, if it did (null: ask) */
  bootUserInfo?: (token: string) => Promise<UserInfoData | null>;
}

/**
 * Guest login; an unknown guest (403003) joins (spec §4). A guest id made just now cannot be
 * known, so it joins straight away (saving the round trip that would only answer 403003); should
 * the join say it exists already (409003), it logs in.
 */
async function signInAsGuest(
  { api, tokens, onSignedIn }: SessionDeps,
  { id: authId, isNew }: GuestIdentity,
  sentJoin: Promise<TokenData> | null = null,
): Promise<void> {
  const login = () =>
    api.post<TokenData>('/auth/login', { authMthd: 'guest', authId }, { onSessionLost: 'throw' });
  const join = () =>
    api.post<TokenData>(
      '/auth/join',
      { authMthd: 'guest', authId, infoAgreeYn: 'N' },
      { onSessionLost: 'throw' },
    );
  const failsWith = (code: number) => (error: unknown) => {
    if (!isApiError(error) || error.code !== code) throw error;
  };

  let token: TokenData | void;
  if (sentJoin || isNew) {
    token = await (sentJoin ?? join()).catch(failsWith(ResultCode.ALREADY_JOINED));
    token ??= await login();
  } else {
    token = await login().catch(failsWith(ResultCode.GUEST_NOT_FOUND));
    token ??= await join();
  }
  tokens.set(token.access_token);
  onSignedIn?.();
}

/**
 * Only an answer that rejects the session lets start-up go on as a guest. No answer (the page
 * navigating away mid-refetch, a dropped network) or a server fault says nothing about the
 * session: dropping a signed-in user's token for it would turn them into a new guest.
 */
function unlessSessionRejected(error: unknown): undefined {
  if (!isApiError(error) || error.kind !== 'server' || error.status >= 500) throw error;
  // a suspended account is told so (the app's error popup shows the server's words), not turned
  // into a guest without a word (decision 1560)
  if (error.code === ResultCode.ACCOUNT_SUSPENDED) throw error;
  return undefined;
}

function fetchUserInfo(api: ApiClient) {
  return api.get<UserInfoData>('/user/info', { onSessionLost: 'throw' });
}

/**
 * Start-up (spec §4): with a stored token fetch user info; otherwise sign in as a guest first.
 * A user-info failure clears the token and starts over as a guest, once.
 */
export async function startSession(deps: SessionDeps): Promise<UserInfoData> {
  if (!deps.tokens.get()) {
    const identity = deps.guestId();
    // the boot script made this guest id on a brand-new browser and has sent its join already
    const sentJoin = deps.bootJoin?.(identity.id) ?? null;
    // A browser that was here before may hold its session in the httpOnly cookie alone (storage
    // blocked or cleared, or a token write that a quick navigation overtook): a signed-in viewer
    // must not become a new guest for it. A brand-new browser cannot have one: no round trip.
    if (!identity.isNew && !sentJoin) {
      const info = await fetchUserInfo(deps.api).catch(unlessSessionRejected);
      if (info) return info;
    }
    await signInAsGuest(deps, identity, sentJoin);
  }
  try {
    const token = deps.tokens.get();
    const sent = token && deps.bootUserInfo ? await deps.bootUserInfo(token) : null;
    return sent ?? (await fetchUserInfo(deps.api));
  } catch (error) {
    unlessSessionRejected(error);
    deps.tokens.clear();
    await signInAsGuest(deps, deps.guestId());
    return fetchUserInfo(deps.api);
  }
}
