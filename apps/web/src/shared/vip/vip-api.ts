import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  VIP_PATHS,
  type VipChargeListData,
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

/**
 * The receipt of a pass's newest charge (My orders' /profile/orders/vip/{chrgId}), or My orders
 * when the charge is not listed yet (GET /vip/charges is newest first).
 */
export async function vipReceiptPath(vipId: string): Promise<string> {
  try {
    const page = await api.get<VipChargeListData>(`${VIP_PATHS.charges}?page=1`);
    const charge = page.list.find((c) => c.vipId === vipId);
    if (charge) return `/profile/orders/vip/${encodeURIComponent(charge.chrgId)}`;
  } catch {
    // the list is a convenience: My orders has it too
  }
  return '/profile/orders';
}

/**
 * The passes this browser has seen confirmed: its return address opened again (Back, a reload, a
 * second tab) says the pass is already active instead of announcing it anew. The server's answer
 * is the same either way (its confirmation is idempotent); this only chooses the words.
 */
const CONFIRMED_KEY = 'snapdrama.vip.confirmed';
const CONFIRMED_KEEP = 20;
function readConfirmed(): string[] {
  try {
    const list: unknown = JSON.parse(window.localStorage.getItem(CONFIRMED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
export const confirmedVipPasses = {
  has: (vipId: string): boolean => readConfirmed().includes(vipId),
  add(vipId: string) {
    const kept = readConfirmed().filter((id) => id !== vipId);
    try {
      window.localStorage.setItem(
        CONFIRMED_KEY,
        JSON.stringify([...kept.slice(-(CONFIRMED_KEEP - 1)), vipId]),
      );
    } catch {
      // storage off: a reopened return page announces the pass again, which is still true
    }
  },
};
