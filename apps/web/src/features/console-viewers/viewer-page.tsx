import { GATEWAY_NAMES, useCodeText } from '../../shared/console/console-codes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ViewerInvitesCard } from './viewer-invites-card';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ECONOMY_LIMITS, type ViewerDetailData } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { RefundDialog, type RefundableOrder } from '../../shared/console/refund-dialog';
import { useViewerName } from '../../shared/console/viewer-name';
import { ViewerNotesCard } from './viewer-notes-card';
import { ViewerSuspensionCard } from './viewer-suspension-card';
import { viewersMessages } from './viewers-messages';
import styles from './viewers.module.css';

type Kind = 'grant' | 'revoke';

/** A new key per opened form: the same form sent twice (a double click, a retry) acts once. */
const newActionKey = () => `console-${crypto.randomUUID()}`;

/** `total`: the balance the page shows now; a success text about another balance is stale. */
function CoinForm({ userId, kind, total }: { userId: string; kind: Kind; total: number }) {
  const t = useConsoleText(viewersMessages);
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [actionKey, setActionKey] = useState(newActionKey);
  const [done, setDone] = useState<{ text: string; total: number }>();
  const message = done && done.total === total ? done.text : undefined;
  const send = useMutation({
    mutationFn: () =>
      consoleApi.post<{
        created: boolean;
        amount: number;
        balances: { paid: number; bonus: number };
      }>(`/viewers/${userId}/coins/${kind}`, { amount: Number(amount), reason, actionKey }),
    onSuccess: async (r) => {
      const after = r.balances.paid + r.balances.bonus;
      setDone({
        text: r.created
          ? t(kind === 'grant' ? 'viewer.granted' : 'viewer.revoked', { n: r.amount, total: after })
          : t('viewer.repeat'),
        total: after,
      });
      setAmount('');
      setReason('');
      setActionKey(newActionKey());
      await queryClient.invalidateQueries({ queryKey: ['console', 'viewer', userId] });
    },
  });
  const valid =
    /^\d+$/.test(amount) &&
    Number(amount) > 0 &&
    Number(amount) <= ECONOMY_LIMITS.operatorCoins &&
    reason.trim().length >= 2;
  return (
    <Card title={t(kind === 'grant' ? 'viewer.grant' : 'viewer.revoke')}>
      <form
        className={styles.coinForm}
        onSubmit={(e) => {
          e.preventDefault();
          setDone(undefined);
          if (valid) send.mutate();
        }}
      >
        <Field label={t('viewer.amount')}>
          <input
            className={ui.input}
            inputMode="numeric"
            maxLength={String(ECONOMY_LIMITS.operatorCoins).length}
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
            data-testid={`viewer-${kind}-amount`}
          />
        </Field>
        <Field label={t('viewer.reason')}>
          <input
            className={ui.input}
            value={reason}
            maxLength={ECONOMY_LIMITS.reasonLength}
            onChange={(e) => setReason(e.target.value)}
            data-testid={`viewer-${kind}-reason`}
          />
        </Field>
        <Button
          type="submit"
          variant={kind === 'grant' ? 'primary' : 'danger'}
          disabled={!valid || send.isPending}
          data-testid={`viewer-${kind}-submit`}
        >
          {t(kind === 'grant' ? 'viewer.do_grant' : 'viewer.do_revoke')}
        </Button>
      </form>
      {send.isError && <Banner kind="error">{send.error.message}</Banner>}
      {message && <Banner kind="success">{message}</Banner>}
    </Card>
  );
}

function money(minor: number, currency: string, lang: string) {
  const value = currency === 'KRW' ? minor : minor / 100;
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(value);
}

