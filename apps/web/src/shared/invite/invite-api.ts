import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteOfferData, MyInviteData } from '@snapdrama/contract';
import { api } from '../api/api';
import { isGuest, useUserInfo } from '../session/user-info';

export const myInviteQueryKey = ['invite', 'me'] as const;

/** GET /invite/me: the member's code, link path, counts and the amounts in force. */
export const myInviteQuery = queryOptions({
  queryKey: myInviteQueryKey,
  queryFn: () => api.get<MyInviteData>('/invite/me'),
  staleTime: 60_000,
});

/** The member's invite; nothing is asked for guests (they have no code). */
export function useMyInvite() {
  const user = useUserInfo().data?.user;
  return useQuery({ ...myInviteQuery, enabled: Boolean(user) && !isGuest(user) });
}

/** GET /invite/offer/{code}: what the friend gets (404170: no such code). */
export function useInviteOffer(code: string) {
  return useQuery({
    queryKey: ['invite', 'offer', code] as const,
    queryFn: () => api.get<InviteOfferData>(`/invite/offer/${encodeURIComponent(code)}`),
    retry: false,
    staleTime: 60_000,
  });
}

/** The full invite link of a path the server gave. */
export const inviteLink = (path: string) => `${window.location.origin}${path}`;
