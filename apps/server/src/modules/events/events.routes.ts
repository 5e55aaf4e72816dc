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
  missionBody,
  missionData,
  missionEventData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { jsonRoute } from '../../http/json-route';
import type { EventsService } from './events.service';

const GUEST = '403060 for guests (open login).';

export function eventsRoutes(deps: {
  events: EventsService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { events, guards } = deps;
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'GET',
        url: EVENT_PATHS.missionEvent,
        preHandler: guards.requireUser,
        description: `Attendance rewards and state, and the missions with the caller's counts. ${GUEST}`,
        data: missionEventData,
      },
      async (request) => events.missionEvent(caller(request)),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: EVENT_PATHS.attendance,
        preHandler: guards.requireUser,
        description:
          `Today's check-in (service day); credits that day's bonus coins once. 409060 after today's ` +
          `check-in, 409061 when cnscAtdn is not the day the server records. ${GUEST}`,
        body: attendanceBody,
        data: attendanceData,
      },
      async (request) => events.checkIn(caller(request), request.body.cnscAtdn),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: EVENT_PATHS.advertisement,
        preHandler: guards.requireUser,
        description:
          'Opens a rewarded-ad view and answers its logId, redeemable once after min_view_sec. ' +
          `429062 when too many are opened; for unlock ads 429060 in the cooldown, 429061 over the daily cap. ${GUEST}`,
        body: advertisementBody,
        data: advertisementData,
      },
      async (request) =>
        events.openAd(caller(request), request.body.advrType, request.body.advrPlatform),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: EVENT_PATHS.mission,
        preHandler: guards.requireUser,
        description:
          'Reports a mission: watch_ad with the ad view logId, watch_ep with the watch logId (counts at 90 % ' +
          'of the episode, once per episode a day), share_ep with dramId and epsd (once per episode a day), ' +
          `connect_sns. 409062 when completed, 409063 not yet complete, 409069 counted already. ${GUEST}`,
        body: missionBody,
        data: missionData,
      },
      async (request) => events.reportMission(caller(request), request.body),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: EVENT_PATHS.adUnlock,
        preHandler: guards.requireUser,
        description:
          'Unlocks the next locked episode with a watched ad (logId of an unlock ad view). 429060 in the ' +
          `180 s cooldown, 429061 over the daily cap, 409052 when not the next episode. ${GUEST}`,
        body: adUnlockBody,
        data: adUnlockData,
      },
      async (request) => events.unlockWithAd(caller(request), request.body),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: EVENT_PATHS.adConfig,
        description:
          'Ad limits and mission ad units for the web; stand_in when the local ad is accepted.',
        data: adConfigData,
      },
      async () => events.adConfig(),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: EVENT_PATHS.admobSsv,
        description:
          'AdMob server-side verification callback (signed query string). 403061 for a bad signature; ' +
          'a replayed transaction answers success and changes nothing.',
        data: z.object({ verified: z.boolean(), duplicate: z.boolean() }),
      },
      async (request) => {
        const at = request.url.indexOf('?');
        return events.admobCallback(at >= 0 ? request.url.slice(at + 1) : '');
      },
    );
  };
}
