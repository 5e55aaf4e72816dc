import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { CatalogAdminService } from './modules/catalog/catalog-admin.service';
import type { CatalogService } from './modules/catalog/catalog.service';
import type { ForYouJobs } from './modules/foryou/foryou.jobs';
import type { SearchStatsService } from './modules/search-stats/search-stats.service';
import type { WebGatewaysService } from './modules/payments/web-gateways.service';
import type { PushService } from './modules/push/push.service';
import { ROLLUP_POLL_MS, type AnalyticsRollup } from './modules/analytics/analytics-rollup';

/** How often counted searches are written (top searches of the week). */
const SEARCH_STATS_FLUSH_MS = 10_000;

/** The timers of a running server, stopped when it closes (tests run each job by hand). */
export function startJobs(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'env' | 'payments' | 'push'>;
    searchStats: Pick<SearchStatsService, 'flush'>;
    webGateways: Pick<WebGatewaysService, 'sweep'>;
    push: Pick<PushService, 'queueScheduled' | 'sendDue'>;
    analyticsRollup: Pick<AnalyticsRollup, 'catchUp'>;
    catalogAdmin: Pick<CatalogAdminService, 'publishDue' | 'nextPublishAt' | 'fillTitleSearch'>;
    forYouJobs: ForYouJobs;
    catalog: Pick<CatalogService, 'onChanged'>;
    clock: Clock;
  },
) {
  const { config } = deps;
  // scheduled publications: published at their second, by whichever instance gets there first
  if (config.env !== 'test') {
    // dramas from before the console's title search get theirs once
    deps.catalogAdmin.fillTitleSearch().catch((error: unknown) => {
      app.log.warn({ err: error }, 'title search backfill failed');
    });
    const stop = startPublishJob(deps.catalogAdmin, deps.clock, (error) =>
      app.log.warn({ err: error }, 'scheduled publishing failed'),
    );
    app.addHook('onClose', async () => {
      await stop();
    });
  }
  // searches counted in memory reach the table in batches
  if (config.env !== 'test') {
    const timer = setInterval(() => {
      deps.searchStats.flush().catch((error: unknown) => {
        app.log.warn({ err: error }, 'search count flush failed');
      });
    }, SEARCH_STATS_FLUSH_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await deps.searchStats.flush().catch(() => undefined);
    });
  }
  // the reconciliation sweep: captured-but-uncredited orders are credited once
  if (config.payments.sweepIntervalSeconds > 0 && config.env !== 'test') {
    const timer = setInterval(() => {
      deps.webGateways.sweep().catch((error: unknown) => {
        app.log.error({ err: error }, 'payment sweep failed');
      });
    }, config.payments.sweepIntervalSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  }
  // the For You feed's precomputed lists, tastes and co-watch neighbours (decision 1621)
  if (config.env !== 'test') {
    const stop = startForYouJob(deps.forYouJobs, deps.catalog, (error) =>
      app.log.warn({ err: error }, 'for you job failed'),
    );
    app.addHook('onClose', async () => {
      await stop();
    });
  }
  // analytics rollups (decision 1603): every instance may run it, one batch at a time
  if (config.env !== 'test') {
    const stop = startRollupJob(deps.analyticsRollup, ROLLUP_POLL_MS, (error) =>
      app.log.warn({ err: error }, 'analytics rollup failed'),
    );
    app.addHook('onClose', async () => {
      await stop();
    });
  }
  // push reminders: the scheduled triggers and the send job (src/worker.ts runs it too)
  if (config.push.worker === 'embedded' && config.env !== 'test') {
    const stop = startPushJob(deps.push, config.push.pollMs, (error) =>
      app.log.warn({ err: error }, 'push job failed'),
    );
    app.addHook('onClose', async () => {
      await stop();
    });
  }
}

/**
 * Every `pollMs`: queue the scheduled reminders, then send what is due. Any number of processes
 * may run it at once: the sends' keys queue each reminder once and the claim sends it once
 * (decision 1520). Returns the stop function (waits for a round in flight).
 */
export function startPushJob(
  push: Pick<PushService, 'queueScheduled' | 'sendDue'>,
  pollMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return startPollingJob(
    async () => {
      await push.queueScheduled();
      await push.sendDue();
    },
    pollMs,
    onError,
  );
}

/**
 * Runs the analytics rollup every `pollMs` (the API's timers and `npm run worker`); any number of
 * processes may run it: the state row's lock lets one apply a batch at a time. Returns the stop
 * function (waits for a round in flight).
 */
export function startRollupJob(
  rollup: Pick<AnalyticsRollup, 'catchUp'>,
  pollMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return startPollingJob(() => rollup.catchUp(), pollMs, onError);
}

/**
 * Runs `round` every `pollMs`, one at a time: a tick that finds the last round still running is
 * skipped. Returns the stop function, which waits for a round in flight.
 */
function startPollingJob(
  round: () => Promise<unknown>,
  pollMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, pollMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** The publish job looks for the next scheduled publication at least this often. */
export const PUBLISH_POLL_MS = 1000;

/**
 * Publishes scheduled dramas at their time (decision 1540): after each round it reads the next
 * publication time and sleeps until then, or PUBLISH_POLL_MS at most (a schedule made meanwhile,
 * here or on another instance, is seen within that), so a drama is published within its second.
 * Any number of instances may run it: the rows are claimed with skip locked. Returns the stop
 * function (waits for a round in flight).
 */
export function startPublishJob(
  catalogAdmin: Pick<CatalogAdminService, 'publishDue' | 'nextPublishAt'>,
  clock: Clock,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const round = async () => {
    let wait = PUBLISH_POLL_MS;
    try {
      await catalogAdmin.publishDue();
      const next = await catalogAdmin.nextPublishAt();
      if (next) wait = Math.min(wait, Math.max(0, next.getTime() - clock.now().getTime()));
    } catch (error) {
      onError(error);
    }
    if (stopped) return;
    timer = setTimeout(() => {
      running = round();
    }, wait);
    timer.unref();
  };
  running = round();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** How often the For You job wakes: viewers' tastes each time, the catalog on changes. */
export const FORYOU_TICK_MS = 30_000;
const FORYOU_CATALOG_EVERY = 20;
const FORYOU_COWATCH_EVERY = 60;

/**
 * The For You feed's jobs (decision 1621): at once, then every FORYOU_TICK_MS the viewers'
 * tastes; the ranked catalog after a catalog change (here or on another instance) and every
 * 10 minutes; co-watch neighbours every 30 minutes. Each job holds its row with skip locked, so
 * any number of instances may run this. Returns the stop function (waits for a round in flight).
 */
export function startForYouJob(
  jobs: ForYouJobs,
  catalog: Pick<CatalogService, 'onChanged'> | undefined,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let tick = 0;
  let catalogChanged = true;
  catalog?.onChanged(() => {
    catalogChanged = true;
  });
  let running: Promise<void> | undefined;
  const round = async () => {
    if (catalogChanged || tick % FORYOU_CATALOG_EVERY === 0) {
      catalogChanged = false;
      await jobs.refreshCatalog();
    }
    await jobs.refreshTastes();
    if (tick % FORYOU_COWATCH_EVERY === 0) await jobs.recomputeCowatch();
    tick += 1;
  };
  const start = () => {
    if (running) return;
    running = round()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  start();
  const timer = setInterval(start, FORYOU_TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
