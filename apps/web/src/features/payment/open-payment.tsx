import { useTranslation } from 'react-i18next';
import type { PaymentGoods } from '@snapdrama/contract';
import { MOBILE_BREAKPOINT_PX } from '../../shared/hooks/use-is-mobile';
import { useLayerStore } from '../../shared/layers/layer-store';
import { Balance } from './components/balance';
import { openGatewayChooser } from './components/gateway-chooser';
import { GoodsList } from './components/goods-list';
import styles from './payment-panel.module.css';

/** Payment/product sheet height on mobile (spec §9). */
export const PAYMENT_SHEET_HEIGHT = 460;

/** The coin packs in a popup or sheet: the player's payment button and the mission coins open it. */
function PaymentPanel() {
  const { t } = useTranslation();
  const choose = (goods: PaymentGoods) => openGatewayChooser(goods, t('payment.choose_gateway'));
  return (
    <div className={styles.panel} data-testid="payment-popup">
      <h2 className={styles.title}>{t('payment.title')}</h2>
      <Balance />
      <div className={styles.scroll}>
        <GoodsList onChoose={choose} />
      </div>
    </div>
  );
}

/**
 * Opens the coin packs as a layer, never a route (spec §2): the 460 px payment sheet on mobile,
 * the payment modal popup on desktop. The back action closes it before navigating.
 */
export function openPaymentLayer(): void {
  const store = useLayerStore.getState();
  const mobile = window.innerWidth < MOBILE_BREAKPOINT_PX;
  if (mobile)
    store.openSheet({ kind: 'payment', content: <PaymentPanel />, height: PAYMENT_SHEET_HEIGHT });
  else store.openModal({ kind: 'payment', content: <PaymentPanel /> });
}
