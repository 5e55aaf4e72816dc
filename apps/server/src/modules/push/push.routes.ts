import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  envelope,
  pushConfigData,
  pushCounts,
  pushNativeTokenBody,
  pushOpenedBody,
  pushOpenedData,
  pushPaths,
  pushPreferencesBody,
  pushSettings,
  pushSubscribeBody,
  pushSubscriptionData,
  pushUnsubscribeBody,
  pushUnsubscribeData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { jsonRoute } from '../../http/json-route';
import { ok } from '../../http/reply';
import type { AuditService } from '../audit/audit.service';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { PushService } from './push.service';

/**
 * The viewers' push routes: subscribing needs a session (guest or member); changing choices,
 * unsubscribing and the "opened" beacon carry the subscription's own secret or send id, so the
 * notification's one-tap action and the service worker work without a session.
 */
export function pushRoutes(deps: { push: PushService; guards: Guards }): FastifyPluginAsyncZod {
  const { push, guards } = deps;
  return async (app) => {
    jsonRoute(app, { method: 'GET', url: pushPaths.config, data: pushConfigData }, async () =>
      push.config(),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: pushPaths.subscription,
        preHandler: guards.requireUser,
        body: pushSubscribeBody,
        data: pushSubscriptionData,
      },
      async (request) => push.subscribe(caller(request), request.body),
    );

    app.put(
      pushPaths.subscription,
      {
        // the token alone changes choices (the notification's own page has no session); a
        // signed-in caller also takes the device's subscription to their account
        preHandler: guards.optionalUser,
        schema: { body: pushPreferencesBody, response: { 200: envelope(pushSubscriptionData) } },
      },
      async (request) => ok(await push.updateChoices(request.body, request.auth ?? null)),
    );

    app.post(
      pushPaths.nativeToken,
      {
        preHandler: guards.requireUser,
        schema: { body: pushNativeTokenBody, response: { 200: envelope(pushSubscriptionData) } },
      },
      async (request) => ok(await push.registerNativeToken(caller(request), request.body)),
    );

    app.post(
      pushPaths.unsubscribe,
      { schema: { body: pushUnsubscribeBody, response: { 200: envelope(pushUnsubscribeData) } } },
      async (request) => ok(await push.unsubscribe(request.body.unsubscribeToken)),
    );

    app.post(
      pushPaths.opened,
      { schema: { body: pushOpenedBody, response: { 200: envelope(pushOpenedData) } } },
      async (request) => ok(await push.opened(request.body.sendId)),
    );
  };
}

/** The console's push settings and counts (admins). */
export function pushAdminRoutes(deps: {
  push: PushService;
  audit: AuditService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { push, audit } = deps;
  const adminOnly = deps.guards.requireOperator(['admin']);
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/push/settings`,
        preHandler: adminOnly,
        tags: ['admin'],
        data: pushSettings,
      },
      async () => push.settings(),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${ADMIN_BASE}/push/settings`,
        preHandler: adminOnly,
        tags: ['admin'],
        body: pushSettings,
        data: pushSettings,
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        return push.saveSettings(request.body, (tx, change) =>
          audit
            .record(tx, {
              operatorId,
              action: 'push_settings.update',
              targetType: 'push',
              targetId: 'settings',
              before: change.before,
              after: change.after,
            })
            .then(() => undefined),
        );
      },
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/push/counts`,
        preHandler: adminOnly,
        tags: ['admin'],
        data: pushCounts,
      },
      async () => push.counts(),
    );
  };
}
