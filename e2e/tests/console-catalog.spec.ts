import { expect, test, type Page } from '@playwright/test';
import { isMobile, waitForApp } from './helpers';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';

/** A PNG of the given size: a screenshot of a coloured block (ffmpeg resizes it on upload). */
async function pngOf(page: Page, width: number, height: number, color: string): Promise<Buffer> {
  const other = await page.context().newPage();
  await other.setViewportSize({ width, height });
  await other.setContent(`<body style="margin:0;background:${color}"></body>`);
  const png = await other.screenshot();
  await other.close();
  return png;
}

test('an operator creates a drama with episodes, prices episode 2 at 30 coins and publishes it; a viewer finds it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const title = {
    ko: `달빛 정원 ${stamp}`,
    en: `Moonlit Garden ${stamp}`,
    ja: `月光の庭 ${stamp}`,
  };

  await signInConsole(page, undefined, '/admin/catalog');
  await page.getByTestId('catalog-new').click();
  await expect(page).toHaveURL(/\/admin\/catalog\/new$/);

  // an empty form is refused field by field, and nothing is created
  await page.getByTestId('drama-save').click();
  await expect(page.getByRole('alert').first()).toContainText('is required');
  await expect(page).toHaveURL(/\/admin\/catalog\/new$/);
  await expectNoHorizontalOverflow(page);

  for (const lang of ['ko', 'en', 'ja'] as const) {
    await page.locator(`input[name="title-${lang}"]`).fill(title[lang]);
    await page
      .locator(`textarea[name="description-${lang}"]`)
      .fill(`${title[lang]}: a gardener keeps a secret`);
  }
  await page.locator('input[name="category"]').first().check();
  await page.locator('select[name="ageRate"]').selectOption('15');
  await page.locator('input[name="warning"][value="violence"]').check();
  await page.getByTestId('drama-save').click();
  await expect(page).toHaveURL(/\/admin\/catalog\/\d+\?created=1$/);
  const dramaId = Number(/catalog\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByTestId('drama-status')).toHaveText('Unpublished');

  // publishing too early is refused in the operator's language (issue 47: the refusal's text is the
  // dictionary's for its code, then what the drama lacks, each part from the dictionary too)
  await page.getByTestId('drama-publish').click();
  await expect(page.getByRole('alert')).toContainText('This drama is not ready to publish yet.');
  await expect(page.getByRole('alert')).toContainText('Still missing:');

  await page.getByTestId('poster-vertical').setInputFiles({
    name: 'vertical.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 360, 640, '#c0392b'),
  });
  await expect(page.locator('img[alt^="Vertical"]')).toHaveAttribute(
    'src',
    /\/resources\/posters\/console\/.+-vertical-.+\.jpg$/,
  );
  await page.getByTestId('poster-horizontal').setInputFiles({
    name: 'horizontal.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 640, 360, '#2980b9'),
  });
  await expect(page.locator('img[alt^="Horizontal"]')).toHaveAttribute(
    'src',
    /-horizontal-.+\.jpg$/,
  );

  await page.locator('input[name="episodeCount"]').fill('2');
  await page.getByTestId('episodes-add').click();
  const episode2 = page.getByTestId('episode-2');
  await expect(episode2).toBeVisible();
  await expect(page.getByTestId('episode-1').getByTestId('episode-video')).toContainText(
    'No video yet',
  );
  await episode2.getByTestId('episode-free').uncheck();
  await episode2.getByTestId('episode-coin').fill('30');
  await episode2.getByTestId('episode-save').click();
  await expect(episode2).toContainText('Episode 2 saved.');
  await expect(episode2.getByTestId('episode-coin')).toHaveValue('30');

  await page
    .getByTestId('episode-1')
    .getByTestId('subtitle-en')
    .setInputFiles({
      name: 'ep1.en.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from('1\n00:00:01,000 --> 00:00:03,000\nThe garden is quiet.\n'),
    });
  await expect(page.getByTestId('episode-1')).toContainText('Subtitles saved.');

  await page.getByTestId('drama-publish').click();
  await expect(page.getByTestId('drama-status')).toHaveText('Published');
  await expectNoHorizontalOverflow(page);

  // every change is in the audit log
  await page.goto(`/admin/audit?targetType=drama&targetId=${dramaId}`);
  // rows carry their action's code; they show its name in the console's language
  const log = (action: string) =>
    page.locator(
      isMobile(page)
        ? `article[data-action="${action}"]`
        : `[data-testid="audit-row"][data-action="${action}"]`,
    );
  for (const action of ['drama.publish', 'drama.poster', 'episode.create', 'drama.create']) {
    await expect(log(action).first()).toBeVisible();
  }
  await expect(log('drama.publish').first()).toContainText('Drama published');
  // the snapshots as labelled fields in the console's language, the record behind a disclosure
  await expect(log('drama.publish').first()).toContainText('Published: No → Yes');
  await expect(log('drama.publish').first().locator('details pre')).toBeHidden();
  await page.goto(`/admin/audit?targetType=episode&targetId=${dramaId}%2F2`);
  await expect(log('episode.update')).toHaveCount(1);

  // a viewer (another browser profile) finds it by search at once, in Korean too
  const viewer = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const viewerPage = await viewer.newPage();
  for (const keyword of [title.en, title.ko]) {
    await viewerPage.goto(`/search?keyword=${encodeURIComponent(keyword)}`);
    await waitForApp(viewerPage);
    const card = viewerPage.getByTestId('drama-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(title.en);
  }
  await viewer.close();
});
