import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  acceptOperatorLink,
  enrolTotp,
  expectNoHorizontalOverflow,
  inviteOperator,
  signInConsole,
  signInWithTotp,
} from './console-helpers';
import { makeClip, pngOf, secondsAhead } from './console-catalog-helpers';
import { waitForApp } from './helpers';

/**
 * Issue 41's "Done when", the operator's part, at the project's size (a phone's 390 px and a
 * desktop's 1280 px), in Korean: an admin invites an editor from the console; the editor sets a
 * password from the one-time link, turns on two-step sign-in, signs out and back in with a code,
 * makes a drama, uploads its three episodes at once, schedules the publication a few seconds ahead,
 * and a viewer in another browser finds it once that second has passed. No CLI, no restart: the
 * server the suite started serves every step.
 */
test.use({ locale: 'ko-KR' });

let clip: Buffer;
test.beforeAll(() => {
  clip = makeClip();
});

/** Another person's browser with this project's device (size, touch) and Korean. */
async function personOf(browser: Browser): Promise<Page> {
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = test.info().project.use;
  const context = await browser.newContext({
    locale: 'ko-KR',
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  });
  return context.newPage();
}

/** A screenshot of this step at this project's size (looked at by a person, not compared). */
async function shoot(page: Page, name: string): Promise<void> {
  await expectNoHorizontalOverflow(page);
  await page.screenshot({
    path: test.info().outputPath(`${name}-${test.info().project.name}.png`),
    fullPage: true,
  });
}

