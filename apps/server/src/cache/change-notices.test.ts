import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openRedis, type Redis } from '../redis';
import { createChangeNotices, type ChangeNotices } from './change-notices';
import { servicesPresent } from '../test/services';

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
};

describe.runIf(servicesPresent('redis'))('change notices through Redis', () => {
  const clients: Redis[] = [];
  const notices: ChangeNotices[] = [];
  afterAll(async () => {
    for (const n of notices) await n.close();
    for (const c of clients) c.disconnect();
  });
  const instance = async (channel: string) => {
    const redis = openRedis(process.env.REDIS_URL ?? '');
    clients.push(redis);
    await until(() => redis.status === 'ready');
    const n = createChangeNotices({ redis, channel });
    notices.push(n);
    return n;
  };

  it('reach the other instances of the channel, not the sender nor another channel', async () => {
    const channel = `test:${randomUUID()}:changes`;
    const [a, b, other] = [
      await instance(channel),
      await instance(channel),
      await instance(`${channel}:other`),
    ];
    const heard: string[] = [];
    a.subscribe('catalog', () => heard.push('a catalog'));
    b.subscribe('catalog', () => heard.push('b catalog'));
    b.subscribe('dictionary', () => heard.push('b dictionary'));
    other.subscribe('catalog', () => heard.push('other catalog'));
    for (const n of [a, b, other]) await n.listening(5000);
    await a.publish('catalog');
    await until(() => heard.length > 0);
    await new Promise((r) => setTimeout(r, 100)); // nothing else arrives
    expect(heard).toEqual(['b catalog']);
  });
});

describe('change notices without Redis', () => {
  it('publishing is a no-op (one process keeps its memory itself)', async () => {
    const n = createChangeNotices({ channel: 'none' });
    let heard = 0;
    n.subscribe('catalog', () => (heard += 1));
    await n.publish('catalog');
    expect(heard).toBe(0);
    await n.close();
  });
});
