import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { resolveFfmpegPath } from '../../media/ffmpeg';
import type { Storage } from '../../media/storage';
import type { Metrics } from '../../metrics/metrics';
import type { CatalogAdminService } from '../catalog/catalog-admin.service';
import type { I18nService } from '../i18n/i18n.service';
import { ingestEpisodesFrom } from './ingest.episodes';
import { createIngestRepository } from './ingest.repository';
import { ingestRoutes } from './ingest.routes';
import { createIngestService } from './ingest.service';

/** The ingest pipeline: uploaded sources become HLS ladders in a durable job queue. */
export function createIngestModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'ffmpegPath' | 'ingest'>;
  storage: Storage;
  metrics: Pick<Metrics, 'transcodeJobs'>;
  audit: Parameters<typeof createIngestService>[0]['audit'];
  catalogAdmin: CatalogAdminService;
  i18n: Pick<I18nService, 'textsOf'>;
}) {
  const { config } = deps;
  const ingest = createIngestService({
    db: deps.db,
    repo: createIngestRepository(deps.db),
    audit: deps.audit,
    episodes: ingestEpisodesFrom(deps.catalogAdmin),
    storage: deps.storage,
    clock: deps.clock,
    ffmpegPath: resolveFfmpegPath(config.ffmpegPath),
    leaseSeconds: config.ingest.leaseSeconds,
    maxAttempts: config.ingest.maxAttempts,
    onTranscoded: (result) => deps.metrics.transcodeJobs.inc({ result }),
  });
  return {
    ingest,
    routes: (g: RouteGuards) =>
      ingestRoutes({
        ingest,
        guard: g.operator.requireOperator(['admin', 'editor']),
        uploadDir: config.ingest.uploadDir,
        textsOf: (lang, keys) => deps.i18n.textsOf(lang, keys),
      }),
  };
}
