import { useQuery } from '@tanstack/react-query';
import type { InviteCounts } from '@snapdrama/contract';
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
    'dinv.title': 'Invites',
    'dinv.opened': 'Invite pages opened',
    'dinv.accepted': 'Sign-ups through an invite',
    'dinv.rewarded': 'Rewarded',
    'dinv.held': 'Held, waiting for an operator',
    'dinv.today': 'today',
    'dinv.days30': '30 days',
  },
  ko: {
    'dinv.title': '친구 초대',
    'dinv.opened': '초대 페이지 열람',
    'dinv.accepted': '초대로 가입',
    'dinv.rewarded': '보상 지급',
    'dinv.held': '보류(운영자 확인 대기)',
    'dinv.today': '오늘',
    'dinv.days30': '30일',
  },
  ja: {
    'dinv.title': '友だち招待',
    'dinv.opened': '招待ページの表示',
    'dinv.accepted': '招待からの登録',
    'dinv.rewarded': '報酬付与',
    'dinv.held': '保留（運営者の確認待ち）',
    'dinv.today': '今日',
    'dinv.days30': '30日間',
  },
});

/** The dashboard's invite counts: pages opened, sign-ups attributed, rewarded, held now. */
export function InviteCountsCard() {
  const t = useConsoleText(messages);
  const lang = useConsoleLanguage();
  const counts = useQuery({
    queryKey: ['console', 'invites', 'counts'] as const,
    queryFn: () => consoleApi.get<InviteCounts>('/invites/counts'),
  });
  const n = (v: number) => new Intl.NumberFormat(lang).format(v);
  const pair = (v: { today: number; days30: number }) =>
    `${t('dinv.today')} ${n(v.today)} · ${t('dinv.days30')} ${n(v.days30)}`;
  return (
    <Card title={t('dinv.title')}>
      {counts.isError && <Banner kind="error">{counts.error.message}</Banner>}
      {counts.data && (
        <dl className={styles.quality} data-testid="dash-invites">
          <dt>{t('dinv.opened')}</dt>
          <dd>{pair(counts.data.opened)}</dd>
          <dt>{t('dinv.accepted')}</dt>
          <dd>{pair(counts.data.accepted)}</dd>
          <dt>{t('dinv.rewarded')}</dt>
          <dd>{pair(counts.data.rewarded)}</dd>
          <dt>{t('dinv.held')}</dt>
          <dd data-testid="dash-invites-held">{n(counts.data.held)}</dd>
        </dl>
      )}
    </Card>
  );
}
