import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { isMobile, waitForApp } from './helpers';
import { horizontalOverflow } from './page-walk';

/**
 * Issue 45, the For You feed on the web: a new viewer in a Korean browser opens /foryou from the
 * main page, swipes from one drama's opening to the next (each one plays), watches two romance
 * openings and skips the rest, and a fresh page of the feed then ranks romance higher than a
 * newcomer's feed ranks the same dramas at the same moment; "continue this drama" opens the
 * player at the feed's episode and Back returns to the same item.
 */
test.use({ locale: 'ko-KR' });

interface FeedItem {
  impressionId: string;
  reason: string;
  epsd: number;
  continueEpsd: number;
  drama: { dram_id: number; ctgr_list: number[]; age_rate: string };
}

/**
 * The demo catalog shows a guest 12 dramas, and the feed leaves out what it served a viewer while
 * enough others remain. Pages of 3 (instead of the app's 10) leave dramas never served for the
 * fresh page to rank; everything else is the app's own paging.
 */
const PAGE_SIZE = 3;

/** What the app receives and sends of the feed: its pages (made small, see above), its signals. */
async function recordFeed(page: Page) {
  const feed = { pageSize: PAGE_SIZE };
  const pages: FeedItem[][] = [];
  const signals: { impressionId: string; kind: string; watchedMs?: number; status: number }[] = [];
  await page.route(/\/api\/v1\/foryou\?/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('count', String(feed.pageSize));
    const response = await route.fetch({ url: url.toString() });
    const body = (await response.json()) as { data?: { itemList?: FeedItem[] } };
    if (body.data?.itemList) pages.push(body.data.itemList);
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/v1/foryou/signals', async (route) => {
    const signal = JSON.parse(route.request().postData() ?? '{}') as (typeof signals)[number];
    const response = await route.fetch();
    signals.push({ ...signal, status: response.status() });
    await route.fulfill({ response });
  });
  return { feed, pages, signals };
}

const activeVideo = (page: Page) =>
  page.locator('[data-testid="foryou-video"][data-active="true"]');
/** The slide in view: its video, its words and its buttons. */
const activeSlide = (page: Page) =>
  page.locator('[data-index]:has([data-testid="foryou-video"][data-active="true"])');

/** The item in view, once its video plays (its time moves on). */
async function playingItem(page: Page, pages: FeedItem[][]): Promise<FeedItem> {
  const video = activeVideo(page);
  await expect(video).toHaveCount(1, { timeout: 30_000 });
  const id = await video.getAttribute('data-impression');
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(start + 0.2);
  const item = pages.flat().find((i) => i.impressionId === id);
  if (!item) throw new Error(`item ${id} is in no page the app received`);
  return item;
}

/** To the next drama: a finger's swipe on the phone, the ↓ key on the desktop. */
async function next(page: Page, from: string): Promise<void> {
  if (isMobile(page)) {
    const box = await page.getByTestId('foryou-swiper').boundingBox();
    if (!box) throw new Error('no feed slider');
    const x = box.x + box.width / 2;
    const ys = [0.85, 0.7, 0.55, 0.4, 0.25, 0.15].map((f) => box.y + box.height * f);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: y === undefined ? [] : [{ x, y }],
      });
    await touch('touchStart', ys[0]);
    for (const y of ys.slice(1)) await touch('touchMove', y);
    await touch('touchEnd');
    await cdp.detach();
  } else {
    await page.keyboard.press('ArrowDown');
  }
  await expect(activeVideo(page)).not.toHaveAttribute('data-impression', from);
}

const ROMANCE = 1;
const isRomance = (item: FeedItem) => item.drama.ctgr_list.includes(ROMANCE);

/**
 * How high romance ranks in an order of dramas: of the (romance, other) pairs, how many have the
 * romance drama first.
 */
function romancePairs(order: number[], romance: Set<number>): { ahead: number; of: number } {
  let ahead = 0;
  let of = 0;
  order.forEach((id, at) => {
    if (!romance.has(id)) return;
    for (const [other, otherId] of order.entries()) {
      if (romance.has(otherId)) continue;
      of += 1;
      if (at < other) ahead += 1;
    }
  });
  return { ahead, of };
}

