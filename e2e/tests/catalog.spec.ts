import { expect, test, type Page } from '@playwright/test';
import { isMobile, waitForApp } from './helpers';

async function openHome(page: Page) {
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('banner')).toBeVisible();
}

test("the main page's HTML paints the banner's first slide where the app draws it", async ({
  page,
}) => {
  // the HTML alone: no script runs
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  const slide = page.locator('#first-screen.banner img');
  await expect(slide).toBeVisible();
  await expect
    .poll(() => slide.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const painted = await page.locator('#first-screen').boundingBox();
  // the phone's vertical poster, the wider screen's horizontal one (the app's own choice), of one
  // of the latest dramas (another test may publish a newer one at any time)
  const chosen = await slide.evaluate((img: HTMLImageElement) => img.currentSrc);
  const latest = (await (await page.request.get('/api/v1/drama/latest/list/10/1')).json()) as {
    data: { dramaList: { pstr_vrtc_path: string; pstr_hrzt_path: string }[] };
  };
  const path = (poster: string) => new URL(poster, chosen).pathname;
  const drama = latest.data.dramaList.find((d) =>
    [d.pstr_vrtc_path, d.pstr_hrzt_path].map(path).includes(path(chosen)),
  );
  if (!drama) throw new Error(`${chosen} is none of the latest dramas' posters`);
  // vertical below a tablet's 600 px (BANNER_MOBILE_QUERY)
  const phone = (page.viewportSize()?.width ?? 1280) < 600;
  expect(path(chosen)).toBe(path(phone ? drama.pstr_vrtc_path : drama.pstr_hrzt_path));

  // with the app: the same place, the same poster, and the painted slide gone once it is drawn
  await page.unroute('**/assets/*.js');
  await page.reload();
  const banner = page.getByTestId('banner');
  await expect(banner).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  expect(await banner.boundingBox()).toEqual(painted);
  const shown = banner.getByTestId('banner-slide').first().locator('img');
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(chosen);
  // taps reach the app's banner while both are there (the painted slide lets them through)
  expect(
    await page.evaluate(() => {
      const screen = document.createElement('div');
      screen.id = 'first-screen';
      screen.className = 'banner';
      document.body.prepend(screen);
      const box = screen.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      screen.remove();
      return hit?.closest('[data-testid="banner"]') !== null;
    }),
  ).toBe(true);
});

test('the banner advances by itself', async ({ page }) => {
  await openHome(page);
  const banner = page.getByTestId('banner');
  const first = await banner.getAttribute('data-index');
  // auto-advance every 2000 ms, 500 ms transition
  await expect.poll(() => banner.getAttribute('data-index'), { timeout: 6_000 }).not.toBe(first);
});

test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test("the banner sets each title over the art in the reader's language, whole at 320 to 1920 px; a tablet's first screen shows rows", async ({
    page,
  }) => {
    await openHome(page);
    // the art carries no words (issue 47 item 5): the title is text from the dictionary
    const titles = page.getByTestId('banner-title');
    await expect(titles.first()).toHaveText(/[\uAC00-\uD7A3]/);
    for (const title of await titles.allTextContents()) expect(title).toMatch(/[\uAC00-\uD7A3]/);
    await expect(page.getByTestId('banner-slide').first().locator('img')).toHaveAttribute(
      'alt',
      '',
    );
    const current = page.locator('[data-testid="banner-slide"][aria-hidden="false"]');
    await expect(current).toHaveAccessibleName(/[\uAC00-\uD7A3]/);
    const sizes = [
      [320, 900],
      [390, 900],
      // tablets, upright and on their side
      [600, 960],
      [768, 1024],
      [820, 1180],
      [829, 900],
      [830, 900],
      [1024, 768],
      [1280, 900],
      [1920, 900],
    ] as const;
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      // no overflow; polled: crossing 830 px, the other layout's header is drawn once React heard
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
      if (width >= 600 && width <= 1024) {
        // a tablet's first screen shows rows under a shorter banner (issue 46): the first row's
        // title and the top of its posters
        await page.evaluate(() => window.scrollTo(0, 0));
        const poster = page.getByTestId('row-popular').getByTestId('slider-row').locator('img');
        const box = await poster.first().boundingBox();
        expect(box, `no row at ${width}x${height}`).not.toBeNull();
        expect(box?.y ?? height, `the first row under the fold at ${width}x${height}`).toBeLessThan(
          height - 120,
        );
      }
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="banner-title"] > span')].flatMap((el) => {
          const slide = el.closest('a')?.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const whole =
            el.scrollHeight <= el.clientHeight + 1 &&
            el.scrollWidth <= el.clientWidth + 1 &&
            slide !== undefined &&
            box.width <= slide.width &&
            box.bottom - slide.top <= slide.height;
          return whole ? [] : [el.textContent];
        }),
      );
      expect(cut, `titles cut at ${width} px`).toEqual([]);
    }
  });
});

