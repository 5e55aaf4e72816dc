import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  adminInquiry,
  answerBody,
  assignInquiryBody,
  assigneesData,
  cannedRepliesData,
  cannedReply,
  cannedReplyBody,
  cannedReplyIdParams,
  envelope,
  inboxData,
  inboxQuery,
  inquiryIdParams,
} from '@snapdrama/contract';
import { z } from 'zod';
import { ok } from '../../http/reply';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { SupportConsole } from './support-console';

/**
 * The inquiries inbox in the console: admins and support staff read, assign, answer (with a
 * canned reply or not) and close; they keep the canned replies.
 */
export function supportAdminRoutes(deps: {
  console: SupportConsole;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { console: support } = deps;
  const staff = deps.guards.requireOperator(['admin', 'support']);
  const schema = { tags: ['admin'] };
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/inquiries`,
      {
        preHandler: staff,
        schema: { ...schema, querystring: inboxQuery, response: { 200: envelope(inboxData) } },
      },
      async (request) => ok(await support.inbox(request.query)),
    );

    app.get(
      `${ADMIN_BASE}/inquiries/assignees`,
      { preHandler: staff, schema: { ...schema, response: { 200: envelope(assigneesData) } } },
      async () => ok({ operators: await support.assignees() }),
    );

    app.put(
      `${ADMIN_BASE}/inquiries/:id/assignee`,
      {
        preHandler: staff,
        schema: {
          ...schema,
          description: 'Give the inquiry to an admin or support operator, or to nobody (null).',
          params: inquiryIdParams,
          body: assignInquiryBody,
          response: { 200: envelope(adminInquiry) },
        },
      },
      async (request) =>
        ok(
          await support.assign(
            operatorCaller(request).operatorId,
            request.params.id,
            request.body.operatorId,
          ),
        ),
    );

    app.put(
      `${ADMIN_BASE}/inquiries/:id/answer`,
      {
        preHandler: staff,
        schema: {
          ...schema,
          params: inquiryIdParams,
          body: answerBody,
          response: { 200: envelope(adminInquiry) },
        },
      },
      async (request) =>
        ok(
          await support.answer(
            operatorCaller(request).operatorId,
            request.params.id,
            request.body.answer,
          ),
        ),
    );

    app.put(
      `${ADMIN_BASE}/inquiries/:id/close`,
      {
        preHandler: staff,
        schema: { ...schema, params: inquiryIdParams, response: { 200: envelope(adminInquiry) } },
      },
      async (request) =>
        ok(await support.close(operatorCaller(request).operatorId, request.params.id)),
    );

    app.get(
      `${ADMIN_BASE}/canned-replies`,
      { preHandler: staff, schema: { ...schema, response: { 200: envelope(cannedRepliesData) } } },
      async () => ok({ replies: await support.cannedReplies() }),
    );

    app.post(
      `${ADMIN_BASE}/canned-replies`,
      {
        preHandler: staff,
        schema: { ...schema, body: cannedReplyBody, response: { 200: envelope(cannedReply) } },
      },
      async (request) =>
        ok(await support.createCannedReply(operatorCaller(request).operatorId, request.body)),
    );

    app.put(
      `${ADMIN_BASE}/canned-replies/:id`,
      {
        preHandler: staff,
        schema: {
          ...schema,
          params: cannedReplyIdParams,
          body: cannedReplyBody,
          response: { 200: envelope(cannedReply) },
        },
      },
      async (request) =>
        ok(
          await support.updateCannedReply(
            operatorCaller(request).operatorId,
            request.params.id,
            request.body,
          ),
        ),
    );

    app.delete(
      `${ADMIN_BASE}/canned-replies/:id`,
      {
        preHandler: staff,
        schema: {
          ...schema,
          params: cannedReplyIdParams,
          response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
        },
      },
      async (request) => {
        await support.deleteCannedReply(operatorCaller(request).operatorId, request.params.id);
        return ok({ deleted: true as const });
      },
    );
  };
}
