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
