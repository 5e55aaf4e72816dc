import type { Agent } from 'node:https';
import type { Language } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { AuditService } from '../audit/audit.service';
import {
  createNativePushStandIn,
  createWebPushSender,
  type NativePushSender,
} from './push-senders';
import { createApnsSender, createFcmSender, nativePushSender } from './push-native';
import { createPushRepository } from './push.repository';
import { pushAdminRoutes, pushRoutes } from './push.routes';
import { createPushService } from './push.service';

type PushDeps = Parameters<typeof createPushService>[0];

/**
 * Push reminders (issue 42 item 3, decision 1520): Web Push to browsers, FCM/APNs to the app
 * wrapper (push-native.ts where configured, else the stand-in), the send job on the queue table.
 */
export function createPushModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'push' | 'serviceTimeZone'>;
  i18n: { textsOf<K extends string>(lang: Language, keys: K[]): Promise<Record<K, string>> };
  bookmarks: PushDeps['bookmarks'];
  catalog: { pricing(dramaId: number): Promise<{ titleKey: string }> };
  wallet: {
    coinExpiry: PushDeps['coinExpiry'];
  };
  events: { attendanceDays: PushDeps['attendanceDays'] };
  /** tests: an agent that trusts a local push service's certificate */
  webPushAgent?: Agent;
  nativePush?: NativePushSender;
}) {
  const { vapid, fcm, apns } = deps.config.push;
  const nativeStandIn = createNativePushStandIn();
  // FCM and APNs where configured; a platform without its service goes to the stand-in
  const native = nativePushSender(
    {
      ...(fcm ? { fcm: createFcmSender(fcm) } : {}),
      ...(apns ? { apns: createApnsSender(apns) } : {}),
    },
    nativeStandIn.sender,
  );
  const push = createPushService({
    repo: createPushRepository(deps.db),
    clock: deps.clock,
    serviceTimeZone: deps.config.serviceTimeZone,
    vapidPublicKey: vapid?.publicKey,
    webPush: vapid ? createWebPushSender(vapid, deps.webPushAgent) : undefined,
    nativePush: deps.nativePush ?? native,
    texts: (lang, keys) => deps.i18n.textsOf(lang, keys),
    bookmarks: deps.bookmarks,
    dramaTitleKey: async (dramaId) => (await deps.catalog.pricing(dramaId)).titleKey,
    coinExpiry: (caller) => deps.wallet.coinExpiry(caller),
    attendanceDays: (userId) => deps.events.attendanceDays(userId),
  });
  return {
    push,
    /** the FCM/APNs stand-in (what it was asked to deliver), when no real adapter is given */
    nativePushStandIn: nativeStandIn,
    routes: (g: RouteGuards) => pushRoutes({ push, guards: g.viewer }),
    adminRoutes: (g: RouteGuards, audit: AuditService) =>
      pushAdminRoutes({ push, audit, guards: g.operator }),
  };
}
