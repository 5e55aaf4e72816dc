import { randomUUID } from 'node:crypto';
import type { Redis } from '../redis';

/**
 * Notices that derived data changed ("catalog", "dictionary"), for what each instance keeps in its
 * own memory (the dictionary of every language, the search planner's sample). The shared cache
 * needs none: its versions live in Redis. A notice reaches the other instances through Redis
 * pub/sub; the instance that changed something has already dropped its own copy.
 *
 * Pub/sub delivers to connected subscribers only: an instance cut off from Redis misses notices,
 * so the memory it keeps must still expire by age (it does: 60 s and 10 minutes).
 */
export interface ChangeNotices {
  /** tells every other instance that `topic` changed */
  publish(topic: string): Promise<void>;
  /** calls listener when another instance publishes `topic` */
  subscribe(topic: string, listener: () => void): void;
  /**
   * Settles once this instance hears notices (its subscription is confirmed), or after `waitMs`
   * when Redis doesn't answer: a server waits for it before it takes requests, so a change made
   * right after it started is not missed (what it keeps in memory would otherwise live to its TTL).
   */
  listening(waitMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function createChangeNotices(options: {
  redis?: Redis;
  /** the pub/sub channel: environments sharing a Redis use different prefixes */
  channel: string;
  onRedisError?: (error: unknown) => void;
}): ChangeNotices {
  const listeners = new Map<string, (() => void)[]>();
  const self = randomUUID();
  const { redis, channel } = options;
  // a connection in subscriber mode can do nothing else
  const subscriber = redis?.duplicate();
  if (subscriber) {
    // it reconnects and subscribes again by itself; the main client reports outages
    subscriber.on('error', () => undefined);
    subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      const [sender, topic] = message.split(' ');
      if (sender === self || !topic) return;
      for (const listener of listeners.get(topic) ?? []) listener();
    });
  }
  const subscribed = subscriber
    ? subscriber.subscribe(channel).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
  return {
    async publish(topic) {
      if (redis?.status !== 'ready') return;
      await redis.publish(channel, `${self} ${topic}`).catch((error: unknown) => {
        options.onRedisError?.(error);
      });
    },
    subscribe(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    async listening(waitMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
        timer.unref();
      });
      await Promise.race([subscribed, late]);
      clearTimeout(timer);
    },
    async close() {
      if (!subscriber) return;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
