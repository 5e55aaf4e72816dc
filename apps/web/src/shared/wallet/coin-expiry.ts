import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoinExpiryData } from '@snapdrama/contract';
import { api } from '../api/api';
import { isGuest, useUserInfo } from '../session/user-info';

export const coinExpiryQueryKey = ['wallet', 'coin-expiry'] as const;

/** GET /user/coin-expiry: coins that expire within 48 hours, and whether to remind today. */
export const coinExpiryQuery = queryOptions({
  queryKey: coinExpiryQueryKey,
  queryFn: () => api.get<CoinExpiryData>('/user/coin-expiry'),
  staleTime: 5 * 60_000,
});

/** The reminder to show, for members only (guests hold no coins). */
export function useCoinExpiry() {
  const user = useUserInfo().data?.user;
  const member = !!user && !isGuest(user);
  return useQuery({ ...coinExpiryQuery, enabled: member });
}

/** PUT /user/coin-expiry/seen: dismissed until the next service day. */
export function useDismissCoinExpiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<CoinExpiryData>('/user/coin-expiry/seen'),
    onSuccess: (data) => queryClient.setQueryData(coinExpiryQueryKey, data),
  });
}
