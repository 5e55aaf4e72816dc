import type { Clock } from '../clock';
import type { Config } from '../config';
import type { CatalogService } from '../modules/catalog/catalog.service';
import { createMediaUrls } from './media-urls';
import { mediaRoutes } from './media.routes';
import { createMediaSigner } from './signing';
import type { Storage } from './storage';

/** Signed media addresses and the routes that serve HLS and subtitles behind them. */
export function createMediaModule(deps: {
  config: Pick<Config, 'mediaSigningSecret' | 'mediaUrlTtlSeconds' | 'mediaPublicBaseUrl'>;
  clock: Clock;
  storage: Storage;
  catalog: CatalogService;
}) {
  const { config, clock, storage, catalog } = deps;
  const signer = createMediaSigner(config.mediaSigningSecret);
  const mediaUrls = createMediaUrls({
    signer,
    clock,
    ttlSeconds: config.mediaUrlTtlSeconds,
    baseUrl: config.mediaPublicBaseUrl,
    // an episode start carries its playlists (decision 0500, cold start)
    playlists: {
      storage,
      prefixOf: async (dramaId, epsd) => (await catalog.episode(dramaId, epsd)).mediaPrefix,
      onCatalogChanged: (listener) => catalog.onChanged(listener),
    },
  });
  return { signer, mediaUrls, routes: () => mediaRoutes({ storage, signer, catalog, clock }) };
}
