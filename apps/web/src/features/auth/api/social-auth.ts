import type {
  AccountJoinBody,
  AuthorizeData,
  CheckUserData,
  SocialMethod,
  TokenData,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';

/** GET /auth/authorize/{provider}: the server keeps state, nonce and the PKCE verifier. */
export function fetchAuthorization(method: SocialMethod): Promise<AuthorizeData> {
  const redirectUri = `${window.location.origin}/callback/${method}`;
  return api.get<AuthorizeData>(
    `/auth/authorize/${method}?redirectUri=${encodeURIComponent(redirectUri)}`,
  );
}

/** POST /auth/check/user: the code of the callback; answers isExists and a sign-in ticket. */
export function checkUser(method: SocialMethod, code: string, state: string) {
  return api.post<CheckUserData>('/auth/check/user', {
    authMthd: method,
    authId: code,
    state,
    isNative: false,
  });
}

/**
 * POST /auth/check/user from the app (isNative true): authId is what the platform SDK returned,
 * the Google, Kakao or Apple ID token or the Facebook access token; the server verifies it.
 */
export function checkNativeUser(method: SocialMethod, token: string) {
  return api.post<CheckUserData>('/auth/check/user', {
    authMthd: method,
    authId: token,
    isNative: true,
  });
}

/** POST /auth/login with the ticket; the guest token sent along carries the guest's data over. */
export function loginWithTicket(method: SocialMethod, ticket: string) {
  return api.post<TokenData>('/auth/login', { authMthd: method, authId: ticket });
}

export function joinWithTicket(body: AccountJoinBody) {
  return api.post<TokenData>('/auth/join', body);
}
