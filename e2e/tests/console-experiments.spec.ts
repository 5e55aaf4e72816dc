import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';
import { clickPlayerTool, isMobile, waitForApp } from './helpers';

/**
 * A/B experiments (issue 43 item 5): an operator tests the first paywalled episode of a drama; two
 * viewers assigned to different variants see the paywall at their variant's episode (the same
 * after a reload); the operator sees the exposures, stops, ships a variant, and a new viewer sees
 * the shipped setting. Each project uses its own demo drama: one running experiment per drama.
 */
const DRAMA = { mobile: 9, desktop: 10 } as const;

function newContext(browser: Browser) {
  const {
    viewport,
    isMobile: mobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  } = test.info().project.use;
  return browser.newContext({
    locale: 'ko-KR',
    viewport,
    isMobile: mobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  });
}

/** The first locked cell of the episode grid a viewer (a new guest) sees on the drama's page. */
async function paywallSeen(page: Page, dramaId: number): Promise<number> {
  await page.goto(`/${dramaId}/1`);
  await waitForApp(page);
  if (isMobile(page)) {
    await clickPlayerTool(page, 'player-episodes');
    await expect(page.getByTestId('episode-sheet')).toBeVisible();
  }
  const locked = page.getByTestId('episode-grid').locator('[data-locked="true"]').first();
  await expect(locked).toBeVisible();
  return Number(await locked.getAttribute('data-episode'));
}

async function expectNoSeriousAxe(page: Page) {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

test('an operator tests the paywall position; viewers see their variant; the shipped one stays', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const dramaId = DRAMA[test.info().project.name as keyof typeof DRAMA];
  // the catalog's paywall now (earlier runs may have shipped another): B moves it by two
  const info = await request.get(`/api/v1/drama/info/${dramaId}`);
  const episodes = (await info.json()).data.episodeList as { epsd: number; coin: number }[];
  const current = episodes.find((e) => e.coin > 0)?.epsd ?? 0;
  expect(current).toBeGreaterThan(0);
  const variantB = current >= 4 ? current - 2 : current + 2;

  // --- the operator creates and starts the experiment ---
  const consoleContext = await newContext(browser);
  const operator = await consoleContext.newPage();
  await signInConsole(operator, undefined, '/admin/experiments');
  await expect(operator.getByRole('heading', { level: 1 })).toHaveText('실험');
  // an earlier run that failed half-way left its experiment running: one runs per drama
  const api = `/api/v1/admin/experiments`;
  const earlier = (await (await operator.request.get(api)).json()).data.list as {
    id: string;
    dramaId: number | null;
    status: string;
  }[];
  for (const e of earlier.filter((x) => x.dramaId === dramaId && x.status === 'running')) {
    const origin = new URL(operator.url()).origin;
    const stopped = await operator.request.post(`${api}/${e.id}/stop`, {
      headers: { origin },
      data: {},
    });
    expect(stopped.status()).toBe(200);
  }
  await operator.getByTestId('experiment-name').fill(`첫 유료 회차 ${test.info().project.name}`);
  await operator.getByTestId('experiment-drama').fill(String(dramaId));
  await operator.getByTestId('experiment-variant-0-firstPaidEpisode').fill(String(current));
  await operator.getByTestId('experiment-variant-1-firstPaidEpisode').fill(String(variantB));
  await operator.getByTestId('experiment-create').click();
  await expect(operator).toHaveURL(/\/admin\/experiments\/[0-9a-f-]{36}$/);
  await expect(operator.getByTestId('experiment-status')).toHaveText('초안');
  await operator.getByTestId('experiment-start').click();
  await operator.getByTestId('experiment-confirm-yes').click();
  await expect(operator.getByTestId('experiment-status')).toHaveText('진행 중');

  // --- new viewers until one sees each variant; a reload shows the same ---
  const seen = new Map<number, number>();
  for (let i = 0; i < 12 && seen.size < 2; i++) {
    const context = await newContext(browser);
    const viewer = await context.newPage();
    const paywall = await paywallSeen(viewer, dramaId);
    expect([current, variantB]).toContain(paywall);
    if (!seen.has(paywall)) {
      await viewer.reload();
      expect(await paywallSeen(viewer, dramaId)).toBe(paywall);
    }
    seen.set(paywall, (seen.get(paywall) ?? 0) + 1);
    await context.close();
  }
  expect([...seen.keys()].sort()).toEqual([current, variantB].sort());

  // --- the operator sees the exposures, stops and ships B ---
  await operator.reload();
  await expect(operator.getByTestId('experiment-exposures-0')).toHaveText(
    String(seen.get(current)),
  );
  await expect(operator.getByTestId('experiment-exposures-1')).toHaveText(
    String(seen.get(variantB)),
  );
  await expect(operator.getByTestId('experiment-readings')).not.toBeEmpty();
  await operator.screenshot({
    path: test.info().outputPath(`experiment-running-${test.info().project.name}.png`),
    fullPage: true,
  });
  await expectNoSeriousAxe(operator);
  // every width from a small phone to a wide screen, and every language without a raw key
  const size = operator.viewportSize();
  for (const width of [320, 1920]) {
    await operator.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(operator);
  }
  if (size) await operator.setViewportSize(size);
  const language = operator.locator('select').filter({ hasText: '日本語' }).first();
  for (const lang of ['ja', 'en', 'ko'] as const) {
    await language.selectOption(lang);
    expect(await operator.locator('main').innerText()).not.toMatch(/\bexp\.[a-z_]+/);
  }
  await expect(operator.getByTestId('experiment-status')).toHaveText('진행 중');
  await operator.getByTestId('experiment-stop').click();
  await operator.getByTestId('experiment-confirm-yes').click();
  await expect(operator.getByTestId('experiment-status')).toHaveText('중지됨');
  await operator.getByTestId('experiment-ship-1').focus();
  await operator.keyboard.press('Enter');
  await expect(operator.getByTestId('experiment-confirm')).toContainText(`${variantB}화부터 유료`);
  await operator.keyboard.press('Tab');
  await operator.keyboard.press('Enter');
  await expect(operator.getByTestId('experiment-status')).toHaveText('적용됨');
  // the browser's Back button returns to the list, where it shows as shipped
  await operator.goto('/admin/experiments');
  await operator
    .getByRole('link', { name: /첫 유료 회차/ })
    .first()
    .click();
  await operator.goBack();
  await expect(operator.getByTestId('experiments-table')).toContainText('적용됨');
  await consoleContext.close();

  // --- a new viewer sees the shipped setting ---
  const later = await newContext(browser);
  expect(await paywallSeen(await later.newPage(), dramaId)).toBe(variantB);
  await later.close();
});
