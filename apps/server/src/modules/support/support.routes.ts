import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  inquiryBody,
  inquiryData,
  myInquiriesData,
  readAnswersBody,
  unreadAnswersData,
  type Language,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { AuthService } from '../auth/auth.service';
import type { SupportService } from './support.service';

export function supportRoutes(deps: {
  support: SupportService;
  auth: AuthService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/user/qna',
      {
        preHandler: deps.guards.requireUser,
        schema: { body: inquiryBody, response: { 200: envelope(inquiryData) } },
      },
      async (request) => {
        const { userId } = caller(request);
        const user = await deps.auth.getUser(userId);
        const qnaId = await deps.support.registerInquiry(
          userId,
          request.body.cnts,
          user.lang as Language,
        );
        return ok({ qnaId });
      },
    );

    // "my inquiries": the caller's inquiries and the operators' answers
    app.get(
      '/user/qna',
      {
        preHandler: deps.guards.requireUser,
        schema: { response: { 200: envelope(myInquiriesData) } },
      },
      async (request) => ok({ qnaList: await deps.support.myInquiries(caller(request).userId) }),
    );

    // the badge: answers the caller has not opened yet
    app.get(
      '/user/qna/unread',
      {
        preHandler: deps.guards.requireUser,
        schema: { response: { 200: envelope(unreadAnswersData) } },
      },
      async (request) =>
        ok({ unreadCount: await deps.support.unreadAnswers(caller(request).userId) }),
    );

    // the caller opened these answers (all of theirs without ids): the badge clears
    app.put(
      '/user/qna/read',
      {
        preHandler: deps.guards.requireUser,
        schema: { body: readAnswersBody, response: { 200: envelope(unreadAnswersData) } },
      },
      async (request) => {
        const { userId } = caller(request);
        await deps.support.markAnswersRead(userId, request.body.qnaIds);
        return ok({ unreadCount: await deps.support.unreadAnswers(userId) });
      },
    );
  };
}
