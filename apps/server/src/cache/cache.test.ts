import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { openRedis } from '../redis';
import { createMemoryCache, createRedisCache, type Cache } from './cache';
import { servicesPresent } from '../test/services';

/** The behaviour both implementations share. */
function cacheContract(name: string, make: () => { cache: Cache; clock?: ManualClock }) {
  describe(name, () => {
    it('loads once, then serves the stored value', async () => {
      const { cache } = make();
      let loads = 0;
      const load = () => Promise.resolve({ n: ++loads });
      expect(await cache.getOrLoad('lists', 'a', 60, load)).toEqual({ n: 1 });
      expect(await cache.getOrLoad('lists', 'a', 60, load)).toEqual({ n: 1 });
      expect(await cache.getOrLoad('lists', 'b', 60, load)).toEqual({ n: 2 });
      expect(loads).toBe(2);
    });

    it('invalidating a namespace drops its entries and leaves the others', async () => {
      const { cache } = make();
      let loads = 0;
      const load = () => Promise.resolve(++loads);
      await cache.getOrLoad('lists', 'a', 60, load);
      await cache.getOrLoad('popular', 'a', 60, load);
      await cache.invalidate('lists');
      expect(await cache.getOrLoad('lists', 'a', 60, load)).toBe(3);
      expect(await cache.getOrLoad('popular', 'a', 60, load)).toBe(2);
    });

    it('a load that began before an invalidation does not publish its stale value', async () => {
      const { cache } = make();
      let release: (v: string) => void = () => undefined;
      // the load starts after the cache's own lookup (a Redis round trip): wait for it to start,
      // not for a fixed time, or a slow lookup leaves `release` unset and the load never ends
      let started: () => void = () => undefined;
      const loadStarted = new Promise<void>((r) => (started = r));
      const slow = cache.getOrLoad('lists', 'k', 60, () => {
        started();
        return new Promise<string>((r) => (release = r));
      });
      await loadStarted;
      await cache.invalidate('lists');
      release('stale');
      expect(await slow).toBe('stale');
      expect(await cache.getOrLoad('lists', 'k', 60, () => Promise.resolve('fresh'))).toBe('fresh');
    });

    it('concurrent misses of one key share a single load', async () => {
      const { cache } = make();
      let loads = 0;
      const load = async () => {
        loads++;
        await new Promise((r) => setTimeout(r, 20));
        return 'v';
      };
      const results = await Promise.all(
        Array.from({ length: 8 }, () => cache.getOrLoad('lists', 'x', 60, load)),
      );
      expect(results).toEqual(Array(8).fill('v'));
      expect(loads).toBe(1);
    });

    it('a failed load is not cached', async () => {
      const { cache } = make();
      await expect(
        cache.getOrLoad('lists', 'f', 60, () => Promise.reject(new Error('db down'))),
      ).rejects.toThrow('db down');
      expect(await cache.getOrLoad('lists', 'f', 60, () => Promise.resolve(1))).toBe(1);
    });
  });
}

cacheContract('memory cache', () => {
  const clock = new ManualClock();
  return { cache: createMemoryCache({ clock }), clock };
});

describe('memory cache expiry and bounds', () => {
  it('entries expire after their TTL on the injected clock', async () => {
    const clock = new ManualClock();
    const cache = createMemoryCache({ clock });
    let loads = 0;
    await cache.getOrLoad('lists', 'a', 30, () => Promise.resolve(++loads));
    clock.advance(29_000);
    expect(await cache.getOrLoad('lists', 'a', 30, () => Promise.resolve(++loads))).toBe(1);
    clock.advance(2_000);
    expect(await cache.getOrLoad('lists', 'a', 30, () => Promise.resolve(++loads))).toBe(2);
  });

  it('keeps at most maxEntries per namespace, dropping the oldest', async () => {
    const cache = createMemoryCache({ clock: new ManualClock(), maxEntries: 2 });
    let loads = 0;
    for (const key of ['a', 'b', 'c'])
      await cache.getOrLoad('s', key, 60, () => Promise.resolve(++loads));
    expect(await cache.getOrLoad('s', 'c', 60, () => Promise.resolve(++loads))).toBe(3);
    expect(await cache.getOrLoad('s', 'a', 60, () => Promise.resolve(++loads))).toBe(4);
  });
});

const redisUrl = process.env.REDIS_URL;
describe.runIf(servicesPresent('redis'))('redis cache (REDIS_URL)', () => {
  const clients: ReturnType<typeof openRedis>[] = [];
  afterAll(() => clients.forEach((c) => c.disconnect()));
  const prefix = `test:${randomUUID()}`;
  const connect = () => {
    const client = openRedis(redisUrl ?? '');
    clients.push(client);
    return client;
  };

  cacheContract('redis cache', () => ({
    cache: createRedisCache({ redis: connect(), prefix: `${prefix}:${randomUUID()}` }),
  }));

  it('an invalidation on one instance is seen by another', async () => {
    const shared = `${prefix}:shared`;
    const a = createRedisCache({ redis: connect(), prefix: shared });
    const b = createRedisCache({ redis: connect(), prefix: shared });
    expect(await a.getOrLoad('lists', 'k', 60, () => Promise.resolve('one'))).toBe('one');
    expect(await b.getOrLoad('lists', 'k', 60, () => Promise.resolve('never'))).toBe('one');
    await b.invalidate('lists');
    expect(await a.getOrLoad('lists', 'k', 60, () => Promise.resolve('two'))).toBe('two');
  });

  it('stores entries with a TTL', async () => {
    const redis = connect();
    const p = `${prefix}:ttl`;
    const cache = createRedisCache({ redis, prefix: p });
    await cache.getOrLoad('lists', 'k', 42, () => Promise.resolve(1));
    const ttl = await redis.ttl(`${p}:lists:0:k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(42);
  });
});
