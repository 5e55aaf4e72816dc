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
  inboxData,
  inboxQuery,
  inquiryIdParams,
} from '@snapdrama/contract';
import { z } from 'zod';
import { jsonRoute } from '../../http/json-route';
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
  const tags = ['admin'];
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/inquiries`,
        preHandler: staff,
        tags,
        querystring: inboxQuery,
        data: inboxData,
      },
      async (request) => support.inbox(request.query),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/inquiries/assignees`,
        preHandler: staff,
        tags,
        data: assigneesData,
      },
      async () => ({ operators: await support.assignees() }),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${ADMIN_BASE}/inquiries/:id/assignee`,
        preHandler: staff,
        tags,
        description: 'Give the inquiry to an admin or support operator, or to nobody (null).',
        params: inquiryIdParams,
        body: assignInquiryBody,
        data: adminInquiry,
      },
      async (request) =>
        support.assign(
          operatorCaller(request).operatorId,
          request.params.id,
          request.body.operatorId,
        ),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${ADMIN_BASE}/inquiries/:id/answer`,
        preHandler: staff,
        tags,
        params: inquiryIdParams,
        body: answerBody,
        data: adminInquiry,
      },
      async (request) =>
        support.answer(operatorCaller(request).operatorId, request.params.id, request.body.answer),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${ADMIN_BASE}/inquiries/:id/close`,
        preHandler: staff,
        tags,
        params: inquiryIdParams,
        data: adminInquiry,
      },
      async (request) => support.close(operatorCaller(request).operatorId, request.params.id),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/canned-replies`,
        preHandler: staff,
        tags,
        data: cannedRepliesData,
      },
      async () => ({ replies: await support.cannedReplies() }),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: `${ADMIN_BASE}/canned-replies`,
        preHandler: staff,
        tags,
        body: cannedReplyBody,
        data: cannedReply,
      },
      async (request) =>
        support.createCannedReply(operatorCaller(request).operatorId, request.body),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${ADMIN_BASE}/canned-replies/:id`,
        preHandler: staff,
        tags,
        params: cannedReplyIdParams,
        body: cannedReplyBody,
        data: cannedReply,
      },
      async (request) =>
        support.updateCannedReply(
          operatorCaller(request).operatorId,
          request.params.id,
          request.body,
        ),
    );

    jsonRoute(
      app,
      {
        method: 'DELETE',
        url: `${ADMIN_BASE}/canned-replies/:id`,
        preHandler: staff,
        tags,
        params: cannedReplyIdParams,
        data: z.object({ deleted: z.literal(true) }),
      },
      async (request) => {
        await support.deleteCannedReply(operatorCaller(request).operatorId, request.params.id);
        return { deleted: true as const };
      },
    );
  };
}
