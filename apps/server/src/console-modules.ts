import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { RouteGuards } from './http/route-guards';
import type { MediaUrls } from './media/media-urls';
import type { Storage } from './media/storage';
import type { Metrics } from './metrics/metrics';
import type { AnalyticsModule } from './modules/analytics/analytics.module';
import { createAuditTargetNames } from './modules/audit/audit-target-names';
import { createAuditModule } from './modules/audit/audit.module';
import type { AuthService } from './modules/auth/auth.service';
import { createCatalogAdminModule } from './modules/catalog/catalog-admin.module';
import type { CatalogService } from './modules/catalog/catalog.service';
import { createDashboardModule } from './modules/dashboard/dashboard.module';
import type { createEconomyModule } from './modules/economy/economy.module';
import type { createExperimentsModule } from './modules/experiments/experiments.module';
import type { EventsService } from './modules/events/events.service';
import type { I18nService } from './modules/i18n/i18n.service';
import type { createForYouModule } from './modules/foryou/foryou.module';
import type { createInvitesModule } from './modules/invites/invites.module';
import { createIngestModule } from './modules/ingest/ingest.module';
import { createMoneyModule } from './modules/money/money.module';
import { createOperatorsModule } from './modules/operators/operators.module';
import type { PaymentsService } from './modules/payments/payments.service';
import type { WebGatewaysService } from './modules/payments/web-gateways.service';
import type { PlaybackService } from './modules/playback/playback.service';
import type { createPushModule } from './modules/push/push.module';
import type { createSupportModule } from './modules/support/support.module';
import { createViewersModule } from './modules/viewers/viewers.module';
import type { WalletService } from './modules/wallet/wallet.service';

/**
 * The operator console's side of the composition (issue 13): operators and their sessions, the
 * audit log of their changes, the catalog tools and ingest, the dashboard, viewers and money, and
 * the console's routes of economy and support. Built from the viewers' services, which never
 * depend on it.
 */
