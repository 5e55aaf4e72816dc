import type { CDPSession, Page } from '@playwright/test';

/**
 * The swipe gesture matrix (issue 46, decision 0520): drags of every duration and distance in
 * both directions on one player page, under CPU load, and which of them land on the next or
 * previous episode. Shared by the browser suite (player-gestures.spec.ts), which asserts it, and
 * the player bench, which prints it.
 */
export const MATRIX_DURATIONS_MS = [100, 200, 300, 400, 500, 600, 700, 800] as const;
export const MATRIX_SHARES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7] as const;
export type SwipeDirection = 'up' | 'down';

/**
 * What a viewer expects of a drag, written out here rather than read from the app's rule so the
 * test stands on its own: a quarter of the slide lands, whatever the duration, and so does a
 * flick (the finger still going 0.7 px/ms when it lets go); anything else settles back.
 */
export function expectedToLand(share: number, durationMs: number, slideHeight: number): boolean {
  return share >= 0.25 || (share * slideHeight) / durationMs >= 0.7;
}

export interface GestureResult {
  direction: SwipeDirection;
  share: number;
  durationMs: number;
  from: number;
  to: number;
  landed: boolean;
  expected: boolean;
}

/**
 * Moves per drag: one every 33 ms (a 30 Hz report rate) up to 12, so a long drag is not 50 CDP
 * round trips on a loaded machine; every gap stays under the 100 ms the release velocity reads.
 */
const SAMPLE_MS = 33;
const MAX_MOVES = 12;

const sleepUntil = async (at: number) => {
  const wait = at - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
};

/**
 * One straight vertical drag of `share` of the slide over `durationMs`, through CDP touch events.
 * Each event carries the time it stands for, as a touch screen stamps its samples when it senses
 * them; the events are also sent at those times, so the page receives them as late as its load
 * makes it.
 */
export async function dragVertically(
  cdp: CDPSession,
  box: { x: number; y: number; width: number; height: number },
  direction: SwipeDirection,
  share: number,
  durationMs: number,
): Promise<void> {
  const x = box.x + box.width / 2;
  const distance = share * box.height * (direction === 'up' ? -1 : 1);
  const startY = box.y + box.height * (direction === 'up' ? 0.85 : 0.15);
  const steps = Math.min(MAX_MOVES, Math.max(3, Math.round(durationMs / SAMPLE_MS)));
  const start = Date.now() + 20;
  const send = async (
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    atMs: number,
    y: number | undefined,
  ) => {
    await sleepUntil(start + atMs);
    await cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: y === undefined ? [] : [{ x, y }],
      timestamp: (start + atMs) / 1000,
    });
  };
  await send('touchStart', 0, startY);
  for (let i = 1; i <= steps; i++) {
    await send('touchMove', (durationMs * i) / steps, startY + (distance * i) / steps);
  }
  await send('touchEnd', durationMs, undefined);
}

/**
 * Keeps the page's main thread busy: 35 ms of every 50 ms in a busy loop (a page doing heavy
 * work on a slow phone), so touch handlers run late and drags arrive in bursts.
 */
export async function startCpuLoad(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __cpuLoad?: number };
    w.__cpuLoad = window.setInterval(() => {
      const end = performance.now() + 35;
      while (performance.now() < end) {
        // busy on purpose
      }
    }, 50);
  });
}

export async function stopCpuLoad(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __cpuLoad?: number };
    window.clearInterval(w.__cpuLoad);
  });
}

/**
 * Counts the touch releases the page has handled: a listener on the window runs after Swiper's on
 * the document, so once it has counted a release Swiper has started that release's transition.
 */
async function countReleases(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __releases?: number };
    if (w.__releases !== undefined) return;
    w.__releases = 0;
    window.addEventListener('touchend', () => (w.__releases = (w.__releases ?? 0) + 1));
  });
}

/**
 * The episode of the slide Swiper shows, once the page has handled `releases` touch releases and
 * the slide (or settle-back) transition is over.
 */
