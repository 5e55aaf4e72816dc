import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createRequestOrigins } from './audit-origin';
import { createAuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { createAuditService, type AuditTargetNames } from './audit.service';

/** The audit log of operators' changes and sign-ins. */
export function createAuditModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'serviceTimeZone'>;
  /** late-bound: the operators module records into the audit log, so it is built after it */
  operatorEmails: (ids: string[]) => Promise<Map<string, string>>;
  /** late-bound too: targets are named by the modules that own them */
  targetNames: AuditTargetNames;
}) {
  const origins = createRequestOrigins();
  const audit = createAuditService({
    db: deps.db,
    repo: createAuditRepository(deps.db),
    clock: deps.clock,
    serviceTimeZone: deps.config.serviceTimeZone,
    origin: origins.current,
    operatorEmails: deps.operatorEmails,
    targetNames: deps.targetNames,
  });
  return {
    audit,
    /** the hooks that give every audited change its request's address and user agent */
    registerRequestOrigins: origins.register,
    routes: (g: RouteGuards) => auditRoutes({ audit, guards: g.operator, clock: deps.clock }),
  };
}
