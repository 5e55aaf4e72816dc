import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  API_BASE,
  ADMIN_BASE,
  MONEY_ORDER_KINDS,
  MONEY_PATHS,
  ORDER_STATES,
  PAYMENT_CURRENCIES,
  PAYMENT_GATEWAYS,
  type MoneyOrder,
  type MoneyOrderListData,
} from '@snapdrama/contract';
import { toMinorUnits, fromMinorUnits } from '@snapdrama/rules';
import { consoleApi } from '../../shared/console/console-api';
import { GATEWAY_NAMES, useCodeText } from '../../shared/console/console-codes';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { useOperator } from '../../shared/console/console-session';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { formatMoney, formatWhen, shortId } from '../../shared/console/money-format';
import { moneyMessages } from './money-messages';
import { RefundDialog } from '../../shared/console/refund-dialog';
import styles from './money.module.css';

/** The filters the address holds (the names the API takes). */
const FILTER_KEYS = [
  'kind',
  'gateway',
  'state',
  'currency',
  'from',
  'to',
  'minAmount',
  'maxAmount',
  'userId',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Partial<Record<FilterKey, string>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtersOf(params: URLSearchParams): Filters {
  const f: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) f[key] = value;
  }
  return f;
}

const queryOf = (f: Filters) => new URLSearchParams(f).toString();

/** What the form shows: amounts in the currency's major unit (won, dollars). */
interface FormState {
  kind: string;
  gateway: string;
  state: string;
  currency: string;
  from: string;
  to: string;
  min: string;
  max: string;
  userId: string;
}

function formOf(f: Filters): FormState {
  const major = (minor: string | undefined) =>
    minor && (f.currency === 'KRW' || f.currency === 'USD')
      ? String(fromMinorUnits(Number(minor), f.currency))
      : '';
  return {
    kind: f.kind ?? '',
    gateway: f.gateway ?? '',
    state: f.state ?? '',
    currency: f.currency ?? '',
    from: f.from ?? '',
    to: f.to ?? '',
    min: major(f.minAmount),
    max: major(f.maxAmount),
    userId: f.userId ?? '',
  };
}

/**
 * Orders of every gateway (coin packs and VIP charges), newest first: filters kept in the address,
 * more pages by keyset, the filtered list exported as CSV (admins), and refunds with a reason in
 * a dialog (admins). A table on wide screens, cards on phones.
 */