export function composeConsoleModules(deps: {
  base: { db: Db; clock: Clock; config: Config };
  storage: Storage;
  metrics: Metrics;
  mediaUrls: MediaUrls;
  auth: AuthService;
  catalog: CatalogService;
  i18n: I18nService;
  playback: PlaybackService;
  wallet: WalletService;
  events: EventsService;
  payments: PaymentsService;
  webGateways: WebGatewaysService;
  economyModule: ReturnType<typeof createEconomyModule>;
  supportModule: ReturnType<typeof createSupportModule>;
  invitesModule: ReturnType<typeof createInvitesModule>;
  pushModule: ReturnType<typeof createPushModule>;
  analyticsModule: AnalyticsModule;
  forYouModule: ReturnType<typeof createForYouModule>;
  experimentsModule: ReturnType<typeof createExperimentsModule>;
}) {
  const { base, storage, metrics, auth, catalog, i18n, wallet, events, payments } = deps;
  const operatorEmails = (ids: string[]) => operatorsModule.operators.emailsOf(ids);
  const auditModule = createAuditModule({
    ...base,
    operatorEmails,
    // targets by name, asked of the modules that own them (decision 1570)
    targetNames: createAuditTargetNames({
      operatorEmails,
      // unpublished and archived dramas too: the console's own reading of the catalog
      dramaTitle: async (dramaId, lang) => {
        const { title } = (await catalogAdminModule.catalogAdmin.dramaDetail(dramaId)).form;
        return title[lang] || title.en || undefined;
      },
      viewerName: async (userId) => {
        const viewer = await auth.viewerForOperator(userId);
        return viewer.nickname ?? viewer.email ?? undefined;
      },
      packName: async (godsCode, lang) => {
        const pack = (await payments.allGoods()).find((g) => g.godsCode === godsCode);
        if (!pack) return undefined;
        const { 'orders.pack_coins': words } = await i18n.textsOf(lang, ['orders.pack_coins']);
        return `${words.replace('{{coins}}', new Intl.NumberFormat(lang).format(pack.paidCoin))} (${godsCode})`;
      },
    }),
  });
  const { audit } = auditModule;
  const operatorsModule = createOperatorsModule({ ...base, audit });
  const catalogAdminModule = createCatalogAdminModule({ ...base, storage, catalog, i18n, audit });
  const { catalogAdmin } = catalogAdminModule;
  // a published drama's new episode reminds the viewers who bookmarked it
  catalogAdmin.onEpisodeReleased(async (dramaId, episodeNumber) => {
    await deps.pushModule.push.episodeReleased(dramaId, episodeNumber);
  });
  // who holds episodes of a drama: the wallet's coin unlocks and events' ad unlocks (decision 1540)
  catalogAdmin.useHolderQueries([
    (dramaId) => wallet.coinUnlockersOf(dramaId),
    (dramaId) => events.adUnlockersOf(dramaId),
  ]);
  const ingestModule = createIngestModule({
    ...base,
    storage,
    metrics,
    audit,
    catalogAdmin,
    i18n,
    mediaUrls: deps.mediaUrls,
  });
  const dashboardModule = createDashboardModule({
    ...base,
    auth,
    playback: deps.playback,
    wallet,
    events,
    catalog,
    i18n,
    // the revenue report's numbers (decision 1550): coin packs and VIP charges alike
    revenue: (from, to) => moneyModule.money.revenue({ from, to }),
  });
  // funnels, the catalog's table and retention, read from the rollups (issue 43)
  const analyticsReads = deps.analyticsModule.withReads({ catalog, i18n });
  // orders of every gateway, their export, refunds and revenue (issue 41 item 3)
  const moneyModule = createMoneyModule({ ...base, audit });
  // A/B experiments (issue 43 item 5): shipping writes through the setting's owner, audited there
  const experimentsConsole = deps.experimentsModule.console({
    audit,
    targets: {
      dramaEpisodes: async (dramaId) =>
        (await catalog.pricing(dramaId)).episodes.map((e) => ({ number: e.number, coin: e.coin })),
      async setDramaPrices(operatorId, dramaId, episodes) {
        const current = (await catalog.pricing(dramaId)).episodes;
        for (const e of episodes) {
          if (current.find((c) => c.number === e.number)?.coin === e.coin) continue;
          await catalogAdmin.updateEpisode(operatorId, dramaId, e.number, {
            free: e.coin === 0,
            coin: e.coin,
          });
        }
      },
      goods: async (godsCode) => (await payments.allGoods()).find((g) => g.godsCode === godsCode),
      async saveGoods(operatorId, goods) {
        await payments.saveGoods(goods, (tx, change) =>
          audit
            .record(tx, {
              operatorId,
              action: 'goods.update',
              targetType: 'goods',
              targetId: change.after.godsCode,
              before: change.before ?? null,
              after: change.after,
            })
            .then(() => undefined),
        );
      },
    },
  });
  const viewersModule = createViewersModule({
    auth,
    wallet,
    events,
    webGateways: deps.webGateways,
    audit,
    orders: payments,
    suspensions: auth.suspensions,
    notes: deps.supportModule.support,
    operatorEmails: (ids) => operatorsModule.operators.emailsOf(ids),
  });

  return {
    /** every audited change made in a request gets its address and user agent (decision 1570) */
    registerAuditOrigins: auditModule.registerRequestOrigins,
    /** the console's API, /api/v1/admin/...: every route checks the operator's role */
    routes: (g: RouteGuards) => [
      operatorsModule.routes(),
      auditModule.routes(g),
      catalogAdminModule.routes(g),
      ingestModule.routes(g),
      // economy, viewers and money, support inbox, dashboard (issue 13 items 4-7)
      deps.economyModule.routes(g, { orders: payments, events, wallet, audit }),
      ...viewersModule.routes(g),
      moneyModule.routes(g),
      deps.supportModule.adminRoutes(g, audit, {
        viewerNames: (ids) => auth.viewerNames(ids),
        operatorEmails: (ids) => operatorsModule.operators.emailsOf(ids),
        operators: () => operatorsModule.operators.list(),
      }),
      dashboardModule.routes(g),
      analyticsReads.routes(g),
      // A/B experiments on paywalls, coin packs and first-charge bonuses (issue 43 item 5)
      experimentsConsole.routes(g),
      // invite settings, held rewards, a member's invites, the dashboard's counts (issue 42)
      deps.invitesModule.adminRoutes(g),
      deps.pushModule.adminRoutes(g, audit),
      // the For You feed's pins, exclusions and trailers (issue 45)
      deps.forYouModule.adminRoutes(g, async (dramaId) =>
        (await catalogAdmin.dramaDetail(dramaId)).episodes.map((e) => ({
          number: e.number,
          coin: e.coin,
        })),
      ),
    ],
    services: {
      audit,
      operators: operatorsModule.operators,
      operatorGuards: operatorsModule.operatorGuards,
      catalogAdmin,
      experiments: experimentsConsole.experiments,
      ingest: ingestModule.ingest,
      dashboard: dashboardModule.dashboard,
      viewers: viewersModule.viewers,
      money: moneyModule.money,
      analytics: analyticsReads.analytics,
    },
  };
}
