import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { resolveFfmpegPath } from '../../media/ffmpeg';
import type { Storage } from '../../media/storage';
import { createCatalogAdminRepository } from './catalog-admin.repository';
import { catalogAdminRoutes } from './catalog-admin.routes';
import { createCatalogAdminService } from './catalog-admin.service';

type CatalogAdminDeps = Parameters<typeof createCatalogAdminService>[0];

/** The console's catalog: every change audited, caches dropped on every instance. */
export function createCatalogAdminModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'ffmpegPath'>;
  storage: Storage;
  catalog: CatalogAdminDeps['catalog'];
  i18n: CatalogAdminDeps['i18n'];
  audit: CatalogAdminDeps['audit'];
}) {
  const catalogAdmin = createCatalogAdminService({
    db: deps.db,
    repo: createCatalogAdminRepository(deps.db),
    catalog: deps.catalog,
    i18n: deps.i18n,
    audit: deps.audit,
    storage: deps.storage,
    clock: deps.clock,
    ffmpegPath: () => resolveFfmpegPath(deps.config.ffmpegPath),
  });
  return {
    catalogAdmin,
    routes: (g: RouteGuards) => catalogAdminRoutes({ catalogAdmin, guards: g.operator }),
  };
}