/** The whole first page of a new guest's feed, in a browser of their own: its dramas in order. */
async function newcomerOrder(browser: Browser): Promise<number[]> {
  const context = await browser.newContext({ locale: 'ko-KR' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await waitForApp(page);
    const body = await page.evaluate(async () => {
      const response = await fetch('/api/v1/foryou?count=30', {
        headers: { authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
      });
      return (await response.json()) as { data: { itemList: FeedItem[] } };
    });
    return body.data.itemList.map((i) => i.drama.dram_id);
  } finally {
    await context.close();
  }
}

test('a new viewer swipes through openings, and after two romance ones the feed ranks romance higher than a newcomer’s does', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { feed, pages, signals } = await recordFeed(page);
  await page.goto('/');
  await waitForApp(page);
  // nothing watched yet: the feed's entry is the first thing under the banner
  const entry = page.getByTestId('main-foryou');
  await expect(entry).toHaveAttribute('data-place', 'first');
  await entry.click();
  await expect(page).toHaveURL(/\/foryou$/);

  let watched = 0;
  const watchedIds: string[] = [];
  const skippedIds: string[] = [];
  for (let step = 0; step < 12 && watched < 2; step++) {
    const item = await playingItem(page, pages);
    await expect(activeSlide(page).getByTestId('foryou-title')).toBeInViewport();
    if (isRomance(item)) {
      // watched for a while: its watch time goes out when the viewer moves on
      const video = activeVideo(page);
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
        .toBeGreaterThan(6);
      await expect(activeSlide(page).getByTestId('foryou-categories')).toContainText('로맨스');
      watched += 1;
      watchedIds.push(item.impressionId);
    } else {
      // anything else is swiped away at once: a skip
      skippedIds.push(item.impressionId);
    }
    await next(page, item.impressionId);
  }
  expect(watched, 'two romance openings came by').toBe(2);
  // both watch times have reached the server (and the skips theirs) before the fresh page is asked
  // for; the server took each
  await expect
    .poll(
      () =>
        watchedIds.every((id) =>
          signals.some((s) => s.impressionId === id && s.kind === 'watch' && s.status === 200),
        ),
      { message: `watch signals of ${watchedIds.join(', ')} among ${JSON.stringify(signals)}` },
    )
    .toBe(true);
  expect(signals.filter((s) => s.status !== 200)).toEqual([]);
  // each drama swiped away before its opening had played a few seconds is a skip (the feed may
  // also open with two romance dramas in a row, and then nothing was skipped)
  await expect
    .poll(() =>
      skippedIds.filter((id) => !signals.some((s) => s.impressionId === id && s.kind === 'skip')),
    )
    .toEqual([]);

  const served = new Set(pages.flat().map((i) => i.drama.dram_id));
  const romanceList = await page.evaluate(async () => {
    const response = await fetch('/api/v1/drama/list/1/50/1', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
    });
    return (await response.json()) as {
      data: { dramaList: { dram_id: number; age_rate: string }[] };
    };
  });
  const romanceLeft = romanceList.data.dramaList.filter(
    (d) => !served.has(d.dram_id) && !['18', '19'].includes(d.age_rate),
  );
  expect(romanceLeft.length, 'a romance drama is left for the fresh page').toBeGreaterThan(0);

  // a fresh page of the feed, ranked with what this viewer watched and skipped: one page holding
  // every drama the feed still has for them, so its whole order can be read
  const before = pages.length;
  feed.pageSize = 12;
  await page.reload();
  await waitForApp(page);
  const first = await playingItem(page, pages);
  const fresh = pages[before] ?? [];
  expect(first.impressionId).toBe(fresh[0]?.impressionId);

  // the same dramas as a newcomer's feed orders them now (the same popularity and freshness: the
  // rest of the suite's viewers move both), against which romance must rank higher
  const newcomer = await newcomerOrder(browser);
  const ids = fresh.map((i) => i.drama.dram_id);
  const romanceIds = new Set(fresh.filter(isRomance).map((i) => i.drama.dram_id));
  const theirs = newcomer.filter((id) => ids.includes(id));
  expect(theirs.toSorted(), 'the newcomer is offered the same dramas').toEqual(ids.toSorted());
  const mine = romancePairs(ids, romanceIds);
  const baseline = romancePairs(theirs, romanceIds);
  const shown = `this viewer's ${JSON.stringify(fresh.map((i) => [i.drama.dram_id, i.drama.ctgr_list, i.reason]))}, the newcomer's ${JSON.stringify(theirs)}, romance ${JSON.stringify([...romanceIds])}`;
  expect(romanceIds.size, shown).toBeGreaterThan(0);
  if (baseline.ahead < baseline.of) {
    // romance before more of the other dramas than for the newcomer
    expect(mine.ahead, shown).toBeGreaterThan(baseline.ahead);
  } else {
    // the newcomer already has every romance drama first: so must this viewer
    expect(mine.ahead, shown).toBe(mine.of);
  }
  await expect(activeSlide(page).getByTestId('foryou-categories')).not.toBeEmpty();
});

test('continue opens the player at its episode, Back returns to the same item; the feed reads well', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const { pages, signals } = await recordFeed(page);
  await page.goto('/foryou');
  await waitForApp(page);
  const first = await playingItem(page, pages);
  // the next one, which the feed preloaded while the first played
  await next(page, first.impressionId);
  const item = await playingItem(page, pages);

  // every word in Korean, every control named, nothing serious for axe, no sideways scrolling
  const violations = await axeViolations(page);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
  const overlay = activeSlide(page);
  await expect(overlay.getByTestId('foryou-continue')).toContainText('이 드라마 이어보기');
  await expect(overlay.getByTestId('foryou-bookmark')).toHaveAttribute('aria-pressed', 'false');
  await expect(overlay.getByTestId('foryou-share')).toHaveText('공유');
  await page.screenshot({ path: info.outputPath(`foryou-${info.project.name}.png`) });
  for (const width of [320, 390, 830, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    // the layout follows the width through matchMedia, a render after the resize
    await expect
      .poll(() => horizontalOverflow(page), { message: `overflow at ${width} px` })
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(
    isMobile(page) ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  );

  // the keyboard reaches "continue" with a visible focus and presses it
  const cont = overlay.getByTestId('foryou-continue');
  await cont.focus();
  await expect(cont).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${item.drama.dram_id}/${item.continueEpsd}$`));
  const player = page.locator('video[data-active="true"]');
  await expect(player).toHaveAttribute('data-episode', String(item.continueEpsd), {
    timeout: 30_000,
  });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.2);

  await page.goBack();
  await expect(page).toHaveURL(/\/foryou$/);
  await expect(activeVideo(page)).toHaveAttribute('data-impression', item.impressionId, {
    timeout: 30_000,
  });
  await playingItem(page, pages);
  // the tap was reported, and the server took it
  expect(signals).toContainEqual(
    expect.objectContaining({ impressionId: item.impressionId, kind: 'continue', status: 200 }),
  );
});
