import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_BASE, auditListData, auditListQuery, envelope } from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { OperatorGuards } from '../operators/operator-guard';
import type { AuditService } from './audit.service';

/**
 * Admins browse the audit log, newest first, filtered by actor, action (exact or family), target
 * and service days; and export the same filter as CSV, streamed.
 */
export function auditRoutes(deps: {
  audit: AuditService;
  guards: OperatorGuards;
  clock: { now: () => Date };
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

    app.get(
      `${ADMIN_BASE}/audit/export`,
      {
        preHandler: deps.guards.requireOperator(['admin']),
        schema: {
          tags: ['admin'],
          description:
            'The filtered audit log as CSV (UTF-8 with a byte order mark), newest first, streamed in batches.',
          querystring: auditListQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const stamp = deps.clock.now().toISOString().slice(0, 10);
        const lines = deps.audit.exportCsv(request.query);
        async function* withBom() {
          // the byte order mark lets spreadsheets read Korean and Japanese as UTF-8
          yield '\uFEFF';
          yield* lines;
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(withBom()));
      },
    );
  };
}
