import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  adminInquiry,
  answerBody,
  envelope,
  inboxData,
  inboxQuery,
  inquiryIdParams,
} from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { AuditService } from '../audit/audit.service';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { SupportService } from './support.service';

/** The inquiries inbox in the console: admins and support staff read, answer and close. */
export function supportAdminRoutes(deps: {
  support: SupportService;
  audit: AuditService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { support, audit } = deps;
  const staff = deps.guards.requireOperator(['admin', 'support']);
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/inquiries`,
      {
        preHandler: staff,
        schema: {
          tags: ['admin'],
          querystring: inboxQuery,
          response: { 200: envelope(inboxData) },
        },
      },
      async (request) => ok(await support.inbox(request.query)),
    );

    app.put(
      `${ADMIN_BASE}/inquiries/:id/answer`,
      {
        preHandler: staff,
        schema: {
          tags: ['admin'],
          params: inquiryIdParams,
          body: answerBody,
          response: { 200: envelope(adminInquiry) },
        },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const { after } = await support.answer(
          request.params.id,
          request.body.answer,
          operatorId,
          async (tx, c) => {
            await audit.record(tx, {
              operatorId,
              action: 'inquiry.answer',
              targetType: 'inquiry',
              targetId: c.after.id,
              before: { status: c.before.status, answer: c.before.answer },
              after: { status: c.after.status, answer: c.after.answer },
            });
          },
        );
        return ok(after);
      },
    );

    app.put(
      `${ADMIN_BASE}/inquiries/:id/close`,
      {
        preHandler: staff,
        schema: {
          tags: ['admin'],
          params: inquiryIdParams,
          response: { 200: envelope(adminInquiry) },
        },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const { after } = await support.close(request.params.id, async (tx, c) => {
          await audit.record(tx, {
            operatorId,
            action: 'inquiry.close',
            targetType: 'inquiry',
            targetId: c.after.id,
            before: { status: c.before.status },
            after: { status: c.after.status },
          });
        });
        return ok(after);
      },
    );
  };
}
