import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EVENT_PATHS,
  adConfigData,
  adUnlockBody,
  adUnlockData,
  advertisementBody,
  advertisementData,
  attendanceBody,
  attendanceData,
  envelope,
  missionBody,
  missionData,
  missionEventData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { EventsService } from './events.service';

const GUEST = '403060 for guests (open login).';

export function eventsRoutes(deps: {
  events: EventsService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { events, guards } = deps;
  return async (app) => {
    app.get(
      EVENT_PATHS.missionEvent,
      {
        preHandler: guards.requireUser,
        schema: {
          description: `Attendance rewards and state, and the missions with the caller's counts. ${GUEST}`,
          response: { 200: envelope(missionEventData) },
        },
      },
      async (request) => ok(await events.missionEvent(caller(request))),
    );

    app.post(
      EVENT_PATHS.attendance,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            `Today's check-in (service day); credits that day's bonus coins once. 409060 after today's ` +
            `check-in, 409061 when cnscAtdn is not the day the server records. ${GUEST}`,
          body: attendanceBody,
          response: { 200: envelope(attendanceData) },
        },
      },
      async (request) => ok(await events.checkIn(caller(request), request.body.cnscAtdn)),
    );

    app.post(
      EVENT_PATHS.advertisement,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Opens a rewarded-ad view and answers its logId, redeemable once after min_view_sec. ' +
            `429062 when too many are opened; for unlock ads 429060 in the cooldown, 429061 over the daily cap. ${GUEST}`,
          body: advertisementBody,
          response: { 200: envelope(advertisementData) },
        },
      },
      async (request) =>
        ok(await events.openAd(caller(request), request.body.advrType, request.body.advrPlatform)),
    );

    app.post(
      EVENT_PATHS.mission,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Reports a mission: watch_ad with the ad view logId, watch_ep with the watch logId (counts at 90 % ' +
            'of the episode, once per episode a day), share_ep with dramId and epsd (once per episode a day), ' +
            `connect_sns. 409062 when completed, 409063 not yet complete, 409069 counted already. ${GUEST}`,
          body: missionBody,
          response: { 200: envelope(missionData) },
        },
      },
      async (request) => ok(await events.reportMission(caller(request), request.body)),
    );

    app.post(
      EVENT_PATHS.adUnlock,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Unlocks the next locked episode with a watched ad (logId of an unlock ad view). 429060 in the ' +
            `180 s cooldown, 429061 over the daily cap, 409052 when not the next episode. ${GUEST}`,
          body: adUnlockBody,
          response: { 200: envelope(adUnlockData) },
        },
      },
      async (request) => ok(await events.unlockWithAd(caller(request), request.body)),
    );

    app.get(
      EVENT_PATHS.adConfig,
      {
        schema: {
          description:
            'Ad limits and mission ad units for the web; stand_in when the local ad is accepted.',
          response: { 200: envelope(adConfigData) },
        },
      },
      async () => ok(await events.adConfig()),
    );

    app.get(
      EVENT_PATHS.admobSsv,
      {
        schema: {
          description:
            'AdMob server-side verification callback (signed query string). 403061 for a bad signature; ' +
            'a replayed transaction answers success and changes nothing.',
          response: {
            200: envelope(z.object({ verified: z.boolean(), duplicate: z.boolean() })),
          },
        },
      },
      async (request) => {
        const at = request.url.indexOf('?');
        return ok(await events.admobCallback(at >= 0 ? request.url.slice(at + 1) : ''));
      },
    );
  };
}
