import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@snapdrama/contract';
import { api, tokenStore } from '../api/api';
import { guestId, startSession } from './start-session';

export const userInfoQueryKey = ['user', 'info'] as const;

/** The signed-in user, starting a session first when there is none (spec §4). */
export const userInfoQuery = queryOptions({
  queryKey: userInfoQueryKey,
  queryFn: () =>
    startSession({
      api,
      tokens: tokenStore,
      guestId: () => guestId(window.localStorage, () => crypto.randomUUID()),
    }),
  staleTime: Infinity,
  retry: false,
});

export function useUserInfo() {
  return useQuery(userInfoQuery);
}

export function isGuest(user: User | undefined): boolean {
  return !user || user.auth_mthd === 'guest';
}
