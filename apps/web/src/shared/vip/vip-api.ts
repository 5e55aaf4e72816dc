import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  VIP_PATHS,
  type VipPassData,
  type VipPaypalConfirmBody,
  type VipPlansData,
  type VipStatusData,
  type VipStripeConfirmBody,
  type VipSubscribeBody,
  type VipSubscribeData,
  type VipTossConfirmBody,
} from '@snapdrama/contract';
import { api } from '../api/api';
import { isGuest, useUserInfo, userInfoQueryKey } from '../session/user-info';

export const vipStatusQueryKey = ['vip', 'status'] as const;

/** The caller's VIP pass (the active one, else the latest paid), or null. */
export const vipStatusQuery = queryOptions({
  queryKey: vipStatusQueryKey,
  queryFn: () => api.get<VipStatusData>(VIP_PATHS.status),
  select: (data) => data.pass,
  staleTime: 60_000,
});

/** The pass of a signed-in member; nothing is asked for guests. */
export function useVipPass() {
  const user = useUserInfo().data?.user;
  return useQuery({ ...vipStatusQuery, enabled: Boolean(user) && !isGuest(user) });
}

export const vipPlansQuery = queryOptions({
  queryKey: ['vip', 'plans'] as const,
  queryFn: () => api.get<VipPlansData>(VIP_PATHS.plans),
  select: (data) => data.plans,
  staleTime: Infinity,
});

export function useVipPlans() {
  return useQuery(vipPlansQuery);
}

export const subscribeVip = (body: VipSubscribeBody) =>
  api.post<VipSubscribeData>(VIP_PATHS.subscribe, body);
export const confirmVipStripe = (body: VipStripeConfirmBody) =>
  api.put<VipPassData>(VIP_PATHS.stripeConfirm, body);
export const confirmVipPaypal = (body: VipPaypalConfirmBody) =>
  api.put<VipPassData>(VIP_PATHS.paypalConfirm, body);
export const confirmVipToss = (body: VipTossConfirmBody) =>
  api.put<VipPassData>(VIP_PATHS.tossConfirm, body);
export const cancelVip = (vipId: string) => api.post<VipPassData>(VIP_PATHS.cancel, { vipId });

/** A new or ended pass changes which episodes are open: drama pages and the user reload. */
export async function refreshAfterVip(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: vipStatusQueryKey }),
    queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['drama'] }),
  ]);
}

/** Where the buyer goes back to after the provider's page (the locked episode, the profile...). */
const RETURN_KEY = 'snapdrama.vip.return_to';
export const vipReturnPath = {
  save(path: string) {
    try {
      window.sessionStorage.setItem(RETURN_KEY, path);
    } catch {
      // storage off: the return page falls back to the profile
    }
  },
  take(): string | undefined {
    try {
      const path = window.sessionStorage.getItem(RETURN_KEY) ?? undefined;
      window.sessionStorage.removeItem(RETURN_KEY);
      // only our own paths
      return path?.startsWith('/') && !path.startsWith('//') ? path : undefined;
    } catch {
      return undefined;
    }
  },
};