test('dragging a slider row scrolls it without opening a drama; a short drag still opens one', async ({
  page,
}) => {
  await openHome(page);
  const row = page.getByTestId('row-popular').getByTestId('slider-row');
  const card = row.getByTestId('drama-card').nth(1);
  await expect(card).toBeVisible();
  // the mouse acts inside the window: the row may start below the fold (the For You card above it)
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  if (!box) throw new Error('no card box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 30, y, { steps: 5 });
  await page.mouse.move(x - 80, y, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/);
  expect(await row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(30);

  const again = await card.boundingBox();
  if (!again) throw new Error('no card box');
  const id = await card.getAttribute('data-drama-id');
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 3);
  await page.mouse.down();
  await page.mouse.move(again.x + again.width / 2 + 3, again.y + again.height / 3, { steps: 2 });
  await page.mouse.up();
  await expect(page).toHaveURL(new RegExp(`/${id}(/\\d+)?$`));
});

test('category browsing reaches "All contents loaded" (pages on desktop, infinite scroll on mobile)', async ({
  page,
}) => {
  await page.goto('/category');
  await waitForApp(page);
  const chips = page.getByTestId('category-chips');
  await expect(chips.getByTestId('category-chip').first()).toHaveText(/all/i);
  // the categories and the pads that fill the last row of six, once the list has loaded (read
  // in one go: between two counts the list may render)
  await expect
    .poll(() =>
      chips.evaluate((list) => {
        const real = list.querySelectorAll('[data-testid="category-chip"]').length;
        const pads = list.querySelectorAll('[data-testid="category-chip-pad"]').length;
        return real > 1 ? (real + pads) % 6 : 'loading';
      }),
    )
    .toBe(0);

  const cards = page.getByTestId('drama-card');
  await expect(cards.first()).toBeVisible();
  if (isMobile(page)) {
    await expect(cards).toHaveCount(12);
    await expect(page.getByTestId('pagination')).toHaveCount(0);
    for (let i = 0; i < 5 && (await page.getByTestId('all-loaded').count()) === 0; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(400);
    }
    await expect(page.getByTestId('all-loaded')).toHaveText('All contents loaded');
    expect(await cards.count()).toBeGreaterThan(12);
  } else {
    await expect(cards).toHaveCount(12);
    await expect(page.getByTestId('all-loaded')).toHaveCount(0);
    const pages = page.getByTestId('pagination-page');
    const last = pages.last();
    await last.click();
    await expect(page).toHaveURL(/page=\d+/);
    await expect(page.getByTestId('all-loaded')).toHaveText('All contents loaded');
    await expect(last).toHaveAttribute('aria-current', 'page');
  }

  // a category chip narrows the list to that category
  await chips.getByTestId('category-chip').nth(1).click();
  await expect(page).toHaveURL(/\/category\/\d+/);
  await expect(cards.first()).toBeVisible();
});

test.describe('search suggestions in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('the search box suggests a title as its syllable is typed; ↓ and Enter search it', async ({
    page,
  }) => {
    const title = '여왕의 귀환';
    await page.goto(isMobile(page) ? '/search' : '/');
    await waitForApp(page);
    const input = isMobile(page)
      ? page.getByTestId('search-page-input')
      : page.getByTestId('top-bar').getByTestId('search-input');
    // 여왕 being typed: its second syllable is still one letter
    await input.pressSequentially('여ㅇ');
    const options = page.getByRole('listbox', { name: '검색어 추천' }).getByRole('option');
    await expect(options.filter({ hasText: title })).toHaveCount(1);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    // each title carries its rating badge, as everywhere a title shows (issue 40 item 4)
    await expect(options.filter({ hasText: title }).getByTestId('rating-badge')).toHaveAttribute(
      'data-age-rate',
      '15',
    );
    const at = await options.evaluateAll(
      (els, t) =>
        els.findIndex(
          (e) => e.querySelector('[data-testid="search-suggestion-title"]')?.textContent === t,
        ),
      title,
    );
    for (let i = 0; i <= at; i++) await input.press('ArrowDown');
    const picked = options.nth(at);
    await expect(picked).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute(
      'aria-activedescendant',
      (await picked.getAttribute('id')) ?? '',
    );
    await input.press('Enter');
    await expect(page).toHaveURL(`/search?keyword=${encodeURIComponent(title)}`);
    await expect(page.getByTestId('search-result-title')).toContainText(title);

    // an empty box offers the recent searches on focus
    await page.getByTestId('search-page-clear').click();
    const recent = page.getByRole('group', { name: '최근 검색어' }).getByRole('option');
    await expect(recent.first()).toHaveText(title);
    await page.getByTestId('search-page-input').press('Escape');
    await expect(recent).toHaveCount(0);

    // an adult-only title's badge is the red 18 one
    await page.getByTestId('search-page-input').pressSequentially('침묵');
    const silent = options.filter({ hasText: '침묵의 증인' });
    await expect(silent.getByTestId('rating-badge')).toHaveAttribute('data-age-rate', '18');
  });
});