/** One viewer: balances, coin lots with expiry, coins taken back, orders (refund), unlocks. */
export function ViewerPage() {
  const { userId = '' } = useParams();
  const t = useConsoleText(viewersMessages);
  const code = useCodeText();
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const names = useViewerName();
  const queryClient = useQueryClient();
  const [refundMessage, setRefundMessage] = useState<string>();
  // the order whose refund dialog is open (shared/console/refund-dialog.tsx: reason and note)
  const [refunding, setRefunding] = useState<RefundableOrder>();
  const detail = useQuery({
    queryKey: ['console', 'viewer', userId],
    queryFn: () => consoleApi.get<ViewerDetailData>(`/viewers/${userId}`),
  });
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });

  if (detail.isPending) return <p className={ui.muted}>{common('common.loading')}</p>;
  if (detail.isError) return <Banner kind="error">{detail.error.message}</Banner>;
  const { viewer, wallet, orders, unlocks } = detail.data;
  const total = wallet.balances.paid + wallet.balances.bonus;

  return (
    <ConsolePage
      title={t('viewer.title', { name: names.nickname(viewer) })}
      actions={<Link to="/admin/viewers">{t('viewer.back')}</Link>}
    >
      <div className={styles.summary}>
        <Card>
          <p className={ui.muted} style={{ margin: 0 }} data-testid="viewer-identity">
            {names.label(viewer)} · {viewer.userId}
            {viewer.withdrawn ? ` · ${t('viewers.withdrawn')}` : ''}
          </p>
          <p className={styles.balance} data-testid="viewer-balance">
            {t('viewer.balance')} <strong>{total.toLocaleString(lang)}</strong>
          </p>
          <p className={ui.muted} style={{ margin: 0 }}>
            {t('viewer.paid')} {wallet.balances.paid.toLocaleString(lang)} · {t('viewer.bonus')}{' '}
            {wallet.balances.bonus.toLocaleString(lang)}
          </p>
        </Card>
        <CoinForm userId={userId} kind="grant" total={total} />
        <CoinForm userId={userId} kind="revoke" total={total} />
        <ViewerSuspensionCard userId={userId} suspension={viewer.suspension} />
      </div>

      <ViewerNotesCard userId={userId} notes={detail.data.notes} />

      <Card title={t('viewer.lots')}>
        {wallet.lots.length === 0 ? (
          <p className={ui.muted}>{t('viewer.empty')}</p>
        ) : (
          <div className={`${ui.tableWrap} ${styles.cardTable}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('viewer.col_kind')}</th>
                  <th>{t('viewer.col_source')}</th>
                  <th>{t('viewer.col_amount')}</th>
                  <th>{t('viewer.col_left')}</th>
                  <th>{t('viewer.col_granted')}</th>
                  <th>{t('viewer.col_expires')}</th>
                </tr>
              </thead>
              <tbody>
                {wallet.lots.map((l) => (
                  <tr key={l.id} data-testid="viewer-lot">
                    <td data-label={t('viewer.col_kind')}>
                      {l.kind === 'paid' ? t('viewer.paid') : t('viewer.bonus')}
                    </td>
                    <td data-label={t('viewer.col_source')}>
                      {l.source}
                      {l.sourceRef ? ` · ${l.sourceRef}` : ''}
                    </td>
                    <td data-label={t('viewer.col_amount')}>{l.amount.toLocaleString(lang)}</td>
                    <td data-label={t('viewer.col_left')}>{l.remaining.toLocaleString(lang)}</td>
                    <td data-label={t('viewer.col_granted')}>{when(l.grantedAt)}</td>
                    <td data-label={t('viewer.col_expires')}>
                      {when(l.expiresAt)}
                      {l.expired ? ` (${t('viewer.expired')})` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {wallet.revocations.length > 0 && (
        <Card title={t('viewer.revocations')}>
          <ul className={styles.plain}>
            {wallet.revocations.map((r) => (
              <li key={r.id}>
                {when(r.revokedAt)} · −{r.amount.toLocaleString(lang)} · {r.reason}
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title={t('viewer.orders')}>
        {refundMessage && <Banner kind="success">{refundMessage}</Banner>}
        {orders.length === 0 ? (
          <p className={ui.muted}>{t('viewer.empty')}</p>
        ) : (
          <div className={`${ui.tableWrap} ${styles.cardTable}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('viewer.col_order')}</th>
                  <th>{t('viewer.col_pack')}</th>
                  <th>{t('viewer.col_gateway')}</th>
                  <th>{t('viewer.col_price')}</th>
                  <th>{t('viewer.col_state')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.ordrId}>
                    <td data-label={t('viewer.col_order')} title={o.ordrId}>
                      {o.ordrId.slice(0, 8)} · {when(o.createdAt)}
                    </td>
                    <td data-label={t('viewer.col_pack')}>{o.godsCode}</td>
                    <td data-label={t('viewer.col_gateway')}>
                      {GATEWAY_NAMES[o.gateway] ?? o.gateway}
                    </td>
                    <td data-label={t('viewer.col_price')}>
                      {money(o.amountMinor, o.currency, lang)}
                    </td>
                    <td data-label={t('viewer.col_state')}>
                      {code('order_state', o.state) ?? o.state}
                    </td>
                    <td data-label="">
                      {o.refundable && (
                        <Button
                          variant="danger"
                          data-testid={`viewer-refund-${o.ordrId}`}
                          onClick={() => {
                            setRefundMessage(undefined);
                            setRefunding({ ...o, id: o.ordrId });
                          }}
                        >
                          {t('viewer.refund')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card title={t('viewer.unlocks')}>
        {unlocks.length === 0 ? (
          <p className={ui.muted}>{t('viewer.empty')}</p>
        ) : (
          <div className={`${ui.tableWrap} ${styles.cardTable}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('viewer.col_drama')}</th>
                  <th>{t('viewer.col_episode')}</th>
                  <th>{t('viewer.col_by')}</th>
                  <th>{t('viewer.col_at')}</th>
                </tr>
              </thead>
              <tbody>
                {unlocks.map((u) => (
                  <tr key={`${u.dramId}-${u.epsd}-${u.by}`}>
                    <td data-label={t('viewer.col_drama')}>#{u.dramId}</td>
                    <td data-label={t('viewer.col_episode')}>{u.epsd}</td>
                    <td data-label={t('viewer.col_by')}>
                      {u.by === 'coin' ? t('viewer.by_coin', { n: u.coins }) : t('viewer.by_ad')}
                    </td>
                    <td data-label={t('viewer.col_at')}>{when(u.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <ViewerInvitesCard userId={userId} />
      {refunding && (
        <RefundDialog
          order={refunding}
          onClose={() => setRefunding(undefined)}
          onRefunded={(r) => {
            setRefunding(undefined);
            setRefundMessage(t('viewer.refunded', { n: r.refundedCoins }));
            void queryClient.invalidateQueries({ queryKey: ['console', 'viewer', userId] });
            void queryClient.invalidateQueries({ queryKey: ['console', 'money'] });
          }}
        />
      )}
    </ConsolePage>
  );
}
