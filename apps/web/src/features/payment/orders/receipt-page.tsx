import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PaymentOrderData } from '@snapdrama/contract';
import { errorMessage } from '../../../shared/api/api-error';
import { formatNumber } from '../../../shared/format/number';
import { isGuest, useUserInfo } from '../../../shared/session/user-info';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { formatPrice } from '../price';
import { useReceipt, useVipReceipt } from './orders-api';
import {
  GATEWAY_LABEL,
  VIP_PLAN_LABEL,
  chargeAmount,
  formatOrderTime,
  formatPeriod,
  stateLabel,
} from './order-text';
import styles from './orders.module.css';
import { SignInPrompt } from '../../../shared/session/sign-in-prompt';

/** /profile/orders/:ordrId (issue 40): one order's receipt, to print or save as a PDF. */
export function ReceiptPage() {
  const { ordrId = '' } = useParams();
  return (
    <ReceiptFrame>
      <Receipt ordrId={ordrId} />
    </ReceiptFrame>
  );
}

/** /profile/orders/vip/:chrgId: one VIP pass charge's receipt, likewise. */
export function VipReceiptPage() {
  const { chrgId = '' } = useParams();
  return (
    <ReceiptFrame>
      <VipReceipt chrgId={chrgId} />
    </ReceiptFrame>
  );
}

function ReceiptFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;
  if (!userInfo || isGuest(userInfo.user)) {
    return (
      <section className={styles.page} data-testid="receipt-page">
        <SignInPrompt className={styles.empty} />
      </section>
    );
  }
  return (
    <section className={styles.page} data-testid="receipt-page">
      <h1 className={styles.heading}>{t('orders.receipt')}</h1>
      {children}
    </section>
  );
}

function Loading({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  return (
    <div className={styles.empty} data-testid="receipt-error">
      <p>{errorMessage(query.error, t('contents.msg_info_fail'))}</p>
      <Link to="/profile/orders">{t('orders.title')}</Link>
    </div>
  );
}

function VipReceipt({ chrgId }: { chrgId: string }) {
  const { t, i18n } = useTranslation();
  const query = useVipReceipt(chrgId);
  if (!query.data) return <Loading query={query} />;
  const charge = query.data;
  const time = (iso: string) => formatOrderTime(iso, i18n.language);
  const lines: ReceiptLine[] = [
    { key: 'state', label: t('orders.state'), value: t(stateLabel(charge.stts)) },
    {
      key: 'pack',
      label: t('orders.pack'),
      value: t('orders.vip_plan', { plan: t(VIP_PLAN_LABEL[charge.plan]) }),
    },
    { key: 'amount', label: t('orders.amount'), value: chargeAmount(charge, i18n.language, t) },
    { key: 'gateway', label: t('orders.gateway'), value: t(GATEWAY_LABEL[charge.pymn_gtwy]) },
    { key: 'paid', label: t('orders.paid_at'), value: time(charge.paid_dtm) },
    {
      key: 'period',
      label: t('orders.vip_period'),
      value: formatPeriod(charge.strt_dtm, charge.end_dtm, i18n.language),
    },
  ];
  if (charge.rfnd_dtm) {
    lines.push({ key: 'refunded', label: t('orders.refunded_at'), value: time(charge.rfnd_dtm) });
  }
  lines.push({ key: 'id', label: t('orders.charge_id'), value: charge.prvd_id, code: true });
  return <ReceiptLines lines={lines} state={charge.stts} />;
}

function Receipt({ ordrId }: { ordrId: string }) {
  const query = useReceipt(ordrId);
  if (!query.data) return <Loading query={query} />;
  return <ReceiptBody order={query.data} />;
}

function ReceiptBody({ order }: { order: PaymentOrderData }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => formatOrderTime(iso, i18n.language);
  const lines: ReceiptLine[] = [
    { key: 'state', label: t('orders.state'), value: t(stateLabel(order.stts)) },
    {
      key: 'pack',
      label: t('orders.pack'),
      value: t('orders.pack_coins', { coins: formatNumber(order.paid_coin) }),
    },
    {
      key: 'amount',
      label: t('orders.amount'),
      value: formatPrice({ currency: order.crncy, amount: order.amnt }, i18n.language),
    },
    { key: 'gateway', label: t('orders.gateway'), value: t(GATEWAY_LABEL[order.pymn_gtwy]) },
    { key: 'ordered', label: t('orders.ordered_at'), value: time(order.rgst_dtm) },
  ];
  if (order.paid_dtm) {
    lines.push({ key: 'paid', label: t('orders.paid_at'), value: time(order.paid_dtm) });
    lines.push({
      key: 'coins',
      label: t('orders.coins_credited'),
      value: t('orders.coins_with_bonus', {
        paid: formatNumber(order.paid_coin),
        bonus: formatNumber(order.bons_coin),
      }),
    });
  }
  if (order.rfnd_dtm) {
    lines.push({ key: 'refunded', label: t('orders.refunded_at'), value: time(order.rfnd_dtm) });
    lines.push({
      key: 'taken-back',
      label: t('orders.coins_taken_back'),
      value: formatNumber(order.rfnd_coin),
    });
  }
  lines.push({ key: 'id', label: t('orders.order_id'), value: order.ordrId, code: true });
  return <ReceiptLines lines={lines} state={order.stts} />;
}

interface ReceiptLine {
  key: string;
  label: string;
  value: string;
  /** an order or charge number, shown as it is in every language */
  code?: boolean;
}

function ReceiptLines({ lines, state }: { lines: ReceiptLine[]; state: string }) {
  const { t } = useTranslation();
  return (
    <article className={styles.receipt} data-testid="receipt" data-state={state}>
      <dl className={styles.lines}>
        {lines.map((line) => (
          <div key={line.key} data-testid={`receipt-${line.key}`}>
            <dt>{line.label}</dt>
            <dd translate={line.code ? 'no' : undefined}>{line.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button onClick={() => window.print()} data-testid="receipt-print">
          {t('orders.print')}
        </Button>
        <Link to="/profile/orders" className={styles.back}>
          {t('orders.title')}
        </Link>
      </div>
    </article>
  );
}
