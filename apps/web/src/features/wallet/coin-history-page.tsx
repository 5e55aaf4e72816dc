import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  CoinHistoryDiv,
  CoinHistoryData,
  CoinUseEntry,
  MessageKey,
} from '@snapdrama/contract';
import { errorMessage } from '../../shared/api/api-error';
import { formatNumber } from '../../shared/format/number';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useContentText } from '../../shared/i18n/content-text';
import { layers } from '../../shared/layers/layer-store';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { historyRange, useCoinHistory } from './api/get-coin-history';
import { formatDate, formatDateTime, groupByDate } from './api/group-by-date';
import { useNearEnd } from './api/use-near-end';
import styles from './coin-history.module.css';
import { SignInPrompt } from '../../shared/session/sign-in-prompt';

const TABS: { div: CoinHistoryDiv; label: MessageKey }[] = [
  { div: 'A', label: 'wallet.tab_earn' },
  { div: 'U', label: 'wallet.tab_use' },
  { div: 'E', label: 'wallet.tab_expire' },
];

/** /profile/coin-history (spec §2): earn, use and expire tabs over the last six months. */
export function CoinHistoryPage() {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;
  const [div, setDiv] = useState<CoinHistoryDiv>('A');

  if (!userInfo || isGuest(userInfo.user)) {
    return (
      <section className={styles.page} data-testid="coin-history-page">
        <SignInPrompt className={styles.empty} />
      </section>
    );
  }

  return (
    <section className={styles.page} data-testid="coin-history-page">
      <h1 className={styles.heading}>{t('wallet.history_title')}</h1>
      <div className={styles.tabs} role="tablist">
        {TABS.map((tab) => (
          <button
            key={tab.div}
            role="tab"
            aria-selected={div === tab.div}
            className={div === tab.div ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => setDiv(tab.div)}
            data-testid={`coin-history-tab-${tab.div}`}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <HistoryList key={div} div={div} serverTime={userInfo.currentDateTime} />
    </section>
  );
}

function HistoryList({ div, serverTime }: { div: CoinHistoryDiv; serverTime: string }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const range = useMemo(() => historyRange(serverTime), [serverTime]);
  const query = useCoinHistory(div, range);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;

  useEffect(() => {
    if (query.isError) {
      layers.toast(errorMessage(query.error, t('contents.msg_info_fail')), 'failure');
    }
  }, [query.isError, query.error, t]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // mobile: the next page loads within 100 px of the end, until the last page (spec §4)
  useNearEnd(isMobile && Boolean(hasNextPage) && !isFetchingNextPage, loadMore);

  const pages = query.data?.pages ?? [];
  const first = pages[0];

  return (
    <>
      <Totals first={first} />
      {first && <Summary data={first} />}
      <p className={styles.range}>
        {t('wallet.range')} · {range.startDate} – {range.endDate}
      </p>
      {query.isPending ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : (
        <Entries div={div} pages={pages} />
      )}
      {hasNextPage && !isMobile && (
        <Button
          variant="secondary"
          block
          onClick={loadMore}
          disabled={isFetchingNextPage}
          data-testid="coin-history-more"
        >
          {t('wallet.load_more')}
        </Button>
      )}
      {isFetchingNextPage && (
        <div className={styles.loading}>
          <Spinner size="small" />
        </div>
      )}
      {!hasNextPage && pages.length > 1 && <p className={styles.end}>{t('common.all_loaded')}</p>}
    </>
  );
}

function Totals({ first }: { first: CoinHistoryData | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={styles.totals} data-testid="coin-history-totals">
      <div className={styles.held}>
        <span>{t('wallet.held')}</span>
        <strong data-testid="coin-history-held">{formatNumber(first?.coin ?? 0)}</strong>
      </div>
      <dl className={styles.kinds}>
        <div>
          <dt>{t('wallet.own')}</dt>
          <dd data-testid="coin-history-paid">{formatNumber(first?.coin_list.paid ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('wallet.bonus')}</dt>
          <dd data-testid="coin-history-bonus">{formatNumber(first?.coin_list.bonus ?? 0)}</dd>
        </div>
      </dl>
      <Link to="/payment" className={styles.charge}>
        {t('wallet.charge')}
      </Link>
    </div>
  );
}

/**
 * The range's reconciliation (issue 40 item 1): what was held before it, plus and minus every
 * kind of movement, equals what is held now; the entries below carry the same running balance.
 */
function Summary({ data }: { data: CoinHistoryData }) {
  const { t } = useTranslation();
  const s = data.smry;
  const lines: { key: MessageKey; value: number; sign: '' | '+' | '-'; id: string }[] = [
    { key: 'wallet.summary_opening', value: s.opng_blnc, sign: '', id: 'opening' },
    { key: 'wallet.summary_earned', value: s.earn_coin, sign: '+', id: 'earned' },
    { key: 'wallet.summary_used', value: s.usag_coin, sign: '-', id: 'used' },
    { key: 'wallet.summary_taken_back', value: s.tkbk_coin, sign: '-', id: 'taken-back' },
    { key: 'wallet.summary_returned', value: s.rtrn_coin, sign: '+', id: 'returned' },
    { key: 'wallet.summary_expired', value: s.expr_coin, sign: '-', id: 'expired' },
  ];
  return (
    <section className={styles.summary} data-testid="coin-history-summary">
      <h2 className={styles.summaryTitle}>{t('wallet.summary_title')}</h2>
      <dl className={styles.summaryLines}>
        {lines
          .filter((l) => l.id === 'opening' || l.value !== 0)
          .map((l) => (
            <div key={l.id} data-testid={`coin-history-summary-${l.id}`}>
              <dt>{t(l.key)}</dt>
              <dd>
                {l.sign}
                {formatNumber(l.value)}
              </dd>
            </div>
          ))}
        <div className={styles.summaryClosing}>
          <dt>{t('wallet.summary_closing')}</dt>
          <dd data-testid="coin-history-closing">{formatNumber(s.clsg_blnc)}</dd>
        </div>
      </dl>
    </section>
  );
}

interface Row {
  at: string;
  title: string;
  detail: string;
  /** signed coins of the entry */
  change: number;
  /** the balance right after the entry */
  balance: number;
  tone: 'plus' | 'minus' | 'muted';
  kind: string;
  /** a mark on the row: coins that expire within 48 hours, coins refunded */
  badge?: string;
}

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : `-${formatNumber(-n)}`);

function Entries({ div, pages }: { div: CoinHistoryDiv; pages: CoinHistoryData[] }) {
  const { t } = useTranslation();
  const text = useContentText();
  const describeUse = (e: CoinUseEntry): Pick<Row, 'title' | 'detail' | 'tone'> => {
    const episode = t('wallet.episode_n', { n: e.memo.epsd ?? 0 });
    switch (e.usag_type) {
      case 'unlock':
        return { title: text(e.titl_lang_key ?? ''), detail: episode, tone: 'minus' };
      case 'auto_unlock':
        return {
          title: text(e.titl_lang_key ?? ''),
          detail: `${episode} · ${t('wallet.use_auto_unlock')}`,
          tone: 'minus',
        };
      case 'undo':
        return {
          title: t('wallet.use_undo'),
          detail: `${text(e.titl_lang_key ?? '')} · ${episode}`,
          tone: 'plus',
        };
      case 'refund': {
        const order = e.memo.ordrId ? t('wallet.order_id', { id: e.memo.ordrId }) : '';
        const title =
          e.memo.channel === 'app_store'
            ? t('wallet.takeback_app_store')
            : e.memo.channel === 'google_play'
              ? t('wallet.takeback_google_play')
              : t('wallet.takeback_refund');
        return { title, detail: order || t('wallet.takeback_refund_detail'), tone: 'minus' };
      }
      case 'revoke':
        return {
          title: t('wallet.takeback_revoke'),
          detail: t('wallet.takeback_revoke_detail'),
          tone: 'minus',
        };
    }
  };
  const rows: Row[] = pages.flatMap((page): Row[] => {
    switch (div) {
      case 'A':
        return page.alist.map((e) => {
          const badges = [
            // coins of this grant that expire within 48 hours (issue 16 item 4)
            ...(e.expr_soon
              ? [
                  `${t('wallet.expiring_soon')} · ${t('wallet.left_of', { left: formatNumber(e.remn_coin), count: e.acqs_coin })}`,
                ]
              : []),
            ...(e.rfnd_coin > 0 ? [t('wallet.refunded_n', { n: formatNumber(e.rfnd_coin) })] : []),
          ];
          return {
            at: e.rgst_dtm,
            title: e.channel
              ? `${t(`wallet.source_${e.memo.source}`)} · ${t(`wallet.channel_${e.channel}`)}`
              : t(`wallet.source_${e.memo.source}`),
            // App Store purchases do not expire by default (docs/payments.md "Coin validity")
            detail:
              e.expr_dtm === null
                ? t('wallet.no_expiry')
                : t('wallet.available_until', { date: formatDateTime(e.expr_dtm) }),
            change: e.chng_coin,
            balance: e.blnc_coin,
            tone: 'plus',
            kind: e.memo.source,
            ...(badges.length > 0 ? { badge: badges.join(' · ') } : {}),
          };
        });
      case 'U':
        return page.ulist.map((e) => ({
          at: e.rgst_dtm,
          ...describeUse(e),
          change: e.chng_coin,
          balance: e.blnc_coin,
          kind: e.usag_type,
        }));
      case 'E':
        return page.elist.map((e) => ({
          at: e.expr_dtm,
          title: t('wallet.expired_at', { date: formatDateTime(e.expr_dtm) }),
          detail: t('wallet.registered', { date: formatDate(e.rgst_dtm) }),
          change: e.chng_coin,
          balance: e.blnc_coin,
          tone: 'muted',
          kind: 'expire',
        }));
    }
  });

  if (rows.length === 0) {
    return (
      <p className={styles.empty} data-testid="coin-history-empty">
        {t('wallet.empty')}
      </p>
    );
  }
  return (
    <div data-testid="coin-history-list">
      {groupByDate(rows, (r) => r.at).map((group) => (
        <section key={group.date} className={styles.group}>
          <h2 className={styles.date}>{group.date}</h2>
          <ul className={styles.rows}>
            {group.entries.map((row, i) => (
              <li
                key={`${row.at}-${i}`}
                className={styles.row}
                data-testid="coin-history-entry"
                data-kind={row.kind}
              >
                <div className={styles.text}>
                  <strong>{row.title}</strong>
                  <small>{row.detail}</small>
                  {row.badge && (
                    <em className={styles.expiring} data-testid="coin-history-expiring">
                      {row.badge}
                    </em>
                  )}
                </div>
                <div className={styles.figures}>
                  <span
                    className={`${styles.amount} ${styles[row.tone]}`}
                    data-testid="coin-history-change"
                  >
                    {signed(row.change)}
                  </span>
                  <small className={styles.balance} data-testid="coin-history-balance">
                    {t('wallet.balance_after', { n: formatNumber(row.balance) })}
                  </small>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
