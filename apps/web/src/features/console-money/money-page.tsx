import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { MONEY_PATHS, type MoneyRefundsData, type MoneyRevenueData } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { GATEWAY_NAMES } from '../../shared/console/console-codes';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { formatMoney, formatWhen, shortId } from '../../shared/console/money-format';
import { moneyMessages } from './money-messages';
import { refundMessages } from '../../shared/console/refund-messages';
import styles from './money.module.css';

/**
 * Revenue and refunds over a range of service days: gross (orders paid then, refunded later or
 * not), refunds (made then) and net per day, gateway and currency with totals, and the refunds
 * themselves with who made them and why. The range is kept in the address.
 */
export function MoneyPage() {
  const t = useConsoleText(moneyMessages);
  const reasonText = useConsoleText(refundMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [params, setParams] = useSearchParams();
  // without both days in the address, the server's last 30 service days (its today, its zone)
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = from && to ? `?from=${from}&to=${to}` : '';
  const revenue = useQuery({
    queryKey: ['console', 'money', 'revenue', from, to],
    queryFn: () => consoleApi.get<MoneyRevenueData>(`${MONEY_PATHS.revenue}${range}`),
  });
  const refunds = useQuery({
    queryKey: ['console', 'money', 'refunds', from, to],
    queryFn: () => consoleApi.get<MoneyRefundsData>(`${MONEY_PATHS.refunds}${range}`),
  });
  // the form shows the days reported until the operator edits them
  const [edited, setForm] = useState<{ from: string; to: string }>();
  const form = edited ?? {
    from: from || revenue.data?.from || '',
    to: to || revenue.data?.to || '',
  };
  const [formError, setFormError] = useState<string>();

  function show(e: FormEvent) {
    e.preventDefault();
    if (!form.from || !form.to || form.from > form.to) return setFormError(t('orders.bad_range'));
    setFormError(undefined);
    setParams(new URLSearchParams({ from: form.from, to: form.to }));
  }

  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);
  const signed = (minor: number, currency: string) => (
    <span className={minor < 0 ? styles.negative : undefined}>{money(minor, currency)}</span>
  );

  return (
    <ConsolePage title={t('money.title')}>
      <Card>
        <form className={styles.range} onSubmit={show}>
          <Field label={t('orders.from')}>
            <input
              type="date"
              className={ui.input}
              value={form.from}
              onChange={(e) => setForm({ ...form, from: e.target.value })}
              data-testid="money-from"
            />
          </Field>
          <Field label={t('orders.to')}>
            <input
              type="date"
              className={ui.input}
              value={form.to}
              onChange={(e) => setForm({ ...form, to: e.target.value })}
              data-testid="money-to"
            />
          </Field>
          <Button type="submit" variant="primary" data-testid="money-show">
            {t('money.show')}
          </Button>
        </form>
        {formError && <Banner kind="error">{formError}</Banner>}
      </Card>

      <Card title={t('money.revenue')}>
        {revenue.isPending ? (
          <p className={ui.muted}>{common('common.loading')}</p>
        ) : revenue.isError ? (
          <Banner kind="error">{revenue.error.message}</Banner>
        ) : revenue.data.days.length === 0 ? (
          <p className={ui.muted}>{t('money.no_money')}</p>
        ) : (
          <>
            <h3 className={styles.dialogTitle}>{t('money.totals')}</h3>
            <ul className={styles.totals} data-testid="revenue-totals">
              {revenue.data.totals.map((line) => (
                <li
                  key={`${line.gateway}-${line.currency}`}
                  className={styles.card}
                  data-testid={`revenue-total-${line.gateway}-${line.currency}`}
                >
                  <strong>
                    {GATEWAY_NAMES[line.gateway]} · {line.currency}
                  </strong>
                  <span>
                    {t('money.col_gross')} {money(line.gross, line.currency)}
                  </span>
                  <span>
                    {t('money.col_refunds')} {money(line.refunds, line.currency)}
                  </span>
                  <span>
                    {t('money.col_net')} {signed(line.net, line.currency)}
                  </span>
                </li>
              ))}
            </ul>
            <div className={`${ui.tableWrap} ${styles.wide}`}>
              <table className={ui.table} data-testid="revenue-table">
                <thead>
                  <tr>
                    <th>{t('money.col_day')}</th>
                    <th>{t('money.col_gateway')}</th>
                    <th className={styles.num}>{t('money.col_gross')}</th>
                    <th className={styles.num}>{t('money.col_refunds')}</th>
                    <th className={styles.num}>{t('money.col_net')}</th>
                    <th className={styles.num}>{t('money.col_count')}</th>
                  </tr>
                </thead>
                <tbody>
                  {revenue.data.days.map((d) => (
                    <tr key={`${d.day}-${d.gateway}-${d.currency}`}>
                      <td>{d.day}</td>
                      <td>
                        {GATEWAY_NAMES[d.gateway]} · {d.currency}
                      </td>
                      <td className={styles.num}>{money(d.gross, d.currency)}</td>
                      <td className={styles.num}>{money(d.refunds, d.currency)}</td>
                      <td className={styles.num}>{signed(d.net, d.currency)}</td>
                      <td className={styles.num}>
                        {t('money.counts', { paid: d.paidCount, refunded: d.refundCount })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className={styles.cards}>
              {revenue.data.days.map((d) => (
                <li key={`${d.day}-${d.gateway}-${d.currency}`} className={styles.card}>
                  <div className={styles.cardHead}>
                    <strong>{d.day}</strong>
                    <span>
                      {GATEWAY_NAMES[d.gateway]} · {d.currency}
                    </span>
                  </div>
                  <span>
                    {t('money.col_gross')} {money(d.gross, d.currency)} · {t('money.col_refunds')}{' '}
                    {money(d.refunds, d.currency)}
                  </span>
                  <span>
                    {t('money.col_net')} {signed(d.net, d.currency)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        {revenue.data && revenue.data.storeCharges > 0 && (
          <p className={ui.muted}>{t('money.store_charges', { n: revenue.data.storeCharges })}</p>
        )}
      </Card>

      <Card title={t('money.refunds')}>
        {refunds.isPending ? (
          <p className={ui.muted}>{common('common.loading')}</p>
        ) : refunds.isError ? (
          <Banner kind="error">{refunds.error.message}</Banner>
        ) : refunds.data.refunds.length === 0 ? (
          <p className={ui.muted}>{t('money.no_refunds')}</p>
        ) : (
          <ul className={styles.refundList} data-testid="refunds-list">
            {refunds.data.refunds.map((r) => (
              <li
                key={`${r.kind}-${r.id}`}
                className={styles.card}
                data-testid="refund-row"
                data-order={r.id}
              >
                <div className={styles.cardHead}>
                  <strong>
                    {r.amountMinor !== null && r.currency
                      ? money(r.amountMinor, r.currency)
                      : t('orders.store_price')}
                  </strong>
                  <span>{formatWhen(r.refundedAt, lang)}</span>
                </div>
                <span>
                  {GATEWAY_NAMES[r.gateway]} · {t('orders.col_order')}{' '}
                  <span title={r.id} translate="no">
                    {shortId(r.id)}
                  </span>{' '}
                  · {t('orders.col_viewer')}{' '}
                  <Link to={`/admin/viewers/${r.userId}`} title={r.userId} translate="no">
                    {shortId(r.userId)}
                  </Link>
                </span>
                <span>
                  {t('money.col_by')}:{' '}
                  {t(r.by === 'operator' ? 'money.by.operator' : 'money.by.provider')}
                  {r.reason
                    ? ` · ${t('money.col_reason')}: ${reasonText(`refund.reason.${r.reason}`)}`
                    : ''}
                  {r.refundedCoins !== null
                    ? ` · ${t('money.coins_back', { n: r.refundedCoins.toLocaleString(lang) })}`
                    : ''}
                </span>
                {r.note && (
                  // the operator's words, shown as written
                  <span className={ui.muted} translate="no">
                    {r.note}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {refunds.data?.more && (
          <p className={ui.muted}>{t('money.more_refunds', { n: refunds.data.refunds.length })}</p>
        )}
      </Card>
    </ConsolePage>
  );
}
