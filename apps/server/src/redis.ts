import { Redis } from 'ioredis';

/** The shared Redis client, when REDIS_URL is set. Never the source of truth for money. */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
    lazyConnect: false,
  });
}

export type { Redis };

/** Logs a change of Redis reachability once, not per failed command. */
export function watchRedis(
  redis: Redis | undefined,
  onChange: (down: boolean) => void,
): {
  useLogger: (log: { warn(o: object, m: string): void; info(m: string): void }) => void;
  failed: (error: unknown) => void;
  isDown: () => boolean;
} {
  let log: { warn(o: object, m: string): void; info(m: string): void } | undefined;
  let down = false;
  const mark = (isDown: boolean, error?: unknown) => {
    if (isDown === down) return;
    down = isDown;
    onChange(isDown);
    if (isDown) {
      log?.warn(
        { err: error },
        'Redis unreachable: caches and rate limits fall back to this instance',
      );
    } else log?.info('Redis reachable again: caches and rate limits are shared');
  };
  redis?.on('error', (error: unknown) => mark(true, error));
  redis?.on('end', () => mark(true));
  redis?.on('ready', () => mark(false));
  return {
    useLogger: (l) => (log = l),
    failed: (error: unknown) => mark(true, error),
    isDown: () => Boolean(redis) && (down || redis?.status !== 'ready'),
  };
}