test("the operator's day: invited editor, TOTP, a drama with three episodes uploaded at once, published on schedule and found by a viewer", async ({
  page,
  browser,
}) => {
  // the transcode queue is shared with the other project and the other specs (CI: two workers)
  test.setTimeout(420_000);
  const project = test.info().project.name;
  const stamp = `${project}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const editor = { email: `day-${stamp}@e2e.test`, password: `day password ${stamp}` };
  const title = {
    ko: `오늘의 편집 ${stamp}`,
    en: `Editor's Day ${stamp}`,
    ja: `編集の一日 ${stamp}`,
  };

  // --- the admin invites an editor: a one-time link ---
  await signInConsole(page, undefined, '/admin/operators');
  const link = await inviteOperator(page, editor.email, 'editor');
  const invited = page.locator(
    `[data-testid="${project === 'mobile' ? 'operator-card' : 'operator-row'}"][data-email="${editor.email}"]`,
  );
  await expect(invited).toBeVisible();
  await expect(invited.getByTestId('operator-status')).toHaveText('초대됨');
  await shoot(page, 'day-1-invited');

  // --- the editor opens the link, sets a password, lands in the console ---
  const ed = await personOf(browser);
  await acceptOperatorLink(ed, link, editor.email, editor.password);
  await expect(ed).toHaveURL(/\/admin\/catalog/);
  // the admin's list has them active now
  await page.reload();
  await expect(invited.getByTestId('operator-status')).toHaveText('사용 중');

  // --- two-step sign-in with an authenticator's codes ---
  const { secret } = await enrolTotp(ed);
  await shoot(ed, 'day-2-recovery-codes');
  await ed.getByTestId('recovery-codes-done').click();
  await expect(ed.getByTestId('totp-state')).toContainText('켜짐');
  await ed.getByTestId('console-sign-out').click();
  await expect(ed).toHaveURL(/\/admin\/sign-in/);
  // the password alone is not enough any more: the code is asked
  await signInWithTotp(ed, editor, secret);
  await shoot(ed, 'day-3-signed-in-with-code');

  // --- a new drama: titles in three languages, posters, three episodes ---
  await ed.goto('/admin/catalog/new');
  for (const lang of ['ko', 'en', 'ja'] as const) {
    await ed.locator(`input[name="title-${lang}"]`).fill(title[lang]);
    await ed.locator(`textarea[name="description-${lang}"]`).fill(`${title[lang]}: 편집자의 하루`);
  }
  await ed.locator('select[name="ageRate"]').selectOption('12');
  await ed.getByTestId('drama-save').click();
  await expect(ed).toHaveURL(/\/admin\/catalog\/\d+\?created=1$/);
  const dramaId = Number(/catalog\/(\d+)/.exec(ed.url())?.[1]);
  await expect(ed.getByTestId('drama-status')).toHaveAttribute('data-state', 'draft');
  await ed.getByTestId('poster-vertical').setInputFiles({
    name: 'vertical.png',
    mimeType: 'image/png',
    buffer: await pngOf(ed, 360, 640),
  });
  await expect(ed.locator('img[src*="-vertical-"]')).toBeVisible();
  await ed.getByTestId('poster-horizontal').setInputFiles({
    name: 'horizontal.png',
    mimeType: 'image/png',
    buffer: await pngOf(ed, 640, 360, '#16a085'),
  });
  await expect(ed.locator('img[src*="-horizontal-"]')).toBeVisible();
  await ed.locator('input[name="episodeCount"]').fill('3');
  await ed.getByTestId('episodes-add').click();
  await expect(ed.getByTestId('episode-3')).toBeVisible();

  // --- Episode videos: the drama picked by its title, three files dropped at once ---
  await ed.goto('/admin/videos');
  await ed.getByTestId('ingest-drama-search').fill(title.ko);
  await expect(ed.getByTestId('ingest-drama-option')).toHaveCount(1);
  await ed.getByTestId('ingest-drama-option').click();
  await expect(ed).toHaveURL(new RegExp(`/admin/videos/${dramaId}$`));
  await ed.getByTestId('bulk-files').setInputFiles([
    { name: `editors-day_ep02.mp4`, mimeType: 'video/mp4', buffer: clip },
    { name: `편집의하루 1화.mp4`, mimeType: 'video/mp4', buffer: clip },
    { name: `day_E3.mp4`, mimeType: 'video/mp4', buffer: clip },
  ]);
  const rows = ed.getByTestId('bulk-row');
  await expect(rows).toHaveCount(3);
  // matched to episodes by their names
  await expect(rows.nth(0).getByTestId('bulk-episode')).toHaveValue('2');
  await expect(rows.nth(1).getByTestId('bulk-episode')).toHaveValue('1');
  await expect(rows.nth(2).getByTestId('bulk-episode')).toHaveValue('3');
  await shoot(ed, 'day-4-bulk-matched');
  await ed.getByTestId('bulk-start').click();
  await expect(ed.locator('[data-testid="bulk-state"][data-phase="done"]')).toHaveCount(3, {
    timeout: 90_000,
  });
  for (const n of [1, 2, 3]) {
    await expect(ed.getByTestId(`ingest-episode-${n}`).getByTestId('ingest-state')).toHaveText(
      '준비 완료',
      { timeout: 240_000 },
    );
  }
  await shoot(ed, 'day-5-episodes-ready');

  // --- a viewer searches before the time: nothing yet ---
  const viewer = await personOf(browser);
  const search = `/search?keyword=${encodeURIComponent(title.ko)}`;
  await viewer.goto(search);
  await waitForApp(viewer);
  await expect(viewer.getByTestId('search-empty')).toBeVisible();

  // --- the editor schedules the publication a few seconds ahead ---
  await ed.goto(`/admin/catalog/${dramaId}`);
  const { at, local } = secondsAhead(15_000);
  await ed.getByTestId('drama-schedule-at').fill(local);
  await ed.getByTestId('drama-schedule').click();
  await expect(ed.getByTestId('drama-status')).toHaveAttribute('data-state', 'scheduled');
  await expect(ed.getByTestId('publish-notice')).toContainText('예약했습니다');
  await shoot(ed, 'day-6-scheduled');
  // still hidden before its second
  await viewer.reload();
  await waitForApp(viewer);
  await expect(viewer.getByTestId('search-empty')).toBeVisible();
  expect(Date.now()).toBeLessThan(at.getTime());

  // --- once that second passes, the viewer's search finds it and it opens ---
  const card = viewer.getByTestId('drama-card');
  await expect(async () => {
    await viewer.reload();
    await waitForApp(viewer);
    await expect(card).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  await expect(card).toContainText(title.ko);
  await shoot(viewer, 'day-7-viewer-finds-it');
  await card.click();
  await expect(viewer).toHaveURL(new RegExp(`/${dramaId}(/1)?$`));
  await expect(viewer.locator('video[data-active="true"]')).toHaveAttribute('data-episode', '1', {
    timeout: 30_000,
  });

  // the editor's page says published (the "scheduled" message went with that state)
  await ed.reload();
  await expect(ed.getByTestId('drama-status')).toHaveAttribute('data-state', 'published');
  await expect(ed.getByTestId('publish-notice')).toHaveCount(0);
  await viewer.context().close();
  await ed.context().close();
});
