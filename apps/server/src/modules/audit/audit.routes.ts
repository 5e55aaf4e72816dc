import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_BASE, auditListData, auditListQuery, envelope } from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { OperatorGuards } from '../operators/operator-guard';
import type { AuditService } from './audit.service';

/** Admins browse the audit log, newest first, filtered by action, target or operator. */
export function auditRoutes(deps: {
  audit: AuditService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/audit`,
      {
        preHandler: deps.guards.requireOperator(['admin']),
        schema: {
          tags: ['admin'],
          querystring: auditListQuery,
          response: { 200: envelope(auditListData) },
        },
      },
      async (request) => ok(await deps.audit.list(request.query)),
    );
  };
}
