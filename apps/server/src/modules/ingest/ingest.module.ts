import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { resolveFfmpegPath } from '../../media/ffmpeg';
import type { MediaUrls } from '../../media/media-urls';
import type { Storage } from '../../media/storage';
import type { Metrics } from '../../metrics/metrics';
import type { CatalogAdminService } from '../catalog/catalog-admin.service';
import type { I18nService } from '../i18n/i18n.service';
import { ingestEpisodesFrom } from './ingest.episodes';
import { createIngestRepository } from './ingest.repository';
import { ingestRoutes } from './ingest.routes';
import { createIngestService } from './ingest.service';
import { createIngestJobsView } from './ingest-jobs';

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
  /** the console's preview gets the address a viewer's start would */
  mediaUrls: Pick<MediaUrls, 'forEpisode'>;
}) {
  const { config } = deps;
  const repo = createIngestRepository(deps.db);
  const episodes = ingestEpisodesFrom(deps.catalogAdmin);
  const ingest = createIngestService({
    db: deps.db,
    repo,
    audit: deps.audit,
    episodes,
    storage: deps.storage,
    clock: deps.clock,
    ffmpegPath: resolveFfmpegPath(config.ffmpegPath),
    leaseSeconds: config.ingest.leaseSeconds,
    maxAttempts: config.ingest.maxAttempts,
    onTranscoded: (result) => deps.metrics.transcodeJobs.inc({ result }),
  });
  const jobsView = createIngestJobsView({
    repo,
    episodes,
    titlesOf: (ids) => deps.catalogAdmin.titlesOf(ids),
    masterUrl: (dramaId, epsd) => deps.mediaUrls.forEpisode(dramaId, epsd)[0]?.videoUrl ?? '',
  });
  // episodes are not reordered under a transcode that would attach to the old number
  deps.catalogAdmin.useTranscodeGuard((dramaId) => jobsView.hasLiveJob(dramaId));
  return {
    ingest,
    ingestJobs: jobsView,
    routes: (g: RouteGuards) =>
      ingestRoutes({
        ingest,
        jobsView,
        guard: g.operator.requireOperator(['admin', 'editor']),
        uploadDir: config.ingest.uploadDir,
        textsOf: (lang, keys) => deps.i18n.textsOf(lang, keys),
      }),
  };
}
