import { describe, expect, it } from 'vitest';
import { rewardedAdUnits } from './ad-units';
import { runSlotChain, type SlotOutcome } from './slot-chain';

const slots = ['/1/a', '/1/b', '/1/c', '/1/d', '/1/e'];

function fakeSlots(outcomes: SlotOutcome[]) {
  const tried: string[] = [];
  const show = (slot: string, index: number) => {
    tried.push(slot);
    return Promise.resolve(outcomes[index] ?? 'empty');
  };
  return { tried, show };
}

describe('rewarded slot chain (spec §4: next slot when empty, no stock when all are)', () => {
  it.each([
    { outcomes: ['granted'], want: 'granted', tried: 1 },
    { outcomes: ['canceled'], want: 'canceled', tried: 1 },
    { outcomes: ['empty', 'granted'], want: 'granted', tried: 2 },
    { outcomes: ['empty', 'empty', 'empty', 'canceled'], want: 'canceled', tried: 4 },
    { outcomes: ['empty', 'empty', 'empty', 'empty', 'granted'], want: 'granted', tried: 5 },
    { outcomes: ['empty', 'empty', 'empty', 'empty', 'empty'], want: 'no-fill', tried: 5 },
  ] as const)('$outcomes → $want after $tried slots', async ({ outcomes, want, tried }) => {
    const fake = fakeSlots([...outcomes]);
    await expect(runSlotChain(slots, fake.show)).resolves.toBe(want);
    expect(fake.tried).toEqual(slots.slice(0, tried));
  });

  it('has no fill without slots', async () => {
    await expect(runSlotChain([], () => Promise.resolve('granted'))).resolves.toBe('no-fill');
  });
});

describe('ad units of a tag', () => {
  it.each([
    { tag: null, want: [] },
    { tag: '', want: [] },
    { tag: 'demo-web-night-shift', want: [] },
    { tag: '/1234/rewarded', want: ['/1234/rewarded'] },
    { tag: '/1234/a, /1234/b /1234/a', want: ['/1234/a', '/1234/b'] },
    {
      tag: 'x,/99/r/1,/99/r/2,/99/r/3,/99/r/4,/99/r/5,/99/r/6',
      want: ['/99/r/1', '/99/r/2', '/99/r/3', '/99/r/4', '/99/r/5'],
    },
    { tag: ['/1/m1', 'nope', '/1/m2'], want: ['/1/m1', '/1/m2'] },
  ])('$tag → $want', ({ tag, want }) => {
    expect(rewardedAdUnits(tag)).toEqual(want);
  });
});
