import type { Redis } from '../redis';

interface Counted {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, result?: Counted) => void;

// one round trip: count, and start the window on the first hit
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }
`;

/** Fixed windows in process memory: the fallback while Redis is unreachable. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  incr(key: string, timeWindow: number): Counted {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    w.count += 1;
    return { current: w.count, ttl: w.endsAt - now };
  }
  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }
}

/**
 * The @fastify/rate-limit store: counts in Redis (shared by every instance) while it is
 * connected, in process memory while it is not, so a Redis outage loosens the limits to one
 * instance's count instead of lifting them or failing requests.
 */
export function createRateLimitStore(options: {
  redis: Redis | undefined;
  namespace: string;
  onRedisError?: (error: unknown) => void;
}) {
  const { redis, namespace } = options;
  const local = new LocalWindows();
  class Store {
    private readonly prefix: string;
    // the plugin constructs the root store with its options; children get their key prefix
    constructor(options?: unknown) {
      this.prefix = typeof options === 'string' ? options : namespace;
    }
    incr(key: string, done: Done, timeWindow: number) {
      const full = `${this.prefix}${key}`;
      if (!redis || redis.status !== 'ready') {
        done(null, local.incr(full, timeWindow));
        return;
      }
      redis.eval(INCR_SCRIPT, 1, full, String(timeWindow)).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          done(null, { current, ttl });
        },
        (error: unknown) => {
          options.onRedisError?.(error);
          done(null, local.incr(full, timeWindow));
        },
      );
    }
    // the plugin passes its merged route settings, whose routeInfo names the route (its typings
    // say RouteOptions)
    child(routeOptions: object) {
      const info = (routeOptions as { routeInfo?: { method: string; url: string } }).routeInfo;
      return new Store(`${this.prefix}${info?.method ?? ''}${info?.url ?? ''}:`);
    }
  }
  return Store;
}
