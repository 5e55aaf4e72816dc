import closeWithGrace from 'close-with-grace';
import { buildApp, type ContentProgress } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase, openPostgres } from './db/client';
import { resolveFfmpegPath } from './media/ffmpeg';
import { createConfiguredStorage } from './media/s3-storage';
import { createIngestWorker } from './modules/ingest/ingest.worker';
import { openRedis } from './redis';
import { prepareContent } from './seed/demo';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  // catalog reads on a replica when one is configured (migrations reach it by replication)
  const readDatabase = config.databaseReadUrl
    ? openPostgres(config.databaseReadUrl, config.databasePoolSize, (error) =>
        console.error(`PostgreSQL replica connection lost: ${error.message}`),
      )
    : undefined;

  // a bucket when STORAGE_BUCKET is set (shared by every instance), else the local media folder
  const storage = createConfiguredStorage(config);
  const logger =
    process.stdout.isTTY && config.env !== 'production'
      ? {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        }
      : { level: config.logLevel };
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  // filled in once the demo catalog is seeded; /healthz/content answers 503 until it is complete
  const contentProgress: ContentProgress = { dramasReady: 0, dramasTotal: 0 };
  const { app, services } = await buildApp({
    contentProgress,
    config,
    database,
    readDatabase,
    clock: systemClock,
    storage,
    redis,
    logger,
    defaultMetrics: true,
  });

  // A first start serves at once: the demo clips still missing are encoded while the service runs,
  // each drama joining the catalog when its clip is ready (decision 0510).
  const stopEncoding = new AbortController();
  const content = await prepareContent({
    catalogRepo: services.catalogRepo,
    i18n: services.i18n,
    storage,
    clock: systemClock,
    seedDemo: config.seedDemo,
    ffmpegPath: resolveFfmpegPath(config.ffmpegPath),
    log: app.log,
    onTranscoded: (result) => services.metrics.transcodeJobs.inc({ result }),
    encodeLater: {
      signal: stopEncoding.signal,
      onDramaReady: (ready, total) =>
        Object.assign(contentProgress, { dramasReady: ready, dramasTotal: total }),
    },
  });
  const encoding = content.rest?.catch((error: unknown) => {
    if (!stopEncoding.signal.aborted)
      app.log.error({ err: error }, 'demo content: encoding failed');
  });

  // the embedded transcode worker (INGEST_WORKER=embedded, the default); `npm run worker` runs more
  const worker =
    config.ingest.worker === 'embedded'
      ? createIngestWorker({
          ingest: services.ingest,
          pollMs: config.ingest.pollMs,
          concurrency: config.ingest.concurrency,
          log: app.log,
        })
      : undefined;
  if (
    config.operatorBootstrap &&
    (await services.operators.ensureAdmin(config.operatorBootstrap))
  ) {
    app.log.info(`console: created the admin ${config.operatorBootstrap.email}`);
  }

  // SIGTERM: stop accepting connections (the load balancer's /readyz fails with them), let the
  // requests in flight finish, then close the pools; past the grace time the process exits anyway
  closeWithGrace(
    {
      delay: config.shutdownGraceMs,
      logger: { error: (message: string) => app.log.error(message) },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info(`${signal} received, draining requests in flight`);
      // a transcode in flight goes back to the queue for the next worker
      await worker?.stop();
      // a demo clip half encoded is encoded again at the next start (no master playlist yet)
      stopEncoding.abort();
      await encoding;
      await app.close();
      await database.close();
      await readDatabase?.close();
      storage.close();
      await redis?.quit().catch(() => redis.disconnect());
      app.log.info('shut down cleanly');
    },
  );

  await app.listen({ host: config.host, port: config.port });
  worker?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `SnapDrama is ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
  );
  if (content.rest) {
    app.log.info(
      `demo content: ${contentProgress.dramasReady} of ${contentProgress.dramasTotal} dramas to watch now; the others appear as their clips are encoded`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
