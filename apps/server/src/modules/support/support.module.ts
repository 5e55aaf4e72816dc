import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { supportAdminRoutes } from './support.admin.routes';
import { createSupportConsole, type SupportNames } from './support-console';
import { createSupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { createSupportService } from './support.service';

/** Viewers' inquiries, and the console's inbox that answers them. */
export function createSupportModule(deps: { db: Db; clock: Clock }) {
  const support = createSupportService({
    repo: createSupportRepository(deps.db),
    clock: deps.clock,
  });
  return {
    support,
    routes: (g: RouteGuards, auth: AuthService) =>
      supportRoutes({ support, auth, guards: g.viewer }),
    /** the console's inbox; names come from auth (viewers) and operators, built by then */
    adminRoutes: (g: RouteGuards, audit: AuditService, names: SupportNames) =>
      supportAdminRoutes({
        console: createSupportConsole({ support, names, audit }),
        guards: g.operator,
      }),
  };
}
