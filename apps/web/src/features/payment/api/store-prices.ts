import { useQuery } from '@tanstack/react-query';
import type { NativePlatform, PaymentGoods } from '@snapdrama/contract';
import { askNative, nativePlatform } from '../../../shared/native/native';

/** The pack's product id in this platform's store (spec §3 goods.iap). */
export function storeProductId(goods: PaymentGoods, platform: NativePlatform): string {
  return platform === 'android' ? goods.iap.google : goods.iap.apple;
}

/**
 * In the app, the store's own prices of the packs (spec §7 getPurchaseProductList, §9 "native shows
 * the store price"), by product id. A failure carries the native message (§8).
 */
export function useStorePrices(goods: readonly PaymentGoods[] | undefined) {
  const platform = nativePlatform();
  const productIds = platform
    ? [...new Set((goods ?? []).map((g) => storeProductId(g, platform)).filter(Boolean))]
    : [];
  return useQuery({
    queryKey: ['payment', 'store-prices', platform, productIds] as const,
    enabled: platform !== null && productIds.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      const outcome = await askNative('getPurchaseProductList', { productIds });
      if (outcome.status !== 'ok')
        throw new Error(('message' in outcome && outcome.message) || outcome.status);
      return new Map(outcome.payload.products.map((p) => [p.productId, p.price]));
    },
  });
}
