import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';
import { makeClip, pngOf, secondsAhead, viewerSearch } from './console-catalog-helpers';
import { axeViolations } from './axe';
import { isMobile, signInNewViewer } from './helpers';

/**
 * Issue 41 item 2 in the browser: the list's search and filters, a bulk upload of three episodes
 * matched by file name, a scheduled publication viewers see at its second, and an unpublish that
 * asks first and states what it takes from viewers. Both sizes (cards on phones).
 */
let clip: Buffer;

test.beforeAll(() => {
  clip = makeClip();
});

test('an editor finds a drama, uploads three episodes at once, schedules it to the second and unpublishes it after seeing the impact', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const title = { ko: `새벽 항구 ${stamp}`, en: `Dawn Harbor ${stamp}`, ja: `夜明けの港 ${stamp}` };
  await signInConsole(page, undefined, '/admin/catalog');

  // a drama with posters and three episodes without video, made through the console's API
  const admin = (method: string, p: string, data?: unknown) =>
    page.request.fetch(`/api/v1/admin${p}`, { method, ...(data === undefined ? {} : { data }) });
  const created = await admin('POST', '/catalog/dramas', {
    title,
    description: { ko: '항구 이야기', en: 'A harbor story', ja: '港の物語' },
    categoryIds: [],
    ageRate: '12',
    warnings: [],
    exclusive: false,
    webTag: null,
    aosTag: null,
    iosTag: null,
    registeredAt: null,
  });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  for (const [kind, w, h] of [
    ['vertical', 360, 640],
    ['horizontal', 640, 360],
  ] as const) {
    const res = await page.request.put(`/api/v1/admin/catalog/dramas/${id}/posters/${kind}`, {
      headers: { 'content-type': 'image/png' },
      data: await pngOf(page, w, h),
    });
    expect(res.status()).toBe(200);
  }
  expect((await admin('POST', `/catalog/dramas/${id}/episodes`, { count: 3 })).status()).toBe(200);

  // search in Korean finds it among every drama; filters narrow it; the address keeps them
  await page.getByTestId('catalog-search').fill(`항구 ${stamp}`);
  const item = page.getByTestId(isMobile(page) ? 'catalog-card' : 'catalog-row');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(title.en);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.locator('select[name="state"]').selectOption('published');
  await expect(page.getByText('No drama matches.')).toBeVisible();
  await page.locator('select[name="state"]').selectOption('draft');
  await page.locator('select[name="ageRate"]').selectOption('12');
  await expect(item).toHaveCount(1);
  await expect(item.locator('[data-state]')).toHaveAttribute('data-state', 'draft');
  await expectNoHorizontalOverflow(page);

  // Episode videos: the drama is picked by its title, then three files go up at once
  await page.goto('/admin/videos');
  await page.getByTestId('ingest-drama-search').fill(title.en);
  await expect(page.getByTestId('ingest-drama-option')).toHaveCount(1);
  await page.getByTestId('ingest-drama-option').click();
  await expect(page).toHaveURL(new RegExp(`/admin/videos/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title.en);
  await page.getByTestId('bulk-files').setInputFiles([
    { name: 'dawn_E3.mp4', mimeType: 'video/mp4', buffer: clip },
    { name: 'Dawn Harbor ep01.mp4', mimeType: 'video/mp4', buffer: clip },
    { name: '새벽항구 2화.mp4', mimeType: 'video/mp4', buffer: clip },
  ]);
  const rows = page.getByTestId('bulk-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByTestId('bulk-episode')).toHaveValue('3');
  await expect(rows.nth(1).getByTestId('bulk-episode')).toHaveValue('1');
  await expect(rows.nth(2).getByTestId('bulk-episode')).toHaveValue('2');
  const bulkSerious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(bulkSerious.map((v) => v.id)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('bulk-start').click();
  await expect(page.locator('[data-testid="bulk-state"][data-phase="done"]')).toHaveCount(3, {
    timeout: 90_000,
  });
  // each file is its own transcode job; all three become ready
  for (const n of [1, 2, 3]) {
    await expect(page.getByTestId(`ingest-episode-${n}`).getByTestId('ingest-state')).toHaveText(
      'Ready',
      { timeout: 240_000 },
    );
  }
  // the console plays a transcoded episode (the signed ladder, through hls.js)
  await page.getByTestId('ingest-episode-1').getByTestId('preview-open').click();
  const preview = page.getByRole('dialog', { name: 'Preview: episode 1' });
  await expect(preview).toBeVisible();
  await expect
    .poll(
      () => preview.getByTestId('preview-video').evaluate((v: HTMLVideoElement) => v.readyState),
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await page.goto('/admin/jobs');
  const jobs = page.getByTestId(isMobile(page) ? 'job-card' : 'job-row').filter({
    hasText: title.en,
  });
  await expect(jobs).toHaveCount(3);
  await expectNoHorizontalOverflow(page);

  // scheduled a few seconds ahead: viewers find it at that second, not before
  await page.goto(`/admin/catalog/${id}`);
  const { at, local } = secondsAhead(8_000);
  await page.getByTestId('drama-schedule-at').fill(local);
  await page.getByTestId('drama-schedule').click();
  await expect(page.getByTestId('drama-status')).toHaveAttribute('data-state', 'scheduled');
  await expect(page.getByTestId('publish-notice')).toContainText('Scheduled');
  expect(await viewerSearch(page, title.en)).toBe(0);
  let seenAt = 0;
  await expect
    .poll(
      async () => {
        const found = await viewerSearch(page, title.en);
        if (found > 0 && !seenAt) seenAt = Date.now();
        return found;
      },
      { timeout: 20_000, intervals: [200] },
    )
    .toBe(1);
  expect(seenAt).toBeGreaterThanOrEqual(at.getTime());
  expect(seenAt - at.getTime()).toBeLessThan(2_000);
  await page.reload();
  await expect(page.getByTestId('drama-status')).toHaveAttribute('data-state', 'published');
  // the old "scheduled" message does not outlive the state it spoke of
  await expect(page.getByTestId('publish-notice')).toHaveCount(0);

  // a viewer bookmarks it
  const viewer = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const viewerPage = await viewer.newPage();
  const token = await signInNewViewer(viewerPage, `bulk-${stamp}`);
  const bookmarked = await viewerPage.request.post('/api/v1/drama/bookmark', {
    headers: { authorization: `Bearer ${token}` },
    data: { dramId: id },
  });
  expect(bookmarked.status()).toBe(200);
  await viewer.close();

  // unpublishing asks first, in a dialog that says what viewers lose; Escape keeps it
  await page.getByTestId('drama-publish').click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish this drama?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('confirm-impact')).toHaveText(
    'Viewers with unlocked episodes: 0 · Bookmarks: 1',
  );
  await expect(dialog.getByTestId('confirm-cancel')).toBeFocused();
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('drama-status')).toHaveAttribute('data-state', 'published');
  await page.getByTestId('drama-publish').click();
  await expect(dialog.getByTestId('confirm-impact')).toContainText('Bookmarks: 1');
  await dialog.getByTestId('confirm-yes').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('drama-status')).toHaveAttribute('data-state', 'draft');
  await expect(page.getByTestId('publish-notice')).toHaveText(
    'Unpublished. Viewers no longer see it.',
  );
  expect(await viewerSearch(page, title.en)).toBe(0);
  await expectNoHorizontalOverflow(page);
});
