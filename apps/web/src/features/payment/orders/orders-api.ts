import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  PAYMENT_PATHS,
  type PaymentOrderData,
  type PaymentOrderListData,
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
