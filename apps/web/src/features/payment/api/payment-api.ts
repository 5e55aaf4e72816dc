import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  PAYMENT_PATHS,
  type PaymentConfigData,
  type PaymentGoodsListData,
  type PaymentRegistBody,
  type PaymentRegistData,
  type PaymentResultData,
  type PaypalConfirmBody,
  type PaypalOrderBody,
  type PaypalOrderData,
  type StripeConfirmBody,
  type TossConfirmBody,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { userInfoQueryKey } from '../../../shared/session/user-info';

export const goodsListQueryKey = ['payment', 'goods'] as const;

/** The coin packs with this user's first-charge state (spec §3, §7). */
export const goodsListQuery = queryOptions({
  queryKey: goodsListQueryKey,
  queryFn: () => api.get<PaymentGoodsListData>(PAYMENT_PATHS.goodsList),
  select: (data) => data.paymentGoodsList,
  staleTime: 0,
});

export function useGoodsList() {
  return useQuery(goodsListQuery);
}

/** Which gateways are live, stand-ins or off, with their public client keys. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payment', 'config'] as const,
  queryFn: () => api.get<PaymentConfigData>(PAYMENT_PATHS.config),
  staleTime: Infinity,
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}

export const registOrder = (body: PaymentRegistBody) =>
  api.post<PaymentRegistData>(PAYMENT_PATHS.regist, body);

export const createPaypalOrder = (body: PaypalOrderBody) =>
  api.post<PaypalOrderData>(PAYMENT_PATHS.paypalOrder, body);

export const confirmToss = (body: TossConfirmBody) =>
  api.put<PaymentResultData>(PAYMENT_PATHS.tossConfirm, body);

export const confirmStripe = (body: StripeConfirmBody) =>
  api.put<PaymentResultData>(PAYMENT_PATHS.stripeConfirm, body);

export const confirmPaypal = (body: PaypalConfirmBody) =>
  api.put<PaymentResultData>(PAYMENT_PATHS.paypalConfirm, body);

/** After a purchase the balance and every pack's first-charge state change (spec §4). */
export async function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
    queryClient.invalidateQueries({ queryKey: goodsListQueryKey }),
  ]);
}