async function settledEpisode(page: Page, releases: number): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => {
      if (((window as unknown as { __releases?: number }).__releases ?? 0) < wanted) return;
      const active = document.querySelector<HTMLElement>('.swiper-slide-active');
      const wrapper = document.querySelector<HTMLElement>('.swiper-wrapper');
      if (!active || !wrapper) return undefined;
      const y = new DOMMatrixReadOnly(getComputedStyle(wrapper).transform).m42;
      // the wrapper rests where the active slide starts
      if (Math.abs(y + active.offsetTop) > 1) return undefined;
      return Number(active.dataset.episode);
    },
    releases,
    { timeout: 10_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Turns autoplay off before the page loads (the viewer's stored video settings): a 12 s demo
 * episode that ends moves on by itself, which would count as a swipe that landed. Call before the
 * first `goto`.
 */
export async function holdEpisodesStill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem(
      'video_settings',
      JSON.stringify({ state: { autoplay: false }, version: 1 }),
    );
  });
}

/** Brings the player back to `epsd` (by its address) when the matrix drifted to an edge. */
export type Reset = (epsd: number) => Promise<void>;

/**
 * Runs every cell of the matrix once upwards and once downwards, from an episode in the middle
 * of the free ones: an upward drag, then the same drag downwards (which brings a landed one
 * back). Returns each gesture's result.
 */
export async function runGestureMatrix(
  page: Page,
  options: {
    home: number;
    lowest: number;
    highest: number;
    reset: Reset;
    /** each drag's result as it comes (a long run shows its progress) */
    onResult?: (result: GestureResult) => void;
  },
): Promise<{ results: GestureResult[]; slideHeight: number }> {
  const swiper = page.getByTestId('player-swiper');
  const box = await swiper.boundingBox();
  if (!box) throw new Error('no swiper on the page');
  const cdp = await page.context().newCDPSession(page);
  const results: GestureResult[] = [];
  // releases the page has seen since it (re)loaded
  let releases = 0;
  try {
    await countReleases(page);
    await startCpuLoad(page);
    for (const durationMs of MATRIX_DURATIONS_MS) {
      for (const share of MATRIX_SHARES) {
        for (const direction of ['up', 'down'] as const) {
          let from = await settledEpisode(page, releases);
          if (from <= options.lowest || from >= options.highest) {
            await stopCpuLoad(page);
            await options.reset(options.home);
            releases = 0;
            await countReleases(page);
            await startCpuLoad(page);
            from = await settledEpisode(page, releases);
          }
          await dragVertically(cdp, box, direction, share, durationMs);
          releases += 1;
          const to = await settledEpisode(page, releases);
          const step = direction === 'up' ? 1 : -1;
          const result: GestureResult = {
            direction,
            share,
            durationMs,
            from,
            to,
            landed: to === from + step,
            expected: expectedToLand(share, durationMs, box.height),
          };
          results.push(result);
          options.onResult?.(result);
        }
      }
    }
  } finally {
    await stopCpuLoad(page).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
  return { results, slideHeight: box.height };
}

/** The matrix as rows of text: one row per duration, a cell per distance (↑ and ↓). */
export function formatGestureMatrix(results: readonly GestureResult[]): string[] {
  const mark = (r: GestureResult | undefined) =>
    r === undefined
      ? '?'
      : r.landed === r.expected
        ? r.landed
          ? 'L'
          : '·'
        : r.landed
          ? 'L!'
          : '·!';
  const header = ['ms \\ share', ...MATRIX_SHARES.map((s) => `${Math.round(s * 100)}% ↑↓`)];
  const rows = MATRIX_DURATIONS_MS.map((ms) => [
    String(ms),
    ...MATRIX_SHARES.map((share) => {
      const cell = (direction: SwipeDirection) =>
        mark(
          results.find(
            (r) => r.durationMs === ms && r.share === share && r.direction === direction,
          ),
        );
      return `${cell('up')} ${cell('down')}`;
    }),
  ]);
  return [header, ...rows].map((cols) => cols.map((c) => c.padEnd(9)).join(' '));
}
