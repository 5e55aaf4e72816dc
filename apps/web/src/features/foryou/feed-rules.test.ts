import { describe, expect, it } from 'vitest';
import type { ForYouItem } from '@snapdrama/contract';
import {
  clipLoopTo,
  feedItems,
  holdsVideo,
  restoredIndex,
  shouldFetchNextPage,
} from './feed-rules';

const item = (dramaId: number, ageRate = 'ALL', impressionId = `id-${dramaId}`) =>
  ({
    impressionId,
    drama: { dram_id: dramaId, age_rate: ageRate },
    epsd: 1,
    clipStartSeconds: 0,
    clipEndSeconds: null,
  }) as unknown as ForYouItem;

describe('shouldFetchNextPage', () => {
  it.each([
    // activeIndex, loaded, hasNext, fetching, expected
    [0, 10, true, false, false],
    [6, 10, true, false, false],
    [7, 10, true, false, true],
    [9, 10, true, false, true],
    [9, 10, false, false, false],
    [9, 10, true, true, false],
    [0, 0, true, false, true],
  ])(
    'at %i of %i (next %s, fetching %s): %s',
    (activeIndex, loaded, hasNextPage, fetching, want) => {
      expect(shouldFetchNextPage({ activeIndex, loaded, hasNextPage, fetching })).toBe(want);
    },
  );
});

describe('holdsVideo', () => {
  it('holds the one before, the one in view and the next', () => {
    expect([0, 1, 2, 3, 4, 5].filter((i) => holdsVideo(i, 2))).toEqual([1, 2, 3]);
    expect([0, 1, 2].filter((i) => holdsVideo(i, 0))).toEqual([0, 1]);
  });
});

describe('feedItems', () => {
  const adult = { isGuest: false, adult: true };
  it('keeps the order of the pages and each drama once', () => {
    const pages = [{ itemList: [item(1), item(2)] }, { itemList: [item(2, 'ALL', 'x'), item(3)] }];
    expect(feedItems(pages, adult).map((i) => i.drama.dram_id)).toEqual([1, 2, 3]);
  });
  it.each([
    [{ isGuest: true, adult: undefined }, [1]],
    [{ isGuest: false, adult: undefined }, [1]],
    [{ isGuest: false, adult: false }, [1]],
    [{ isGuest: false, adult: true }, [1, 2]],
  ])('an 19-rated drama only for a verified adult (%j)', (viewer, want) => {
    const pages = [{ itemList: [item(1, '15'), item(2, '19')] }];
    expect(feedItems(pages, viewer).map((i) => i.drama.dram_id)).toEqual(want);
  });
});

describe('restoredIndex', () => {
  const items = [item(1), item(2), item(3)];
  it('finds the item the feed was left at, else the first', () => {
    expect(restoredIndex(items, 'id-3')).toBe(2);
    expect(restoredIndex(items, 'gone')).toBe(0);
    expect(restoredIndex(items, undefined)).toBe(0);
  });
});

describe('clipLoopTo', () => {
  it('goes back to the start of an operator clip at its end, never for a whole episode', () => {
    const clip = { clipStartSeconds: 4, clipEndSeconds: 12 };
    expect(clipLoopTo(clip, 11.9)).toBeUndefined();
    expect(clipLoopTo(clip, 12)).toBe(4);
    expect(clipLoopTo({ clipStartSeconds: 0, clipEndSeconds: null }, 500)).toBeUndefined();
    expect(clipLoopTo({ clipStartSeconds: 5, clipEndSeconds: 5 }, 6)).toBeUndefined();
  });
});
