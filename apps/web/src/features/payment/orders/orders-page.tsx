import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentOrderData, VipChargeData } from '@snapdrama/contract';
import { errorMessage } from '../../../shared/api/api-error';
import { formatNumber } from '../../../shared/format/number';
import { layers } from '../../../shared/layers/layer-store';
import { isGuest, useUserInfo } from '../../../shared/session/user-info';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { formatPrice } from '../price';
import { useOrders, useVipCharges } from './orders-api';
import {
  GATEWAY_LABEL,
  VIP_PLAN_LABEL,
  chargeAmount,
  formatOrderTime,
  stateLabel,
} from './order-text';
import styles from './orders.module.css';
import { SignInPrompt } from '../../../shared/session/sign-in-prompt';

/**
 * /profile/orders (issue 40): the viewer's coin pack orders and VIP pass charges, newest first,
 * each to its receipt.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;
  if (!userInfo || isGuest(userInfo.user)) {
    return (
      <section className={styles.page} data-testid="orders-page">
        <SignInPrompt className={styles.empty} />
      </section>
    );
  }
  return (
    <section className={styles.page} data-testid="orders-page">
      <h1 className={styles.heading}>{t('orders.title')}</h1>
      <OrderList />
    </section>
  );
}

function OrderList() {
  const { t } = useTranslation();
  const packs = useOrders();
  const vip = useVipCharges();
  const failed = packs.error ?? vip.error;

  useEffect(() => {
    if (failed) layers.toast(errorMessage(failed, t('contents.msg_info_fail')), 'failure');
  }, [failed, t]);

  if (packs.isPending || vip.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const orders = packs.data?.pages.flatMap((p) => p.list) ?? [];
  const charges = vip.data?.pages.flatMap((p) => p.list) ?? [];
  if (orders.length === 0 && charges.length === 0) {
    return (
      <div className={styles.empty} data-testid="orders-empty">
        <p>{t('orders.empty')}</p>
        <Link to="/payment">{t('wallet.charge')}</Link>
      </div>
    );
  }
  return (
    <>
      {orders.length > 0 && (
        <section aria-labelledby="orders-packs" data-testid="orders-packs">
          <h2 id="orders-packs" className={styles.subheading}>
            {t('orders.coin_packs')}
          </h2>
          <ul className={styles.list}>
            {orders.map((order) => (
              <li key={order.ordrId}>
                <OrderRow order={order} />
              </li>
            ))}
          </ul>
          <MoreButton query={packs} testId="orders-more" />
        </section>
      )}
      {charges.length > 0 && (
        <section aria-labelledby="orders-vip" data-testid="orders-vip">
          <h2 id="orders-vip" className={styles.subheading}>
            {t('vip.title')}
          </h2>
          <ul className={styles.list}>
            {charges.map((charge) => (
              <li key={charge.chrgId}>
                <VipChargeRow charge={charge} />
              </li>
            ))}
          </ul>
          <MoreButton query={vip} testId="vip-charges-more" />
        </section>
      )}
    </>
  );
}

function MoreButton({
  query,
  testId,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  testId: string;
}) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      block
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      data-testid={testId}
    >
      {t('wallet.load_more')}
    </Button>
  );
}

function VipChargeRow({ charge }: { charge: VipChargeData }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      to={`/profile/orders/vip/${charge.chrgId}`}
      className={styles.order}
      data-testid="vip-charge-row"
      data-state={charge.stts}
    >
      <span className={styles.pack}>
        {t('orders.vip_plan', { plan: t(VIP_PLAN_LABEL[charge.plan]) })}
      </span>
      <span className={styles.amount}>{chargeAmount(charge, i18n.language, t)}</span>
      <span className={styles.meta}>
        {formatOrderTime(charge.paid_dtm, i18n.language)} · {t(GATEWAY_LABEL[charge.pymn_gtwy])}
      </span>
      <span
        className={`${styles.state} ${charge.stts === 'refunded' ? styles.refunded : styles.paid}`}
      >
        {t(stateLabel(charge.stts))}
      </span>
    </Link>
  );
}

function OrderRow({ order }: { order: PaymentOrderData }) {
  const { t, i18n } = useTranslation();
  const state = stateLabel(order.stts);
  const tone =
    order.stts === 'refunded'
      ? styles.refunded
      : order.stts === 'failed'
        ? styles.failed
        : styles.paid;
  return (
    <Link
      to={`/profile/orders/${order.ordrId}`}
      className={styles.order}
      data-testid="order-row"
      data-state={order.stts}
    >
      <span className={styles.pack}>
        {t('orders.pack_coins', { coins: formatNumber(order.paid_coin) })}
      </span>
      <span className={styles.amount}>
        {formatPrice({ currency: order.crncy, amount: order.amnt }, i18n.language)}
      </span>
      <span className={styles.meta}>
        {formatOrderTime(order.rgst_dtm, i18n.language)} · {t(GATEWAY_LABEL[order.pymn_gtwy])}
      </span>
      <span className={`${styles.state} ${tone}`}>{t(state)}</span>
    </Link>
  );
}
