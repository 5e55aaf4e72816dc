import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentOrderData } from '@snapdrama/contract';
import { errorMessage } from '../../../shared/api/api-error';
import { formatNumber } from '../../../shared/format/number';
import { layers } from '../../../shared/layers/layer-store';
import { isGuest, useUserInfo } from '../../../shared/session/user-info';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { formatPrice } from '../price';
import { useOrders } from './orders-api';
import { GATEWAY_LABEL, formatOrderTime, stateLabel } from './order-text';
import styles from './orders.module.css';
import { SignInPrompt } from '../../../shared/session/sign-in-prompt';

/** /profile/orders (issue 40): the viewer's coin pack orders, newest first, each to its receipt. */
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
  const query = useOrders();
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;

  useEffect(() => {
    if (query.isError) {
      layers.toast(errorMessage(query.error, t('contents.msg_info_fail')), 'failure');
    }
  }, [query.isError, query.error, t]);

  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const orders = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (orders.length === 0) {
    return (
      <div className={styles.empty} data-testid="orders-empty">
        <p>{t('orders.empty')}</p>
        <Link to="/payment">{t('wallet.charge')}</Link>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list}>
        {orders.map((order) => (
          <li key={order.ordrId}>
            <OrderRow order={order} />
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <Button
          variant="secondary"
          block
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          data-testid="orders-more"
        >
          {t('wallet.load_more')}
        </Button>
      )}
    </>
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
