import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';
import { makeClip, pngOf } from './console-catalog-helpers';
import { buyCoinPack, isMobile, signInNewViewer } from './helpers';

/**
 * Issue 43 items 3 and 4 in the browser: a drama made for the test (three episodes, the third at
 * 30 coins) and a scenario played through the viewers' API (guests and a member start episodes,
 * finish some, meet the paywall, unlock it with a rewarded ad or with coins bought for it, or
 * stay). The rollup job applies the events; the console's funnel must show exactly the figures
 * this file computes from the scenario, the dramas table must list and sort them, both CSV files
 * must hold them, and the retention page must draw its grid. Both projects, each with its own
 * drama; the layout of the other size, axe and screenshots (ko-KR) are checked inside.
 */

const PRICE = 30;

interface Viewer {
  name: string;
  token: string;
}

/** What one viewer does, in order; the expected figures are counted from these lists below. */
type Step =
  | { start: number }
  | { finish: number }
  | { locked: number }
  | { ad: number }
  | { coins: number }
  | { buy: true };

/** The figures of the scenario as the funnel should count them (decisions 1601, 1602). */
function expectedFigures(plans: Step[][]) {
  const episodes = [1, 2, 3].map((epsd) => ({
    epsd,
    viewers: new Set<number>(),
    starts: 0,
    completions: new Set<number>(),
    reached: new Set<number>(),
    coin: new Set<number>(),
    ad: new Set<number>(),
  }));
  const at = (n: number) => {
    const episode = episodes[n - 1];
    if (!episode) throw new Error(`no episode ${n}`);
    return episode;
  };
  plans.forEach((plan, who) => {
    for (const step of plan) {
      if ('start' in step) {
        at(step.start).viewers.add(who);
        at(step.start).starts += 1;
      } else if ('finish' in step) {
        at(step.finish).completions.add(who);
      } else if ('locked' in step) {
        at(step.locked).reached.add(who);
      } else if ('ad' in step) {
        at(step.ad).ad.add(who);
        at(step.ad).reached.add(who);
      } else if ('coins' in step) {
        at(step.coins).coin.add(who);
        at(step.coins).reached.add(who);
      }
    }
  });
  const rows = episodes.map((e) => {
    const converted = e.coin.size + e.ad.size;
    return {
      epsd: e.epsd,
      viewers: e.viewers.size,
      starts: e.starts,
      completions: e.completions.size,
      shown: e.reached.size,
      coin: e.coin.size,
      ad: e.ad.size,
      converted,
      // reached it less than 24 hours ago and not unlocked: still deciding, not left yet
      pending: e.reached.size - converted,
    };
  });
  const everyone = new Set(episodes.flatMap((e) => [...e.viewers]));
  return {
    rows,
    viewers: everyone.size,
    starts: rows.reduce((sum, r) => sum + r.starts, 0),
    completions: rows.reduce((sum, r) => sum + r.completions, 0),
    shown: rows.reduce((sum, r) => sum + r.shown, 0),
    converted: rows.reduce((sum, r) => sum + r.converted, 0),
  };
}

/** A guest of the viewers' app, made the way the app makes one (POST /auth/join). */
async function guest(request: APIRequestContext, name: string): Promise<Viewer> {
  const res = await request.post('/api/v1/auth/join', {
    data: { authMthd: 'guest', authId: randomUUID(), infoAgreeYn: 'N' },
  });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  return { name, token };
}

/** Plays one viewer's steps through the viewers' API, as the player does. */
async function play(request: APIRequestContext, dramId: number, viewer: Viewer, plan: Step[]) {
  const headers = { authorization: `Bearer ${viewer.token}` };
  const call = async (method: 'POST' | 'PUT', path: string, data: unknown) => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers, data });
    return { status: res.status(), body: (await res.json()) as { code: number; data: unknown } };
  };
  for (const step of plan) {
    if ('start' in step) {
      const res = await call('POST', '/drama/episode', { dramId, epsd: step.start });
      expect(res.body.code, `${viewer.name} starts episode ${step.start}`).toBe(0);
    } else if ('finish' in step) {
      const res = await call('PUT', '/drama/episode/position', {
        dramId,
        epsd: step.finish,
        position: 2,
        duration: 2,
      });
      expect(res.body.code, `${viewer.name} finishes episode ${step.finish}`).toBe(0);
    } else if ('locked' in step) {
      const res = await call('POST', '/drama/episode', { dramId, epsd: step.locked });
      expect(res.body.code, `${viewer.name} meets the paywall`).toBe(403004);
    } else if ('ad' in step) {
      const view = await call('POST', '/event/advertisement', { advrType: 'unlock' });
      expect(view.body.code).toBe(0);
      const logId = (view.body.data as { logId: string }).logId;
      // the stand-in ad runs AD_MIN_VIEW_SECONDS (4 s in playwright.config.ts)
      await new Promise((resolve) => setTimeout(resolve, 4_300));
      const res = await call('POST', '/drama/episode/unlock/advertisement', {
        dramId,
        epsd: step.ad,
        logId,
      });
      expect(res.body.code, `${viewer.name} unlocks with an ad`).toBe(0);
    } else if ('coins' in step) {
      const res = await call('POST', '/drama/episode/unlock/coin', { dramId, epsd: step.coins });
      expect(res.body.code, `${viewer.name} unlocks with coins`).toBe(0);
      expect((res.body.data as { usag_coin: number }).usag_coin).toBe(PRICE);
    }
  }
}

