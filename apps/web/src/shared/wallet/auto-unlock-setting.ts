import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoUnlockSetting } from '@snapdrama/contract';
import { api } from '../api/api';
import { isGuest, useUserInfo } from '../session/user-info';

export const autoUnlockQueryKey = ['wallet', 'auto-unlock'] as const;

/** GET /user/auto-unlock: the viewer's setting (off by default; always off for guests). */
export const autoUnlockQuery = queryOptions({
  queryKey: autoUnlockQueryKey,
  queryFn: () => api.get<AutoUnlockSetting>('/user/auto-unlock'),
  staleTime: 60_000,
});

/** Whether auto-unlock is on for this viewer; false for guests without asking the server. */
export function useAutoUnlockSetting() {
  const user = useUserInfo().data?.user;
  const member = !!user && !isGuest(user);
  const query = useQuery({ ...autoUnlockQuery, enabled: member });
  return { member, enabled: member && query.data?.auto_unlock === true, loading: query.isLoading };
}

/** PUT /user/auto-unlock. */
export function useSetAutoUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<AutoUnlockSetting>('/user/auto-unlock', { enabled }),
    onSuccess: (data) => queryClient.setQueryData(autoUnlockQueryKey, data),
  });
}
