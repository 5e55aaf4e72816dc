import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { createServices } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/client';
import { createConfiguredStorage } from './media/s3-storage';
import { createIngestWorker } from './modules/ingest/ingest.worker';
import { startForYouJob, startPushJob, startRollupJob } from './jobs';
import { ROLLUP_POLL_MS } from './modules/analytics/analytics-rollup';
import { openRedis } from './redis';

/**
 * A transcode and push worker on its own (`npm run worker`): the same services as the API, no HTTP. Run as
 * many as the machines allow; they share the job queue in the database (docs/operations.md).
 */
async function main() {
  const config = loadConfig();
  const log = pino({
    level: config.logLevel,
    ...(process.stdout.isTTY && config.env !== 'production'
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  });
  if (!config.databaseUrl) {
    log.warn(
      'no DATABASE_URL: this worker opens the embedded database, which only one process can use; ' +
        'run it instead of the API (or set INGEST_WORKER=embedded on the API and skip this process)',
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: Math.max(2, config.ingest.concurrency + 1),
  });
  await database.migrate();
  const storage = createConfiguredStorage(config);
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  const services = createServices({ config, database, clock: systemClock, storage, redis });
  services.ingest.useLogger(log);
  const worker = createIngestWorker({
    ingest: services.ingest,
    pollMs: config.ingest.pollMs,
    concurrency: config.ingest.concurrency,
    log,
  });

  // analytics rollups are applied by every worker too (one batch at a time across them)
  const stopAnalytics = startRollupJob(services.analyticsRollup, ROLLUP_POLL_MS, (error) =>
    log.warn({ err: error }, 'analytics rollup failed'),
  );

  // push reminders are sent by every worker too (each reminder once, whatever their number)
  const stopPush = startPushJob(services.push, config.push.pollMs, (error) =>
    log.warn({ err: error }, 'push job failed'),
  );

  // and the For You feed's jobs (each runs on one instance at a time, whatever their number)
  const stopForYou = startForYouJob(services.forYouJobs, services.catalog, (error) =>
    log.warn({ err: error }, 'for you job failed'),
  );

  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'worker stopping after an error');
    else log.info(`${signal} received: handing the job in flight back to the queue`);
    await worker.stop();
    await stopPush();
    await stopAnalytics();
    await stopForYou();
    await services.notices.close();
    await database.close();
    storage.close();
    await redis?.quit().catch(() => redis.disconnect());
  });

  worker.start();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