async function expectNoSeriousAxe(page: Page, label: string) {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

/** The page at 390×844 and 1280×800: nothing sideways, a full-page screenshot of each. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 320, height: 700 });
  await expectNoHorizontalOverflow(page);
  if (size) await page.setViewportSize(size);
}

/** A CSV file's rows as objects by header (RFC 4180: quoted cells, doubled quotes). */
function parseCsv(text: string): Record<string, string>[] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') {
      cells.push(cell.replace(/\r$/, ''));
      lines.push(cells);
      cells = [];
      cell = '';
    } else cell += c;
  }
  if (cell || cells.length) lines.push([...cells, cell]);
  const [names = [], ...rows] = lines;
  return rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i] ?? ''])));
}

const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('a drama’s funnel and paywall match a played scenario exactly; the table sorts, CSV files hold the same; retention draws its grid', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const {
    viewport,
    isMobile: mobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  } = test.info().project.use;
  const device = { viewport, isMobile: mobile, hasTouch, userAgent, deviceScaleFactor };
  const context = await browser.newContext({ ...device, locale: 'ko-KR', acceptDownloads: true });
  const page = await context.newPage();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const title = {
    ko: `퍼널 시험 ${stamp}`,
    en: `Funnel test ${stamp}`,
    ja: `ファネル試験 ${stamp}`,
  };
  await signInConsole(page, undefined, '/admin/catalog');

  // --- a drama of three episodes, the third at 30 coins, with video, published ---
  const admin = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(`/api/v1/admin${path}`, {
      method,
      ...(data === undefined ? {} : { data }),
    });
    expect(res.status(), `${method} ${path}`).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  };
  const created = (await admin('POST', '/catalog/dramas', {
    title,
    description: { ko: '시험용 드라마', en: 'A drama for a test', ja: '試験用のドラマ' },
    categoryIds: [],
    ageRate: 'all',
    warnings: [],
    exclusive: false,
    webTag: null,
    aosTag: null,
    iosTag: null,
    registeredAt: null,
  })) as { id: number };
  const dramId = created.id;
  for (const [kind, w, h] of [
    ['vertical', 360, 640],
    ['horizontal', 640, 360],
  ] as const) {
    const res = await page.request.put(`/api/v1/admin/catalog/dramas/${dramId}/posters/${kind}`, {
      headers: { 'content-type': 'image/png' },
      data: await pngOf(page, w, h),
    });
    expect(res.status()).toBe(200);
  }
  await admin('POST', `/catalog/dramas/${dramId}/episodes`, {
    count: 3,
    coin: PRICE,
    freeFirst: 2,
  });
  await page.goto(`/admin/videos/${dramId}`);
  const clip = makeClip();
  await page
    .getByTestId('bulk-files')
    .setInputFiles(
      [1, 2, 3].map((n) => ({ name: `ep0${n}.mp4`, mimeType: 'video/mp4', buffer: clip })),
    );
  await expect(page.getByTestId('bulk-row')).toHaveCount(3);
  await page.getByTestId('bulk-start').click();
  await expect(page.locator('[data-testid="bulk-state"][data-phase="done"]')).toHaveCount(3, {
    timeout: 90_000,
  });
  await expect
    .poll(
      async () => {
        const detail = (await admin('GET', `/catalog/dramas/${dramId}`)) as {
          drama: { episodes: { hasVideo: boolean }[] };
        };
        return detail.drama.episodes.filter((e) => e.hasVideo).length;
      },
      { timeout: 240_000, intervals: [1_000] },
    )
    .toBe(3);
  await admin('POST', `/catalog/dramas/${dramId}/publish`, { published: true });

  // --- the scenario: six guests and a member ---
  const ad: Step[] = [
    { start: 1 },
    { finish: 1 },
    { start: 2 },
    { finish: 2 },
    { locked: 3 },
    { ad: 3 },
    { start: 3 },
    { finish: 3 },
  ];
  const stays: Step[] = [{ start: 1 }, { finish: 1 }, { start: 2 }, { locked: 3 }];
  const staysToo: Step[] = [{ start: 1 }, { start: 2 }, { locked: 3 }];
  const firstOnly: Step[] = [{ start: 1 }];
  const twiceFirst: Step[] = [{ start: 1 }, { start: 1 }, { finish: 1 }];
  const secondToo: Step[] = [{ start: 1 }, { start: 2 }, { finish: 2 }];
  const buyer: Step[] = [
    { start: 1 },
    { start: 2 },
    { locked: 3 },
    { buy: true },
    { coins: 3 },
    { start: 3 },
  ];
  const guests = [stays, staysToo, firstOnly, twiceFirst, secondToo];
  const expected = expectedFigures([...guests, ad, buyer]);
  const request = page.request;

  // rewarded ads and coins are for members: two sign up through the sandbox Google sign-in
  const memberOf = async (name: string) => {
    const memberContext = await browser.newContext({ ...device, locale: 'ko-KR' });
    const memberPage = await memberContext.newPage();
    const token = await signInNewViewer(memberPage, `funnel-${name}-${stamp}`);
    return { memberContext, memberPage, viewer: { name, token } };
  };
  const [watcher, payer] = await Promise.all([memberOf('ad'), memberOf('buyer')]);

  // the guests and the ad's member play at once (the ad's four seconds overlap the others)
  const buyAt = buyer.findIndex((s) => 'buy' in s);
  await Promise.all([
    ...guests.map(async (plan, i) =>
      play(request, dramId, await guest(request, `guest ${i}`), plan),
    ),
    play(watcher.memberPage.request, dramId, watcher.viewer, ad),
    // the buyer meets the paywall first
    play(payer.memberPage.request, dramId, payer.viewer, buyer.slice(0, buyAt)),
  ]);
  // then buys the coin pack at the price shown to them and unlocks with coins
  const goods = await payer.memberPage.request.get('/api/v1/payment/goods/list', {
    headers: { authorization: `Bearer ${payer.viewer.token}` },
  });
  const pack = (
    (await goods.json()) as { data: { paymentGoodsList: { gods_code: string; usd: number }[] } }
  ).data.paymentGoodsList.find((g) => g.gods_code === 'coin_100');
  expect(pack).toBeTruthy();
  const paidCents = Math.round((pack?.usd ?? 0) * 100);
  await buyCoinPack(payer.memberPage);
  await play(payer.memberPage.request, dramId, payer.viewer, buyer.slice(buyAt + 1));
  await watcher.memberContext.close();
  await payer.memberContext.close();

  // --- the rollup job applies every event (it runs every few seconds on the server) ---
  await expect
    .poll(
      async () => {
        const status = (await admin('GET', '/analytics/status')) as { behind: number };
        const funnel = (await admin('GET', `/analytics/dramas/${dramId}/funnel`)) as {
          totals: { starts: number; paywall: { coin: number } };
        };
        return status.behind === 0 && funnel.totals.starts === expected.starts
          ? funnel.totals.paywall.coin
          : -1;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(1);

  // --- the table: the drama's row, sorted by any column, the address keeps it ---
  await page.goto('/admin/analytics/dramas');
  await expect(page.getByRole('heading', { level: 1, name: '드라마 분석' })).toBeVisible();
  // the service's revenue above the table: the coin pack bought above counts (VIP: its own line)
  await expect(
    page.getByRole('heading', { level: 2, name: '이 기간 서비스 전체 매출' }),
  ).toBeVisible();
  const service = page.getByTestId('analytics-service-revenue');
  await expect(service.locator('[data-stat="coinPacks"] dd')).toHaveText(/\d/);
  await expect(service.locator('[data-stat="vip"] dt')).toHaveText(
    'VIP 이용권 (드라마에 속하지 않음)',
  );
  const sortBy = async (key: string) => {
    if (isMobile(page)) await page.getByTestId('analytics-sort').selectOption(key);
    else await page.getByTestId(`sort-${key.split('.')[0]}`).click();
  };
  if (isMobile(page)) {
    await sortBy('starts.asc');
  } else {
    await sortBy('starts.desc');
    await sortBy('starts.asc');
  }
  await expect(page).toHaveURL(/sort=starts&order=asc/);
  const list = page.getByTestId('analytics-dramas');
  await expect(list).toHaveAttribute('data-sort', 'starts.asc');
  const values = async () =>
    (
      await page
        .locator(
          `[data-testid="${isMobile(page) ? 'analytics-drama-row-card' : 'analytics-drama-row'}"]`,
        )
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-value'))))
    ).filter((v) => Number.isFinite(v));
  const ascending = await values();
  expect(ascending.length).toBeGreaterThan(0);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  if (!isMobile(page)) {
    await expect(page.getByRole('columnheader', { name: /회차 재생 시작/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  }
  await sortBy(isMobile(page) ? 'viewers.desc' : 'viewers');
  await expect(page).toHaveURL(/sort=viewers&order=desc/);
  // the address changes before the table redraws in the new order
  await expect(list).toHaveAttribute('data-sort', 'viewers.desc');
  const descending = await values();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  // Back returns to the order before
  await page.goBack();
  await expect(list).toHaveAttribute('data-sort', 'starts.asc');
  await page.goForward();
  await expect(list).toHaveAttribute('data-sort', 'viewers.desc');
  // the keyboard alone sorts too
  if (!isMobile(page)) {
    await page.getByTestId('sort-paywallShown').focus();
    await page.keyboard.press('Enter');
    await expect(list).toHaveAttribute('data-sort', 'paywallShown.desc');
  }
  await expectNoSeriousAxe(page, 'dramas');

  // the CSV of the table holds our drama's figures (every page, in the table's order)
  const [tableCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('analytics-dramas-csv').click(),
  ]);
  const tableRows = parseCsv(await readFile((await tableCsv.path()) ?? '', 'utf8'));
  const ours = tableRows.find((r) => r.dramId === String(dramId));
  expect(ours, 'our drama in the CSV').toBeTruthy();
  expect(Number(ours?.viewers)).toBe(expected.viewers);
  expect(Number(ours?.starts)).toBe(expected.starts);
  expect(Number(ours?.completions)).toBe(expected.completions);
  expect(Number(ours?.paywallShown)).toBe(expected.shown);
  expect(Number(ours?.converted)).toBe(expected.converted);
  // in the table's order: by paywall shown after the keyboard's sort (desktop), else by viewers
  const sortedBy = isMobile(page) ? 'viewers' : 'paywallShown';
  const csvInOrder = tableRows.map((r) => Number(r[sortedBy]));
  expect(csvInOrder).toEqual([...csvInOrder].sort((a, b) => b - a));
  await shoot(page, 'analytics-dramas');

  // --- the funnel, reached from the drama's console page ---
  await page.goto(`/admin/catalog/${dramId}`);
  await page.getByTestId('drama-funnel-link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/analytics/dramas/${dramId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`퍼널: ${title.ko}`);
  const funnel = page.getByTestId('funnel');
  await expect(funnel).toHaveAttribute('data-paywall', '3');
  const stat = (key: string) => funnel.locator(`[data-stat="${key}"] dd`);
  expect(digits(await stat('viewers').innerText())).toBe(expected.viewers);
  expect(digits(await stat('starts').innerText())).toBe(expected.starts);
  expect(digits(await stat('completions').innerText())).toBe(expected.completions);
  expect(digits(await stat('paywallShown').innerText())).toBe(expected.shown);
  expect(digits(await stat('coinsSpent').innerText())).toBe(PRICE);
  // the drop-off curve: one line of every episode's viewers in the table beside it
  const rowTestId = isMobile(page) ? 'funnel-episode-card' : 'funnel-episode';
  const episodes = funnel.locator(`[data-testid="${rowTestId}"]`);
  await expect(episodes).toHaveCount(3);
  for (const e of expected.rows) {
    const line = episodes.nth(e.epsd - 1);
    await expect(line).toHaveAttribute('data-episode', String(e.epsd));
    await expect(line).toHaveAttribute('data-viewers', String(e.viewers));
    expect(digits(await line.locator('[data-col="completions"]').innerText())).toBe(e.completions);
  }
  await expect(episodes.nth(2)).toHaveAttribute('data-paywall', 'true');
  await expect(episodes.nth(2).locator('[data-col="revenue"]')).toHaveText(
    new Intl.NumberFormat('ko-KR', { style: 'currency', currency: 'USD' }).format(paidCents / 100),
  );
  // first to third episode in the curve, the paywall marked at the third
  const chart = page.getByTestId('funnel-chart');
  await expect(chart).toHaveAttribute('role', 'img');
  await expect(chart.locator('circle')).toHaveCount(3);
  await expect(page.getByTestId('funnel-chart-paywall')).toBeVisible();
  // the paywall's outcomes: each viewer who reached it in exactly one
  const third = expected.rows.find((e) => e.epsd === 3);
  if (!third) throw new Error('the scenario has a third episode');
  const outcome = (name: string) =>
    page.locator(`[data-testid="funnel-outcome"][data-outcome="${name}"]`);
  await expect(page.getByTestId('funnel-paywall-reached')).toHaveText(`${third.shown}명 도달`);
  for (const [name, count] of [
    ['coin', third.coin],
    ['ad', third.ad],
    ['vip', 0],
    ['auto', 0],
    ['left', 0],
    ['pending', third.pending],
  ] as const) {
    await expect(outcome(name)).toHaveAttribute('data-count', String(count));
  }
  await expect(page.getByTestId('funnel-paywall-rate')).toHaveText(
    `잠금 해제: ${new Intl.NumberFormat('ko-KR', { style: 'percent', maximumFractionDigits: 1 }).format(third.converted / third.shown)}`,
  );
  await expectNoSeriousAxe(page, 'funnel');
  // a period long before the scenario has none of it; Back brings the period back
  const shownFrom = await funnel.getAttribute('data-from');
  await page.getByTestId('range-from').fill('2020-01-01');
  await page.getByTestId('range-to').fill('2020-01-31');
  await page.getByTestId('range-apply').click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(funnel).toHaveAttribute('data-from', '2020-01-01');
  await expect(stat('viewers')).toHaveText('0');
  await expect(page.getByTestId('range-shown')).toContainText('2020');
  await page.goBack();
  await expect(funnel).toHaveAttribute('data-from', shownFrom ?? '');
  expect(digits(await stat('viewers').innerText())).toBe(expected.viewers);
  // a quick period that holds today holds the scenario
  await page.getByRole('button', { name: '최근 7일', exact: true }).click();
  await expect(page.getByRole('button', { name: '최근 7일', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(stat('viewers')).toHaveText(String(expected.viewers));
  // the funnel's CSV: a row per episode with the same numbers
  const [funnelCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('funnel-csv').click(),
  ]);
  const funnelRows = parseCsv(await readFile((await funnelCsv.path()) ?? '', 'utf8'));
  for (const e of expected.rows) {
    const line = funnelRows.find((r) => r.epsd === String(e.epsd));
    expect(line, `episode ${e.epsd} in the funnel CSV`).toBeTruthy();
    expect(Number(line?.viewers)).toBe(e.viewers);
    expect(Number(line?.starts)).toBe(e.starts);
    expect(Number(line?.completions)).toBe(e.completions);
    expect(Number(line?.paywallShown)).toBe(e.shown);
    expect(Number(line?.coin_unlocks)).toBe(e.coin);
    expect(Number(line?.ad_unlocks)).toBe(e.ad);
    expect(Number(line?.pending)).toBe(e.pending);
    expect(Number(line?.gross_USD)).toBe(e.epsd === 3 ? paidCents : 0);
  }
  const totalLine = funnelRows.find((r) => r.epsd === 'total');
  expect(Number(totalLine?.viewers)).toBe(expected.viewers);
  expect(Number(totalLine?.starts)).toBe(expected.starts);
  await shoot(page, 'analytics-funnel');
  // the funnel's way back keeps the period
  await page.getByTestId('funnel-back').click();
  await expect(page).toHaveURL(/\/admin\/analytics\/dramas\?from=\d{4}-\d{2}-\d{2}&to=/);

  // --- retention: the grid of sign-up weeks, a segment in the address ---
  await page.goto('/admin/analytics/retention');
  await expect(page.getByRole('heading', { level: 1, name: '리텐션' })).toBeVisible();
  const grid = page.getByTestId(isMobile(page) ? 'cohort-cards' : 'cohort-grid');
  await expect(grid).toBeVisible();
  // this week's cohort holds at least the scenario's two members (guests have not signed up)
  const size = Number(
    await page.locator('[data-testid="cohort-row"]').last().getAttribute('data-size'),
  );
  expect(size).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: '자연 유입', exact: true }).click();
  await expect(page).toHaveURL(/segment=organic/);
  await expect(page.getByTestId('retention')).toHaveAttribute('data-segment', 'organic');
  await expect(page.getByRole('button', { name: '자연 유입', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goBack();
  await expect(page.getByTestId('retention')).toHaveAttribute('data-segment', 'all');
  await expectNoSeriousAxe(page, 'retention');
  await shoot(page, 'analytics-retention');
  await context.close();
});
