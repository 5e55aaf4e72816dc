import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createInvitesRepository } from './invites.repository';
import { invitesAdminRoutes, invitesRoutes } from './invites.routes';
import { createInvitesService, type InviteAudit, type InviteWallet } from './invites.service';

/**
 * Invites (decision 1510): built after the wallet; the audit log belongs to the console's side,
 * which is built later, so it is reached through a late-bound function.
 */
export function createInvitesModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'serviceTimeZone'>;
  wallet: InviteWallet;
  audit: () => InviteAudit;
}) {
  const invites = createInvitesService({
    repo: createInvitesRepository(deps.db),
    clock: deps.clock,
    wallet: deps.wallet,
    audit: { record: (tx, entry) => deps.audit().record(tx, entry) },
    serviceTimeZone: deps.config.serviceTimeZone,
  });
  return {
    invites,
    routes: (g: RouteGuards) => invitesRoutes({ invites, guards: g.viewer }),
    adminRoutes: (g: RouteGuards) => invitesAdminRoutes({ invites, guards: g.operator }),
  };
}
