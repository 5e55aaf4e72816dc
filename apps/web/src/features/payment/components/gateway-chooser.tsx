import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey, PaymentGoods } from '@snapdrama/contract';
import { formatNumber } from '../../../shared/format/number';
import { useLayerStore } from '../../../shared/layers/layer-store';
import { Spinner } from '../../../shared/ui/spinner';
import { nativePlatform } from '../../../shared/native/native';
import { usePaymentConfig } from '../api/payment-api';
import { storeProductId, useStorePrices } from '../api/store-prices';
import { buyInApp } from '../flows/native-purchase';
import { startGateway } from '../payment-flow';
import { usePaymentStore } from '../payment-store';
import { formatPrice, gatewayPrice, type WebGateway } from '../price';
import styles from './gateway-chooser.module.css';

/** The web gateways (spec §3): Toss, Stripe, PayPal; Google and Apple are the native app's. */
const GATEWAYS: { code: WebGateway; mode: 'toss' | 'stripe' | 'paypal'; label: MessageKey }[] = [
  { code: 'T', mode: 'toss', label: 'payment.gateway_toss' },
  { code: 'S', mode: 'stripe', label: 'payment.gateway_stripe' },
  { code: 'P', mode: 'paypal', label: 'payment.gateway_paypal' },
];

/** In the app the store is the only gateway: Google Play on Android, Apple on iOS (spec §3, §5). */
function StoreGateway({ goods }: { goods: PaymentGoods }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const busy = usePaymentStore((s) => s.busy);
  const prices = useStorePrices([goods]);
  const platform = nativePlatform() ?? 'android';
  const code = platform === 'android' ? 'G' : 'A';
  const price = prices.data?.get(storeProductId(goods, platform));
  return (
    <div className={styles.chooser} data-testid="gateway-chooser">
      <p className={styles.summary}>
        {t('payment.coins_n', { coins: formatNumber(goods.paid_coin) })}
      </p>
      <div className={styles.gateways}>
        <button
          type="button"
          className={styles.gateway}
          data-gateway={code}
          data-testid={`gateway-${code}`}
          disabled={!price || busy}
          onClick={() => void buyInApp(goods, { t, queryClient })}
        >
          <span className={styles.label}>
            {t(code === 'G' ? 'payment.gateway_google' : 'payment.gateway_apple')}
          </span>
          <span className={styles.amount}>
            {price ?? (prices.isPending ? '…' : t('payment.msg_purchase_not_available'))}
          </span>
        </button>
      </div>
      {busy && <Spinner />}
    </div>
  );
}

function GatewayChooser({ goods }: { goods: PaymentGoods }) {
  if (nativePlatform()) return <StoreGateway goods={goods} />;
  return <WebGatewayChooser goods={goods} />;
}

function WebGatewayChooser({ goods }: { goods: PaymentGoods }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  const busy = usePaymentStore((s) => s.busy);

  if (config.isPending) return <Spinner />;
  if (config.isError) return <p className={styles.note}>{t('payment.msg_fail')}</p>;
  const sandbox = GATEWAYS.some((g) => config.data[g.mode].mode === 'sandbox');

  return (
    <div className={styles.chooser} data-testid="gateway-chooser">
      <p className={styles.summary}>
        {t('payment.coins_n', { coins: formatNumber(goods.paid_coin) })}
      </p>
      <div className={styles.gateways}>
        {GATEWAYS.map((g) => {
          const price = gatewayPrice(goods, g.code);
          const available = price.amount > 0 && config.data[g.mode].mode !== 'off';
          return (
            <button
              key={g.code}
              type="button"
              className={styles.gateway}
              data-gateway={g.code}
              data-testid={`gateway-${g.code}`}
              disabled={!available || busy}
              onClick={() => void startGateway(g.code, { t, queryClient, config: config.data })}
            >
              <span className={styles.mark} data-gateway={g.code} aria-hidden="true">
                {g.code === 'T' ? 'toss' : g.code === 'S' ? 'stripe' : 'PayPal'}
              </span>
              <span className={styles.label}>{t(g.label)}</span>
              <span className={styles.amount}>
                {available
                  ? formatPrice(price, i18n.language)
                  : t('payment.msg_purchase_not_available')}
              </span>
            </button>
          );
        })}
      </div>
      {busy && <Spinner />}
      {sandbox && <p className={styles.note}>{t('payment.sandbox')}</p>}
    </div>
  );
}

/** The payment gateway chooser popup (spec §2) for the chosen pack. */
export function openGatewayChooser(goods: PaymentGoods, title: string) {
  usePaymentStore.getState().select(goods);
  useLayerStore.getState().openPopup({
    kind: 'payment-gateway',
    title,
    content: <GatewayChooser goods={goods} />,
    onClose: () => usePaymentStore.getState().reset(),
  });
}