export function OrdersPage() {
  const t = useConsoleText(moneyMessages);
  const common = useConsoleText(commonMessages);
  const code = useCodeText();
  const lang = useConsoleLanguage();
  const me = useOperator();
  const isAdmin = me.data?.role === 'admin';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [form, setForm] = useState<FormState>(() => formOf(filters));
  const [formError, setFormError] = useState<string>();
  const [refunding, setRefunding] = useState<MoneyOrder>();
  const [message, setMessage] = useState<string>();

  const list = useInfiniteQuery({
    queryKey: ['console', 'money', 'orders', filters],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      consoleApi.get<MoneyOrderListData>(
        `${MONEY_PATHS.orders}?${queryOf({ ...filters, ...(pageParam ? { cursor: pageParam } : {}) })}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const orders = list.data?.pages.flatMap((p) => p.orders) ?? [];

  const set = (key: keyof FormState) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  function apply(e: FormEvent) {
    e.preventDefault();
    setMessage(undefined);
    const currency = form.currency === 'KRW' || form.currency === 'USD' ? form.currency : undefined;
    const minor = (text: string) => {
      if (!currency || text.trim() === '') return undefined;
      const n = Number(text);
      return Number.isFinite(n) && n >= 0 ? toMinorUnits(n, currency) : undefined;
    };
    const next: Filters = {
      kind: form.kind || undefined,
      gateway: form.gateway || undefined,
      state: form.state || undefined,
      currency,
      from: form.from || undefined,
      to: form.to || undefined,
      minAmount: minor(form.min)?.toString(),
      maxAmount: minor(form.max)?.toString(),
      userId: form.userId.trim() || undefined,
    };
    if (next.userId && !UUID.test(next.userId)) return setFormError(t('orders.bad_viewer'));
    if (next.from && next.to && next.from > next.to) return setFormError(t('orders.bad_range'));
    if (next.minAmount && next.maxAmount && Number(next.minAmount) > Number(next.maxAmount))
      return setFormError(t('orders.bad_amount'));
    setFormError(undefined);
    const clean = Object.fromEntries(
      Object.entries(next).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    setParams(new URLSearchParams(clean));
  }

  function clear() {
    setMessage(undefined);
    setFormError(undefined);
    setForm(formOf({}));
    setParams(new URLSearchParams());
  }

  const exportHref = `${API_BASE}${ADMIN_BASE}${MONEY_PATHS.ordersCsv}?${queryOf(filters)}`;
  const amountOf = (o: MoneyOrder) =>
    o.amountMinor !== null && o.currency
      ? formatMoney(o.amountMinor, o.currency, lang)
      : t('orders.store_price');
  const productOf = (o: MoneyOrder) =>
    o.kind === 'vip' ? (
      o.product === 'vip_weekly' || o.product === 'vip_monthly' ? (
        t(`orders.plan_${o.product}`)
      ) : (
        <span translate="no">{o.product}</span>
      )
    ) : (
      <>
        <span translate="no">{o.product}</span> ·{' '}
        {t('orders.coins', { n: (o.coins ?? 0).toLocaleString(lang) })}
      </>
    );
  const stateOf = (o: MoneyOrder) => code('order_state', o.state) ?? o.state;
  const refundButton = (o: MoneyOrder) =>
    isAdmin && o.refundable ? (
      <Button
        variant="danger"
        onClick={() => {
          setMessage(undefined);
          setRefunding(o);
        }}
        data-testid={`order-refund-${o.id}`}
      >
        {t('orders.refund')}
      </Button>
    ) : null;
  const viewerLink = (o: MoneyOrder) => (
    <Link to={`/admin/viewers/${o.userId}`} title={o.userId} translate="no">
      {shortId(o.userId)}
    </Link>
  );

  return (
    <ConsolePage
      title={t('orders.title')}
      actions={
        isAdmin ? (
          <a
            className={`${ui.button} ${ui.primary}`}
            href={exportHref}
            download
            title={t('orders.export_hint')}
            data-testid="orders-export"
          >
            {t('orders.export')}
          </a>
        ) : undefined
      }
    >
      <Card title={t('orders.filters')}>
        <form className={styles.filters} onSubmit={apply} data-testid="orders-filters">
          <Field label={t('orders.kind')}>
            <select
              className={ui.input}
              value={form.kind}
              onChange={(e) => set('kind')(e.target.value)}
              data-testid="orders-filter-kind"
            >
              <option value="">{t('orders.kind_all')}</option>
              {MONEY_ORDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(k === 'coin' ? 'orders.kind_coin' : 'orders.kind_vip')}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('orders.gateway')}>
            <select
              className={ui.input}
              value={form.gateway}
              onChange={(e) => set('gateway')(e.target.value)}
              data-testid="orders-filter-gateway"
            >
              <option value="">{t('orders.all')}</option>
              {PAYMENT_GATEWAYS.map((g) => (
                <option key={g} value={g}>
                  {GATEWAY_NAMES[g]}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('orders.state')}>
            <select
              className={ui.input}
              value={form.state}
              onChange={(e) => set('state')(e.target.value)}
              data-testid="orders-filter-state"
            >
              <option value="">{t('orders.all')}</option>
              {ORDER_STATES.map((s) => (
                <option key={s} value={s}>
                  {code('order_state', s) ?? s}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('orders.from')}>
            <input
              type="date"
              className={ui.input}
              value={form.from}
              onChange={(e) => set('from')(e.target.value)}
              data-testid="orders-filter-from"
            />
          </Field>
          <Field label={t('orders.to')}>
            <input
              type="date"
              className={ui.input}
              value={form.to}
              onChange={(e) => set('to')(e.target.value)}
              data-testid="orders-filter-to"
            />
          </Field>
          <Field label={t('orders.currency')}>
            <select
              className={ui.input}
              value={form.currency}
              onChange={(e) => set('currency')(e.target.value)}
              data-testid="orders-filter-currency"
            >
              <option value="">{t('orders.all')}</option>
              {PAYMENT_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('orders.min')} hint={form.currency ? undefined : t('orders.amount_hint')}>
            <input
              className={ui.input}
              inputMode="decimal"
              disabled={!form.currency}
              value={form.min}
              onChange={(e) => set('min')(e.target.value.replace(/[^\d.]/g, ''))}
              data-testid="orders-filter-min"
            />
          </Field>
          <Field label={t('orders.max')}>
            <input
              className={ui.input}
              inputMode="decimal"
              disabled={!form.currency}
              value={form.max}
              onChange={(e) => set('max')(e.target.value.replace(/[^\d.]/g, ''))}
              data-testid="orders-filter-max"
            />
          </Field>
          <Field label={t('orders.viewer')}>
            <input
              className={ui.input}
              value={form.userId}
              maxLength={36}
              onChange={(e) => set('userId')(e.target.value)}
              data-testid="orders-filter-viewer"
            />
          </Field>
          <div className={styles.filterActions}>
            <Button type="submit" variant="primary" data-testid="orders-apply">
              {t('orders.apply')}
            </Button>
            <Button onClick={clear}>{t('orders.reset')}</Button>
          </div>
        </form>
        {formError && <Banner kind="error">{formError}</Banner>}
      </Card>

      {message && <Banner kind="success">{message}</Banner>}
      {list.isError && <Banner kind="error">{list.error.message}</Banner>}
      {list.isPending ? (
        <p className={ui.muted}>{common('common.loading')}</p>
      ) : orders.length === 0 ? (
        <p className={ui.muted} data-testid="orders-empty">
          {t('orders.none')}
        </p>
      ) : (
        <>
          <p className={ui.muted} aria-live="polite">
            {t('orders.shown', { n: orders.length })}
          </p>
          <div className={`${ui.tableWrap} ${styles.wide}`}>
            <table className={ui.table} data-testid="orders-table">
              <thead>
                <tr>
                  <th>{t('orders.col_time')}</th>
                  <th>{t('orders.col_order')}</th>
                  <th>{t('orders.col_viewer')}</th>
                  <th>{t('orders.col_product')}</th>
                  <th>{t('orders.col_amount')}</th>
                  <th>{t('orders.col_state')}</th>
                  <th>
                    <span className={styles.visuallyHidden}>{t('orders.refund')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={`${o.kind}-${o.id}`} data-testid="order-row" data-state={o.state}>
                    <td>{formatWhen(o.createdAt, lang)}</td>
                    <td title={o.id}>
                      <span translate="no">{shortId(o.id)}</span> · {GATEWAY_NAMES[o.gateway]}
                    </td>
                    <td>{viewerLink(o)}</td>
                    <td>{productOf(o)}</td>
                    <td>{amountOf(o)}</td>
                    <td>{stateOf(o)}</td>
                    <td>{refundButton(o)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={styles.cards} data-testid="orders-cards">
            {orders.map((o) => (
              <li key={`${o.kind}-${o.id}`} className={styles.card} data-state={o.state}>
                <div className={styles.cardHead}>
                  <strong>{amountOf(o)}</strong>
                  <span>{stateOf(o)}</span>
                </div>
                <span>{productOf(o)}</span>
                <span className={ui.muted}>
                  {GATEWAY_NAMES[o.gateway]} · {formatWhen(o.createdAt, lang)}
                </span>
                <span className={ui.muted}>
                  {t('orders.col_order')}{' '}
                  <span title={o.id} translate="no">
                    {shortId(o.id)}
                  </span>{' '}
                  · {t('orders.col_viewer')} {viewerLink(o)}
                </span>
                {refundButton(o)}
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              data-testid="orders-more"
            >
              {list.isFetchingNextPage ? common('common.loading') : common('common.more')}
            </Button>
          )}
        </>
      )}
      {refunding && (
        <RefundDialog
          order={refunding}
          onClose={() => setRefunding(undefined)}
          onRefunded={(r) => {
            setRefunding(undefined);
            setMessage(
              t('orders.refunded', {
                order: shortId(r.ordrId),
                coins: r.refundedCoins.toLocaleString(lang),
              }),
            );
            void queryClient.invalidateQueries({ queryKey: ['console', 'money'] });
            void queryClient.invalidateQueries({ queryKey: ['console', 'viewer'] });
          }}
        />
      )}
    </ConsolePage>
  );
}
