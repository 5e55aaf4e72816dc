import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { resolveFfmpegPath } from './media/ffmpeg';
import { createLocalStorage } from './media/storage';
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

  const storage = createLocalStorage(config.mediaDir);
  const logger =
    process.stdout.isTTY && config.env !== 'production'
      ? {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        }
      : { level: config.logLevel };
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  const { app, services } = await buildApp({
    config,
    database,
    clock: systemClock,
    storage,
    redis,
    logger,
  });

  await prepareContent({
    catalogRepo: services.catalogRepo,
    i18n: services.i18n,
    storage,
    clock: systemClock,
    seedDemo: config.seedDemo,
    ffmpegPath: resolveFfmpegPath(config.ffmpegPath),
    log: app.log,
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    redis?.disconnect();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `SnapDrama is ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
