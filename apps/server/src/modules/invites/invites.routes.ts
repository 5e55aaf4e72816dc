import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  adminInvite,
  adminInviteList,
  envelope,
  inviteCodeParams,
  inviteCounts,
  inviteDecisionBody,
  inviteIdParams,
  inviteOfferData,
  inviteSettings,
  myInviteData,
  userIdParams,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { InvitesService } from './invites.service';

/** A member's own invite, and the public offer a link opens. */
export function invitesRoutes(deps: {
  invites: InvitesService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { invites, guards } = deps;
  return async (app) => {
    app.get(
      '/invite/me',
      {
        preHandler: guards.requireUser,
        schema: {
          description: "The member's invite code, link path, friends joined and rewarded.",
          response: { 200: envelope(myInviteData) },
        },
      },
      async (request) => ok(await invites.myInvite(caller(request))),
    );

    app.get(
      '/invite/offer/:invtCd',
      {
        schema: {
          description: 'What a friend invited with this code gets (404170: no such code).',
          params: inviteCodeParams,
          response: { 200: envelope(inviteOfferData) },
        },
      },
      async (request) => ok(await invites.offer(request.params.invtCd)),
    );
  };
}

/** The console's invites: settings (admins), held rewards and a member's invites (staff). */
export function invitesAdminRoutes(deps: {
  invites: InvitesService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { invites } = deps;
  const admins = deps.guards.requireOperator(['admin']);
  const staff = deps.guards.requireOperator(['admin', 'support']);
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/invites/settings`,
      {
        preHandler: staff,
        schema: { tags: ['admin'], response: { 200: envelope(inviteSettings) } },
      },
      async () => ok(await invites.settings()),
    );

    app.put(
      `${ADMIN_BASE}/invites/settings`,
      {
        preHandler: admins,
        schema: {
          tags: ['admin'],
          description: 'Invite amounts, caps, qualifying event and on/off; audited.',
          body: inviteSettings,
          response: { 200: envelope(inviteSettings) },
        },
      },
      async (request) =>
        ok(await invites.setSettings(operatorCaller(request).operatorId, request.body)),
    );

    app.get(
      `${ADMIN_BASE}/invites/held`,
      {
        preHandler: staff,
        schema: { tags: ['admin'], response: { 200: envelope(adminInviteList) } },
      },
      async () => ok({ invites: await invites.held() }),
    );

    app.get(
      `${ADMIN_BASE}/invites/counts`,
      {
        preHandler: staff,
        schema: { tags: ['admin'], response: { 200: envelope(inviteCounts) } },
      },
      async () => ok(await invites.counts()),
    );

    app.get(
      `${ADMIN_BASE}/viewers/:userId/invites`,
      {
        preHandler: staff,
        schema: {
          tags: ['admin'],
          description: 'Invites of a member, as inviter or as invitee, newest first.',
          params: userIdParams,
          response: { 200: envelope(adminInviteList) },
        },
      },
      async (request) => ok({ invites: await invites.ofMember(request.params.userId) }),
    );

    for (const verb of ['release', 'reject'] as const) {
      app.post(
        `${ADMIN_BASE}/invites/:inviteId/${verb}`,
        {
          preHandler: admins,
          schema: {
            tags: ['admin'],
            description:
              verb === 'release'
                ? 'Release a held invite reward: both sides are credited once; audited.'
                : 'Reject a held invite reward: nobody is credited; audited.',
            params: inviteIdParams,
            body: inviteDecisionBody,
            response: { 200: envelope(adminInvite) },
          },
        },
        async (request) =>
          ok(
            await invites[verb](
              operatorCaller(request).operatorId,
              request.params.inviteId,
              request.body.reason,
            ),
          ),
      );
    }
  };
}
