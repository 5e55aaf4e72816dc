import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { Redis } from '../../redis';
import { createAdmobKeySource } from './admob-ssv';
import { createEventsRepository } from './events.repository';
import { eventsRoutes } from './events.routes';
import { createEventsService } from './events.service';

type EventsServiceDeps = Parameters<typeof createEventsService>[0];

/**
 * Missions, attendance and rewarded ads. Episodes unlocked by ads are read by wallet and playback,
 * which events itself uses: `adUnlocks` exists first, `start` builds the service once they do.
 */
export function createEventsModule(db: Db) {
  const repo = createEventsRepository(db);

  /** Episodes a viewer unlocked with rewarded ads, ascending. */
  const adUnlocks = {
    /** inside the caller's transaction when tx is given */
    unlockedEpisodes: (userId: string, dramaId: number, tx?: Tx) =>
      repo.adUnlockedEpisodes(tx ?? db, userId, dramaId),
    unlockedEpisodesPart: () => repo.adUnlockedPart(),
    /** ad unlocks in [from, until), oldest first, one row per episode (the For You taste job) */
    between: (from: Date, until: Date): Promise<{ userId: string; dramaId: number; at: Date }[]> =>
      repo.adUnlocksBetween(from, until),
  };

  function start(deps: {
    clock: Clock;
    config: Pick<Config, 'events' | 'serviceTimeZone' | 'cachePrefix'>;
    redis: Redis | undefined;
    wallet: EventsServiceDeps['wallet'];
    catalog: EventsServiceDeps['catalog'];
    watches: EventsServiceDeps['watches'];
    adLimits: EventsServiceDeps['adLimits'];
    ageGate: EventsServiceDeps['ageGate'];
    /** auth's suspensions (decision 1560) */
    standing: NonNullable<EventsServiceDeps['standing']>;
    analytics?: EventsServiceDeps['analytics'];
  }) {
    const { clock, config } = deps;
    const admobKeys = createAdmobKeySource({
      url: config.events.admobVerifierKeysUrl,
      inlineJson: config.events.admobVerifierKeys,
      clock,
    });
    const events = createEventsService({
      repo,
      clock,
      wallet: deps.wallet,
      catalog: deps.catalog,
      watches: deps.watches,
      admobKeys,
      config: config.events,
      serviceTimeZone: config.serviceTimeZone,
      redis: deps.redis,
      redisPrefix: config.cachePrefix,
      adLimits: deps.adLimits,
      ageGate: deps.ageGate,
      standing: deps.standing,
      analytics: deps.analytics,
    });
    return {
      events,
      admobKeys,
      routes: (g: RouteGuards) => eventsRoutes({ events, guards: g.viewer }),
    };
  }

  return { adUnlocks, start };
}
