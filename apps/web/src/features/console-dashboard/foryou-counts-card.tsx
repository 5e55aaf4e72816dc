import { useQuery } from '@tanstack/react-query';
import type { ForYouCounts } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import {
  defineConsoleMessages,
  useConsoleLanguage,
  useConsoleText,
} from '../../shared/console/console-i18n';
import { Banner, Card } from '../../shared/console/console-ui';
import styles from './dashboard-page.module.css';

const messages = defineConsoleMessages({
  en: {
    'dfy.title': 'For You feed',
    'dfy.served': 'Items served',
    'dfy.shown': 'Items shown',
    'dfy.skipped': 'Swiped away within 3 seconds',
    'dfy.continued': 'Continued into the player',
    'dfy.rate': 'Continue rate',
    'dfy.hours24': '24 hours',
    'dfy.days30': '30 days',
  },
  ko: {
    'dfy.title': '추천 피드',
    'dfy.served': '제공한 항목',
    'dfy.shown': '화면에 보인 항목',
    'dfy.skipped': '3초 안에 넘긴 항목',
    'dfy.continued': '플레이어로 이어 본 항목',
    'dfy.rate': '이어 보기 비율',
    'dfy.hours24': '24시간',
    'dfy.days30': '30일',
  },
  ja: {
    'dfy.title': 'おすすめフィード',
    'dfy.served': '配信した項目',
    'dfy.shown': '表示された項目',
    'dfy.skipped': '3秒以内にスワイプされた項目',
    'dfy.continued': 'プレーヤーで続きを見た項目',
    'dfy.rate': '続きを見た割合',
    'dfy.hours24': '24時間',
    'dfy.days30': '30日間',
  },
});

/** The dashboard's For You figures (issue 45): served, shown, skipped, continued, continue rate. */
export function ForYouCountsCard() {
  const t = useConsoleText(messages);
  const lang = useConsoleLanguage();
  const counts = useQuery({
    queryKey: ['console', 'foryou', 'counts'] as const,
    queryFn: () => consoleApi.get<ForYouCounts>('/foryou/counts'),
  });
  const n = (v: number) => new Intl.NumberFormat(lang).format(v);
  const rate = (v: number | null) =>
    v === null
      ? '—'
      : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(v);
  const pair = (a: string, b: string) => `${t('dfy.hours24')} ${a} · ${t('dfy.days30')} ${b}`;
  const data = counts.data;
  return (
    <Card title={t('dfy.title')}>
      {counts.isError && <Banner kind="error">{counts.error.message}</Banner>}
      {data && (
        <dl className={styles.quality} data-testid="dash-foryou">
          <dt>{t('dfy.rate')}</dt>
          <dd>{pair(rate(data.hours24.continueRate), rate(data.days30.continueRate))}</dd>
          <dt>{t('dfy.served')}</dt>
          <dd>{pair(n(data.hours24.served), n(data.days30.served))}</dd>
          <dt>{t('dfy.shown')}</dt>
          <dd>{pair(n(data.hours24.shown), n(data.days30.shown))}</dd>
          <dt>{t('dfy.skipped')}</dt>
          <dd>{pair(n(data.hours24.skipped), n(data.days30.skipped))}</dd>
          <dt>{t('dfy.continued')}</dt>
          <dd>{pair(n(data.hours24.continued), n(data.days30.continued))}</dd>
        </dl>
      )}
    </Card>
  );
}
