import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { E2E_ADMIN, expectNoHorizontalOverflow, signInConsole } from './console-helpers';

/**
 * Issue 41 items 5 and 6: the audit a security review can use and the dashboard over a range.
 * A refused sign-in is found in the audit by today's date and the sign-in family, with its
 * address and reason; the same filter downloads as CSV; the dashboard's range changes its
 * numbers. Both projects, each at its own size (the audit's table on the desktop, its cards on the
 * phone), and the other size's layout checked inside (cards, no sideways scrolling). The two
 * projects sign in at the same time: what one counts, the other may add to while it reads.
 */

/** The service day it is now (SERVICE_TIMEZONE, Asia/Seoul by default), YYYY-MM-DD. */
const serviceToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());

async function expectNoSeriousAxe(page: Page, label: string) {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

/** The page in Japanese and English too, at 390 px: its heading in the language, no key shown raw. */
async function expectEveryLanguage(page: Page, headings: { ja: string; en: string }) {
  const language = page.locator('select[aria-label]').filter({ hasText: '日本語' }).first();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ['ja', 'en', 'ko'] as const) {
    await language.selectOption(lang);
    await expectNoHorizontalOverflow(page);
    if (lang !== 'ko') {
      await expect(page.getByRole('heading', { name: headings[lang], exact: true })).toBeVisible();
    }
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b(audit|dash)\.[a-z_]+/);
  }
}

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a refused sign-in is in the audit by date and family, exported as CSV; the dashboard range changes its numbers', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = test.info().project.use;
  const context = await browser.newContext({
    locale: 'ko-KR',
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const today = serviceToday();

  // --- someone types a wrong password for the admin ---
  await page.goto('/admin/sign-in');
  await page.getByTestId('console-email').fill(E2E_ADMIN.email);
  await page.getByTestId('console-password').fill('not-the-password-1');
  await page.getByTestId('console-sign-in').click();
  await expect(page.getByText('이메일 또는 비밀번호가 올바르지 않습니다.')).toBeVisible();

  // --- the admin finds it: today, sign-ins and sign-outs ---
  await signInConsole(page, E2E_ADMIN, '/admin/audit');
  await expect(page.getByRole('heading', { name: '감사 로그', exact: true })).toBeVisible();
  const filters = page.locator('form').filter({ has: page.locator('select[name="actor"]') });
  await filters.locator('select[name="action"]').selectOption('f:operator.sign_');
  await filters.locator('input[name="from"]').fill(today);
  await filters.locator('input[name="to"]').fill(today);
  await filters.getByRole('button', { name: '필터', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`family=operator.sign_.*from=${today}&to=${today}`));

  const phone = test.info().project.name === 'mobile';
  const refused = page
    .locator(`${phone ? 'article' : 'tr'}[data-action="operator.sign_in_failed"]`)
    .first();
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('로그인 실패');
  await expect(refused).toContainText('비밀번호 틀림');
  await expect(refused).toContainText('로그인 전');
  await expect(refused).toContainText(E2E_ADMIN.email);
  await expect(refused).toContainText('127.0.0.1');
  // only the family is listed: sign-ins, refused sign-ins and sign-outs
  const actions = await page
    .locator('tr[data-testid="audit-row"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action') ?? ''));
  expect(actions.length).toBeGreaterThan(1);
  expect(actions.every((a) => a.startsWith('operator.sign_'))).toBe(true);

  // --- the same filter as CSV ---
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('audit-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toBe(
    'id,at,actor,operator_id,operator_email,ip,user_agent,action,target_type,target_id,target_name,before,after',
  );
  // every entry listed, and any the other project's sign-ins added since the list was read
  expect(lines.length).toBeGreaterThanOrEqual(actions.length);
  expect(
    lines.some((l) => l.includes(',anonymous,') && l.includes('operator.sign_in_failed')),
  ).toBe(true);
  expect(lines.every((l) => /,operator\.sign_(in|in_failed|out),/.test(l))).toBe(true);

  // --- phones: cards, nothing sideways ---
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.locator('article[data-action="operator.sign_in_failed"]').first(),
  ).toBeVisible();
  await expect(page.locator('tr[data-testid="audit-row"]').first()).toBeHidden();
  await shoot(page, 'audit');
  await expectNoSeriousAxe(page, 'audit');
  await expectEveryLanguage(page, { ja: '監査ログ', en: 'Audit log' });

  // --- the dashboard: a viewer arrives today; a past range has none ---
  const guest = randomUUID();
  expect(
    (
      await page.request.post('/api/v1/auth/login', { data: { authMthd: 'guest', authId: guest } })
    ).status(),
  ).toBe(403);
  expect(
    (
      await page.request.post('/api/v1/auth/join', {
        data: { authMthd: 'guest', authId: guest, infoAgreeYn: 'N' },
      })
    ).status(),
  ).toBe(200);
  await page.goto('/admin/dashboard');
  const stats = page.getByTestId('dash-stats');
  const newViewers = page.locator('[data-stat="newViewers"] [data-testid="dash-value"]');
  await page.getByRole('button', { name: '오늘', exact: true }).click();
  await expect(stats).toHaveAttribute('data-from', today);
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  const todayCount = Number((await newViewers.innerText()).replace(/\D/g, ''));
  expect(todayCount).toBeGreaterThanOrEqual(1);

  await page.locator('input[name="from"]').fill('2020-01-01');
  await page.locator('input[name="to"]').fill('2020-01-31');
  await page.getByRole('button', { name: '보기', exact: true }).click();
  await expect(stats).toHaveAttribute('data-from', '2020-01-01');
  await expect(stats).not.toHaveAttribute('data-stale', /.*/);
  await expect(newViewers).toHaveText('0');
  await expect(page.getByTestId('dash-period')).toContainText('2019');
  // a first day after the last is told, and nothing is asked
  await page.locator('input[name="from"]').fill('2020-02-10');
  await page.getByRole('button', { name: '보기', exact: true }).click();
  await expect(page.getByText('시작일은 종료일보다 늦을 수 없습니다.')).toBeVisible();
  await expect(stats).toHaveAttribute('data-from', '2020-01-01');
  // a preset again: the complaint goes with the old range
  await page.getByRole('button', { name: '최근 7일', exact: true }).click();
  await expect(stats).not.toHaveAttribute('data-from', '2020-01-01');
  await expect(page.getByText('시작일은 종료일보다 늦을 수 없습니다.')).toBeHidden();
  await expect(page.getByTestId('dash-money')).toContainText('순매출');
  await shoot(page, 'dashboard');
  await expectNoSeriousAxe(page, 'dashboard');
  await expectEveryLanguage(page, { ja: 'ダッシュボード', en: 'Dashboard' });
  await context.close();
});
