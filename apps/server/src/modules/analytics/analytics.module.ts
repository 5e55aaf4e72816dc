import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { CatalogService } from '../catalog/catalog.service';
import type { I18nService } from '../i18n/i18n.service';
import { createAnalyticsAccounts } from './analytics-accounts';
import { createAnalyticsRollup } from './analytics-rollup';
import { createAnalyticsRepository } from './analytics.repository';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsRecorder } from './analytics-recorder.service';
import { createAnalyticsService } from './analytics.service';

/**
 * Analytics (issue 43): the event log other modules write to (`recorder`, built first, before
 * the modules that record), the rollup job, and the console's reads (`withReads`, built with the
 * console).
 */
export function createAnalyticsModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'serviceTimeZone'>;
}) {
  const repo = createAnalyticsRepository(deps.db);
  const recorder = createAnalyticsRecorder(repo, deps.db);
  const rollup = createAnalyticsRollup({
    db: deps.db,
    clock: deps.clock,
    serviceTimeZone: deps.config.serviceTimeZone,
  });

  function withReads(reads: {
    catalog: Pick<CatalogService, 'pricing' | 'titleKeysOf'>;
    i18n: Pick<I18nService, 'entriesForKeys'>;
  }) {
    const analytics = createAnalyticsService({
      repo,
      clock: deps.clock,
      serviceTimeZone: deps.config.serviceTimeZone,
      ...reads,
    });
    return {
      analytics,
      routes: (g: RouteGuards) =>
        analyticsRoutes({ analytics, guards: g.operator, clock: deps.clock }),
    };
  }

  /** what a guest's sign-in and a withdrawal do to the log and the rollups (auth's hooks) */
  const accounts = createAnalyticsAccounts(deps.db);

  return { recorder, rollup, accounts, withReads };
}

export type AnalyticsModule = ReturnType<typeof createAnalyticsModule>;
