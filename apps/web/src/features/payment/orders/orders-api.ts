import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  PAYMENT_PATHS,
  VIP_PATHS,
  type PaymentOrderData,
  type PaymentOrderListData,
  type VipChargeData,
  type VipChargeListData,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';

/** "My orders", page by page (GET /payment/orders). */
export const ordersQuery = infiniteQueryOptions({
  queryKey: ['payment', 'orders'] as const,
  queryFn: ({ pageParam }) =>
    api.get<PaymentOrderListData>(`${PAYMENT_PATHS.orders}?page=${pageParam}`),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.lastPage ? undefined : last.page + 1),
  staleTime: 0,
});

export function useOrders() {
  return useInfiniteQuery(ordersQuery);
}

/** One order's receipt (GET /payment/order/{ordrId}). */
export function useReceipt(ordrId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['payment', 'order', ordrId] as const,
      queryFn: () =>
        api.get<PaymentOrderData>(
          PAYMENT_PATHS.order.replace(':ordrId', encodeURIComponent(ordrId)),
        ),
      staleTime: 0,
      retry: false,
    }),
  );
}

/** My orders' VIP part: the pass charges, page by page (GET /vip/charges). */
export const vipChargesQuery = infiniteQueryOptions({
  queryKey: ['vip', 'charges'] as const,
  queryFn: ({ pageParam }) => api.get<VipChargeListData>(`${VIP_PATHS.charges}?page=${pageParam}`),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.lastPage ? undefined : last.page + 1),
  staleTime: 0,
});

export function useVipCharges() {
  return useInfiniteQuery(vipChargesQuery);
}

/** One pass charge's receipt (GET /vip/charges/{chrgId}). */
export function useVipReceipt(chrgId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['vip', 'charge', chrgId] as const,
      queryFn: () =>
        api.get<VipChargeData>(VIP_PATHS.charge.replace(':chrgId', encodeURIComponent(chrgId))),
      staleTime: 0,
      retry: false,
    }),
  );
}
