import { describe, expect, it } from 'vitest';
import { serverCooldownLeft } from './use-ad-cooldown';

describe('server ad cooldown counted down in the browser', () => {
  it.each([
    { server: undefined, elapsed: 0, want: 0 },
    { server: { seconds: 0, receivedAt: 1000 }, elapsed: 0, want: 0 },
    { server: { seconds: 180, receivedAt: 1000 }, elapsed: 0, want: 180 },
    { server: { seconds: 180, receivedAt: 1000 }, elapsed: 999, want: 180 },
    { server: { seconds: 180, receivedAt: 1000 }, elapsed: 61_000, want: 119 },
    { server: { seconds: 30, receivedAt: 1000 }, elapsed: 45_000, want: 0 },
  ])('$server after $elapsed ms → $want s', ({ server, elapsed, want }) => {
    expect(serverCooldownLeft(server, 1000 + elapsed)).toBe(want);
  });
});
