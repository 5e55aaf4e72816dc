import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { createOperatorGuards } from './operator-guard';
import { createOperatorTokens } from './operator-tokens';
import { createOperatorsRepository } from './operators.repository';
import { operatorsRoutes } from './operators.routes';
import { createOperatorsService } from './operators.service';

/** The console's operators and their sessions; the guards every console route checks roles with. */
export function createOperatorsModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'jwtSecret' | 'cookieSecure' | 'authRateLimitPerMinute'>;
  audit: AuditService;
}) {
  const { db, clock, config } = deps;
  const operators = createOperatorsService({
    db,
    repo: createOperatorsRepository(db),
    tokens: createOperatorTokens({ secret: config.jwtSecret, clock }),
    audit: deps.audit,
    clock,
  });
  const operatorGuards = createOperatorGuards(operators);
  return {
    operators,
    operatorGuards,
    routes: () =>
      operatorsRoutes({
        operators,
        guards: operatorGuards,
        cookieSecure: config.cookieSecure,
        signInPerMinute: config.authRateLimitPerMinute,
      }),
  };
}