test('search from the top bar lands on results; the clear button empties the box', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  let input;
  let clear;
  if (isMobile(page)) {
    await page.getByTestId('mobile-header').getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search/);
    input = page.getByTestId('search-page-input');
    clear = page.getByTestId('search-page-clear');
  } else {
    input = page.getByTestId('top-bar').getByTestId('search-input');
    clear = page.getByTestId('top-bar').getByTestId('search-clear');
  }
  await input.fill('  contract  ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyword=contract$/);
  await expect(page.getByTestId('search-result-title')).toContainText('contract');
  await expect(page.getByTestId('drama-card').first()).toBeVisible();

  await expect(clear).toBeVisible();
  await clear.click();
  await expect(input).toHaveValue('');

  await page.getByTestId('search-page-input').fill('zzqq-no-such-drama');
  await page.getByTestId('search-page-input').press('Enter');
  await expect(page.getByTestId('search-empty')).toHaveText('No search results');
});

test('the banner stops and plays again with its own button (WCAG 2.2.2)', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  const banner = page.getByTestId('banner');
  const button = banner.getByTestId('banner-pause');
  await expect(button).toHaveAccessibleName('Stop the slides');
  await button.click();
  // away from the banner: only the stop holds it now
  await page.mouse.move(0, 0);
  await expect(button).toHaveAccessibleName('Play the slides');
  await expect(banner).toHaveAttribute('data-autoplay', 'false');
  const index = await banner.getAttribute('data-index');
  // longer than one slide's 2 s: still the same slide
  await page.waitForTimeout(2_500);
  await expect(banner).toHaveAttribute('data-index', index ?? '');
  await button.click();
  await page.mouse.move(0, 0);
  await expect(button).toHaveAccessibleName('Stop the slides');
  await expect(banner).toHaveAttribute('data-autoplay', 'true');
});
