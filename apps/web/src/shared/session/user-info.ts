import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenData, User, UserInfoData } from '@snapdrama/contract';
import { takeBootJoin, takeBootUserInfo } from '../boot/handoff';
import { api, tokenStore } from '../api/api';
import { guestId, startSession } from './start-session';

let signedIn: () => void = () => undefined;
/**
 * Resolves once this page has signed in (a guest joined or logged in): the token the server has
 * just given is known to be good before user info answers. The cold start's requests go out on
 * it (player-start.ts).
 */
export const freshSignIn = new Promise<void>((resolve) => {
  signedIn = resolve;
});

export const userInfoQueryKey = ['user', 'info'] as const;

/** The signed-in user, starting a session first when there is none (spec §4). */
export const userInfoQuery = queryOptions({
  queryKey: userInfoQueryKey,
  queryFn: () =>
    startSession({
      api,
      tokens: tokenStore,
      guestId: () => guestId(window.localStorage, () => crypto.randomUUID()),
      onSignedIn: () => signedIn(),
      bootJoin: (authId) => {
        const reply = takeBootJoin(window, authId);
        return reply ? api.adopt<TokenData>(reply) : null;
      },
      bootUserInfo: async (token) => {
        const sent = await takeBootUserInfo(window, token);
        return sent ? api.adopt<UserInfoData>(sent.reply) : null;
      },
    }),
  staleTime: Infinity,
  retry: false,
  // main.tsx sends it before the gate mounts; a failure it saw is the gate's alert, not a second try
  retryOnMount: false,
});

export function useUserInfo() {
  return useQuery(userInfoQuery);
}

export function isGuest(user: User | undefined): boolean {
  return !user || user.auth_mthd === 'guest';
}
