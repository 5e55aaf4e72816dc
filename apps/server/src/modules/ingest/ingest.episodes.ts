import type { CatalogAdminService } from '../catalog/catalog-admin.service';
import type { IngestEpisodes } from './ingest.service';

/** The catalog's episodes as operators see them (published or not, with or without video). */
export function ingestEpisodesFrom(
  catalogAdmin: Pick<CatalogAdminService, 'episodeMedia' | 'dramaDetail' | 'attachEpisodeVideo'>,
): IngestEpisodes {
  return {
    episode: (dramaId, epsd) => catalogAdmin.episodeMedia(dramaId, epsd),
    episodeNumbers: async (dramaId) =>
      (await catalogAdmin.dramaDetail(dramaId)).episodes.map((e) => e.number),
    setEpisodeMedia: (dramaId, epsd, media) =>
      catalogAdmin.attachEpisodeVideo({ dramaId, episodeNumber: epsd, ...media }),
  };
}
