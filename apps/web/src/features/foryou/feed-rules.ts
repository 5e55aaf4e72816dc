import type { ForYouItem } from '@snapdrama/contract';
import { viewerAgeGate } from '@snapdrama/rules';

/** Items left ahead of the one on screen when the next page is asked for. */
export const FETCH_AHEAD_ITEMS = 3;

/**
 * Whether the next page should be asked for now: the viewer is within FETCH_AHEAD_ITEMS of the
 * end of what is loaded, there is a next page, and none is on its way.
 */
export function shouldFetchNextPage(state: {
  activeIndex: number;
  loaded: number;
  hasNextPage: boolean;
  fetching: boolean;
}): boolean {
  if (!state.hasNextPage || state.fetching) return false;
  return state.loaded - 1 - state.activeIndex < FETCH_AHEAD_ITEMS;
}

/** Whether a slide at `index` holds a video: the one on screen, the one before, the next. */
export function holdsVideo(index: number, activeIndex: number): boolean {
  return index >= activeIndex - 1 && index <= activeIndex + 1;
}

/**
 * The items of every page in order, each drama once (a later page may bring a drama an earlier
 * one had), and an 18/19-rated drama only for a viewer whose age check says adult (decision
 * 1490): the server leaves them out too, this keeps a stale page from showing one.
 */
export function feedItems(
  pages: readonly { itemList: readonly ForYouItem[] }[],
  viewer: { isGuest: boolean; adult: boolean | undefined },
): ForYouItem[] {
  const seen = new Set<number>();
  const items: ForYouItem[] = [];
  for (const page of pages) {
    for (const item of page.itemList) {
      if (seen.has(item.drama.dram_id)) continue;
      if (viewerAgeGate(item.drama.age_rate, viewer.isGuest, viewer.adult) !== 'open') continue;
      seen.add(item.drama.dram_id);
      items.push(item);
    }
  }
  return items;
}

/** Where the feed opens: the item it was left at (back from the player), else the first. */
export function restoredIndex(items: readonly ForYouItem[], impressionId: string | undefined) {
  if (impressionId === undefined) return 0;
  const at = items.findIndex((item) => item.impressionId === impressionId);
  return at === -1 ? 0 : at;
}

/** The clip's start again once it has reached its end (an operator's trailer clip loops). */
export function clipLoopTo(
  item: Pick<ForYouItem, 'clipStartSeconds' | 'clipEndSeconds'>,
  currentTime: number,
): number | undefined {
  const end = item.clipEndSeconds;
  if (end === null || end <= item.clipStartSeconds) return undefined;
  return currentTime >= end ? item.clipStartSeconds : undefined;
}
