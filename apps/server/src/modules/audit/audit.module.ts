import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createAuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit.service';

/** The audit log of operators' changes. */
export function createAuditModule(deps: {
  db: Db;
  clock: Clock;
  /** late-bound: the operators module records into the audit log, so it is built after it */
  operatorEmails: (ids: string[]) => Promise<Map<string, string>>;
}) {
  const audit = createAuditService({
    db: deps.db,
    repo: createAuditRepository(deps.db),
    clock: deps.clock,
    operatorEmails: deps.operatorEmails,
  });
  return { audit, routes: (g: RouteGuards) => auditRoutes({ audit, guards: g.operator }) };
}
