import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentGoods } from '@snapdrama/contract';
import { hasFirstChargeBonus, purchaseBonusCoins } from '@snapdrama/rules';
import { errorMessage } from '../../../shared/api/api-error';
import { formatNumber } from '../../../shared/format/number';
import { layers } from '../../../shared/layers/layer-store';
import { Spinner } from '../../../shared/ui/spinner';
import { nativePlatform } from '../../../shared/native/native';
import { useGoodsList } from '../api/payment-api';
import { storeProductId, useStorePrices } from '../api/store-prices';
import { displayPrice, formatPrice } from '../price';
import styles from './goods-list.module.css';

interface GoodsListProps {
  onChoose: (goods: PaymentGoods) => void;
}

/**
 * The coin packs (spec §2, §3): coins, the bonus (with the first-charge bonus and its badge while
 * the user has not bought that pack, spec §9) and the price in KRW for Korean, USD otherwise.
 * A price of 0 shows payment.msg_purchase_not_available on the button (spec §8).
 */
export function GoodsList({ onChoose }: GoodsListProps) {
  const { t, i18n } = useTranslation();
  const query = useGoodsList();
  const platform = nativePlatform();
  // in the app the store's own price is shown (spec §9); its failure shows the native message (§8)
  const storePrices = useStorePrices(platform ? query.data : undefined);
  const storeError = storePrices.isError ? storePrices.error : null;
  useEffect(() => {
    if (storeError) layers.toast(storeError.message || t('payment.msg_goods_list_fail'), 'failure');
  }, [storeError, t]);

  useEffect(() => {
    if (query.isError)
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(query.error, t('payment.msg_goods_list_fail')),
      });
  }, [query.isError, query.error, t]);

  if (query.isPending) return <Spinner />;
  if (query.isError) return null;
  if (query.data.length === 0)
    return (
      <p className={styles.empty} data-testid="goods-empty">
        {t('payment.msg_goods_list_not_found')}
      </p>
    );

  return (
    <ul className={styles.list} data-testid="goods-list">
      {query.data.map((goods) => {
        const firstCharge = hasFirstChargeBonus(goods, goods.use_yn === 'Y');
        const bonus = purchaseBonusCoins(goods, goods.use_yn === 'Y');
        const price = displayPrice(goods, i18n.language);
        const storePrice = platform
          ? storePrices.data?.get(storeProductId(goods, platform))
          : undefined;
        const available = platform
          ? storePrice !== undefined && goods.iap_price > 0
          : price.amount > 0;
        return (
          <li
            key={goods.gods_code}
            className={styles.item}
            data-testid="goods-item"
            data-gods-code={goods.gods_code}
          >
            <div className={styles.coins}>
              <span className={styles.coinMark} aria-hidden="true">
                C
              </span>
              <span className={styles.amounts}>
                <strong>{t('payment.coins_n', { coins: formatNumber(goods.paid_coin) })}</strong>
                {bonus > 0 && (
                  <span className={styles.bonus} data-testid="goods-bonus">
                    {t('payment.bonus_n', { coins: formatNumber(bonus) })}
                  </span>
                )}
              </span>
              {firstCharge && (
                <span className={styles.badge} data-testid="goods-first-charge">
                  {t('payment.first_charge')}
                </span>
              )}
            </div>
            <button
              type="button"
              className={styles.price}
              disabled={!available}
              onClick={() => onChoose(goods)}
              data-testid="goods-buy"
            >
              {available
                ? (storePrice ?? formatPrice(price, i18n.language))
                : platform && storePrices.isPending
                  ? '…'
                  : t('payment.msg_purchase_not_available')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
