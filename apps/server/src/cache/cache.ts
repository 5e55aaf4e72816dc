import type { Clock } from '../clock';
import type { Redis } from '../redis';

/**
 * A read-through cache of derived data (hot catalog lists), grouped in namespaces that are
 * invalidated as a whole. Never the source of truth: a miss recomputes from the database.
 *
 * Invalidation is by version: every namespace has a version number, entries are stored under it,
 * and invalidating bumps it. A load that started before an invalidation can therefore never
 * publish stale data under the new version.
 */
export interface Cache {
  /** The cached value of key in namespace, or load() stored for ttlSeconds on a miss. */
  getOrLoad<T>(
    namespace: string,
    key: string,
    ttlSeconds: number,
    load: () => Promise<T>,
  ): Promise<T>;
  /** Drops every entry of the given namespaces, on this instance and (with Redis) on all. */
  invalidate(...namespaces: string[]): Promise<void>;
}

/** Concurrent misses of the same key share one load (no stampede on a cold key). */
function singleFlight() {
  const pending = new Map<string, Promise<unknown>>();
  return <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const running = pending.get(key);
    if (running) return running as Promise<T>;
    const promise = run().finally(() => pending.delete(key));
    pending.set(key, promise);
    return promise;
  };
}

interface MemoryNamespace {
  version: number;
  entries: Map<string, { expiresAt: number; value: unknown }>;
}

/**
 * In-process cache for one instance. Values are shared, not copied: callers must not mutate
 * what they get. Each namespace keeps at most maxEntries (oldest written dropped first).
 */
export function createMemoryCache(options: { clock: Clock; maxEntries?: number }): Cache {
  const maxEntries = options.maxEntries ?? 2000;
  const namespaces = new Map<string, MemoryNamespace>();
  const flight = singleFlight();
  const space = (name: string): MemoryNamespace => {
    let ns = namespaces.get(name);
    if (!ns) {
      ns = { version: 0, entries: new Map() };
      namespaces.set(name, ns);
    }
    return ns;
  };

  return {
    async getOrLoad<T>(
      namespace: string,
      key: string,
      ttlSeconds: number,
      load: () => Promise<T>,
    ): Promise<T> {
      const ns = space(namespace);
      const now = options.clock.now().getTime();
      const hit = ns.entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value as T;
      const version = ns.version;
      return flight(`${namespace}\u0000${version}\u0000${key}`, async () => {
        const value = await load();
        if (ns.version === version) {
          ns.entries.delete(key);
          ns.entries.set(key, {
            expiresAt: options.clock.now().getTime() + ttlSeconds * 1000,
            value,
          });
          if (ns.entries.size > maxEntries) {
            const oldest = ns.entries.keys().next();
            if (!oldest.done) ns.entries.delete(oldest.value);
          }
        }
        return value;
      });
    },

    invalidate(...names: string[]): Promise<void> {
      for (const name of names) {
        const ns = space(name);
        ns.version += 1;
        ns.entries = new Map();
      }
      return Promise.resolve();
    },
  };
}

/**
 * The same cache, telling each lookup's result (for the metrics' hit ratio): a lookup whose load
 * ran is a miss, any other a hit.
 */
export function countLookups(cache: Cache, onLookup: (result: 'hit' | 'miss') => void): Cache {
  return {
    async getOrLoad<T>(
      namespace: string,
      key: string,
      ttlSeconds: number,
      load: () => Promise<T>,
    ): Promise<T> {
      let loaded = false;
      const value = await cache.getOrLoad(namespace, key, ttlSeconds, () => {
        loaded = true;
        return load();
      });
      onLookup(loaded ? 'miss' : 'hit');
      return value;
    },
    invalidate: (...namespaces) => cache.invalidate(...namespaces),
  };
}

// One round trip: the namespace's current version and the entry stored under it.
const GET_SCRIPT = `
local version = redis.call('GET', KEYS[1]) or '0'
return { version, redis.call('GET', ARGV[1] .. version .. ':' .. ARGV[2]) }
`;

/**
 * Cache shared by every instance through Redis. Values travel as JSON. Entries of old versions
 * are never read again and expire with their TTL.
 */
export function createRedisCache(options: { redis: Redis; prefix?: string }): Cache {
  const { redis } = options;
  const prefix = options.prefix ?? 'snapdrama:cache';
  const flight = singleFlight();
  const versionKey = (ns: string) => `${prefix}:${ns}:version`;
  const entryPrefix = (ns: string) => `${prefix}:${ns}:`;

  return {
    async getOrLoad<T>(
      namespace: string,
      key: string,
      ttlSeconds: number,
      load: () => Promise<T>,
    ): Promise<T> {
      const [version, stored] = (await redis.eval(
        GET_SCRIPT,
        1,
        versionKey(namespace),
        entryPrefix(namespace),
        key,
      )) as [string, string | null];
      if (stored !== null) return JSON.parse(stored) as T;
      return flight(`${namespace}\u0000${version}\u0000${key}`, async () => {
        const value = await load();
        await redis.set(
          `${entryPrefix(namespace)}${version}:${key}`,
          JSON.stringify(value),
          'EX',
          ttlSeconds,
        );
        return value;
      });
    },

    async invalidate(...names: string[]): Promise<void> {
      if (names.length === 0) return;
      const multi = redis.multi();
      for (const name of names) multi.incr(versionKey(name));
      await multi.exec();
    },
  };
}

/**
 * The Redis cache while Redis is connected, an in-process one while it is not: an outage makes
 * lists a little staler on other instances (until their TTL) instead of failing requests.
 * A lookup counts as a hit or miss for the metrics.
 */
export function createResilientCache(options: {
  redis: Redis;
  prefix: string;
  clock: Clock;
  onLookup?: (result: 'hit' | 'miss') => void;
  onRedisError?: (error: unknown) => void;
}): Cache {
  const shared = createRedisCache({ redis: options.redis, prefix: options.prefix });
  let local = createMemoryCache({ clock: options.clock });
  let wasReady = true;
  const ready = () => {
    const now = options.redis.status === 'ready';
    // entries kept during an earlier outage missed other instances' invalidations
    if (!now && wasReady) local = createMemoryCache({ clock: options.clock });
    wasReady = now;
    return now;
  };
  return {
    async getOrLoad<T>(
      namespace: string,
      key: string,
      ttlSeconds: number,
      load: () => Promise<T>,
    ): Promise<T> {
      let loaded: { value: T } | undefined;
      let loadFailed = false;
      const counted = async () => {
        options.onLookup?.('miss');
        try {
          const value = await load();
          loaded = { value };
          return value;
        } catch (error) {
          loadFailed = true;
          throw error;
        }
      };
      if (!ready()) {
        const value = await local.getOrLoad(namespace, key, ttlSeconds, counted);
        if (!loaded) options.onLookup?.('hit');
        return value;
      }
      try {
        const value = await shared.getOrLoad(namespace, key, ttlSeconds, counted);
        if (!loaded) options.onLookup?.('hit');
        return value;
      } catch (error) {
        if (loadFailed) throw error;
        options.onRedisError?.(error);
        if (loaded) return loaded.value;
        return local.getOrLoad(namespace, key, ttlSeconds, load);
      }
    },
    async invalidate(...namespaces: string[]): Promise<void> {
      await local.invalidate(...namespaces);
      if (!ready()) return;
      await shared.invalidate(...namespaces).catch((error: unknown) => {
        options.onRedisError?.(error);
      });
    },
  };
}
