import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { SearchStatsService } from './modules/search-stats/search-stats.service';
import type { WebGatewaysService } from './modules/payments/web-gateways.service';

/** How often counted searches are written (top searches of the week). */
const SEARCH_STATS_FLUSH_MS = 10_000;

/** The timers of a running server, stopped when it closes (tests run each job by hand). */
export function startJobs(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'env' | 'payments'>;
    searchStats: Pick<SearchStatsService, 'flush'>;
    webGateways: Pick<WebGatewaysService, 'sweep'>;
  },
) {
  const { config } = deps;
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
}
