import type { ComponentType } from 'react';
import type { Language, OperatorRole } from '@snapdrama/contract';

/**
 * THE list of console pages: the router and the navigation are built from it. To add a page, add
 * one entry (keep one entry per line group, so parallel branches merge cleanly):
 *   path   under /admin ('catalog', 'catalog/:dramaId'); no leading slash
 *   label  the navigation label in en, ko and ja; omit it for pages reached by links only
 *   roles  who sees the page (the server checks every call anyway)
 *   load   a dynamic import of the page component (each page is its own chunk)
 * The first labelled entry a role may see is that role's home page.
 */
export interface ConsolePageEntry {
  path: string;
  label?: Record<Language, string>;
  roles: readonly OperatorRole[];
  load: () => Promise<ComponentType>;
}

export const consolePages: ConsolePageEntry[] = [
  // --- catalog (branch console) ---
  {
    path: 'catalog',
    label: { en: 'Catalog', ko: '카탈로그', ja: 'カタログ' },
    roles: ['admin', 'editor'],
    load: async () => (await import('../features/console-catalog/drama-list-page')).DramaListPage,
  },
  {
    path: 'catalog/categories',
    roles: ['admin', 'editor'],
    load: async () => (await import('../features/console-catalog/categories-page')).CategoriesPage,
  },
  {
    path: 'catalog/new',
    roles: ['admin', 'editor'],
    load: async () => (await import('../features/console-catalog/drama-edit-page')).DramaNewPage,
  },
  {
    path: 'catalog/:dramaId',
    roles: ['admin', 'editor'],
    // the episode editor's video area is the ingest pipeline's (shared/console/episode-video-slot.ts)
    load: async () => {
      const [{ DramaEditPage }, { EpisodeVideo }] = await Promise.all([
        import('../features/console-catalog/drama-edit-page'),
        import('../features/console-ingest/episode-video'),
      ]);
      return () => <DramaEditPage videoSlot={EpisodeVideo} />;
    },
  },
  // --- ingest (branch ingest) ---
  {
    path: 'videos',
    label: { en: 'Episode videos', ko: '에피소드 영상', ja: 'エピソード動画' },
    roles: ['admin', 'editor'],
    load: async () => (await import('../features/console-ingest/ingest-page')).IngestPage,
  },
  {
    path: 'videos/:dramaId',
    roles: ['admin', 'editor'],
    load: async () => (await import('../features/console-ingest/ingest-page')).IngestPage,
  },
  {
    path: 'jobs',
    label: { en: 'Transcode jobs', ko: '변환 작업', ja: '変換ジョブ' },
    roles: ['admin', 'editor'],
    load: async () => (await import('../features/console-ingest/jobs-page')).JobsPage,
  },
  // --- economy, viewers, support, dashboard (branch ops) ---
  {
    path: 'dashboard',
    label: { en: 'Dashboard', ko: '대시보드', ja: 'ダッシュボード' },
    roles: ['admin'],
    load: async () => (await import('../features/console-dashboard/dashboard-page')).DashboardPage,
  },
  {
    path: 'viewers',
    label: { en: 'Viewers', ko: '시청자', ja: '視聴者' },
    roles: ['admin', 'support'],
    load: async () => (await import('../features/console-viewers/viewers-page')).ViewersPage,
  },
  {
    path: 'viewers/:userId',
    roles: ['admin', 'support'],
    load: async () => (await import('../features/console-viewers/viewer-page')).ViewerPage,
  },
  {
    path: 'inquiries',
    label: { en: 'Inquiries', ko: '문의', ja: 'お問い合わせ' },
    roles: ['admin', 'support'],
    load: async () => (await import('../features/console-inquiries/inquiries-page')).InquiriesPage,
  },
  {
    path: 'economy',
    label: { en: 'Economy', ko: '경제', ja: 'エコノミー' },
    roles: ['admin'],
    load: async () => (await import('../features/console-economy/economy-page')).EconomyPage,
  },
  // --- A/B experiments (issue 43 item 5) ---
  {
    path: 'experiments',
    label: { en: 'Experiments', ko: '실험', ja: '実験' },
    roles: ['admin'],
    load: async () =>
      (await import('../features/console-experiments/experiments-page')).ExperimentsPage,
  },
  {
    path: 'experiments/:id',
    roles: ['admin'],
    load: async () =>
      (await import('../features/console-experiments/experiment-page')).ExperimentPage,
  },
  // --- orders, refunds and revenue (issue 41 item 3) ---
  {
    path: 'orders',
    label: { en: 'Orders', ko: '주문', ja: '注文' },
    roles: ['admin', 'support'],
    load: async () => (await import('../features/console-money/orders-page')).OrdersPage,
  },
  {
    path: 'money',
    label: { en: 'Revenue and refunds', ko: '매출과 환불', ja: '売上と返金' },
    roles: ['admin'],
    load: async () => (await import('../features/console-money/money-page')).MoneyPage,
  },
  // --- analytics: dramas, a drama's funnel, retention (issue 43 items 3, 4) ---
  {
    path: 'analytics/dramas',
    label: { en: 'Drama analytics', ko: '드라마 분석', ja: 'ドラマ分析' },
    roles: ['admin'],
    load: async () =>
      (await import('../features/console-analytics/dramas-page')).AnalyticsDramasPage,
  },
  {
    path: 'analytics/dramas/:dramaId',
    roles: ['admin'],
    load: async () =>
      (await import('../features/console-analytics/funnel-page')).AnalyticsFunnelPage,
  },
  {
    path: 'analytics/retention',
    label: { en: 'Retention', ko: '리텐션', ja: 'リテンション' },
    roles: ['admin'],
    load: async () =>
      (await import('../features/console-analytics/retention-page')).AnalyticsRetentionPage,
  },
  // --- audit log (branch console) ---
  {
    path: 'audit',
    label: { en: 'Audit log', ko: '감사 로그', ja: '監査ログ' },
    roles: ['admin'],
    load: async () => (await import('../features/console-audit/audit-page')).AuditPage,
  },
  // --- operators and one's own account (issue 41 item 1) ---
  {
    path: 'operators',
    label: { en: 'Operators', ko: '운영자', ja: 'オペレーター' },
    roles: ['admin'],
    load: async () => (await import('../features/console-operators/operators-page')).OperatorsPage,
  },
  {
    path: 'account',
    label: { en: 'My account', ko: '내 계정', ja: 'マイアカウント' },
    roles: ['admin', 'editor', 'support'],
    load: async () => (await import('../features/console-operators/account-page')).AccountPage,
  },
];
