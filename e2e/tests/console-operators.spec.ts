import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import {
  acceptOperatorLink,
  expectNoHorizontalOverflow,
  inviteOperator,
  signInConsole,
  totpCode,
} from './console-helpers';

/**
 * Issue 41 item 1: operators managed in the console. An admin invites an editor, who sets a
 * password from the link, turns on two-step sign-in and signs in with a code; the admin disables
 * them (their open session is refused, sign-in says "disabled"), enables them and hands out a
 * reset link that works once. Both projects, each at its own size (the admin's table on the
 * desktop, its cards on the phone); screenshots at both widths.
 */

const KO = {
  disabled: '사용이 중지된 계정입니다. 콘솔 관리자에게 문의하세요.',
  linkInvalid: '만료됐거나 이미 사용한 링크예요. 관리자에게 새 링크를 요청해 주세요.',
  totpOn: '켜짐: 로그인할 때 인증 앱의 코드를 묻습니다.',
};

/** A person's browser in Korean with this project's device (size, touch). */
async function koreanPage(browser: Browser): Promise<Page> {
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

const onPhone = () => test.info().project.name === 'mobile';

async function expectNoSeriousAxe(page: Page, label: string) {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

/** Screenshots at both widths, then back to the project's size. */
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
  if (size) await page.setViewportSize(size);
}

test('an admin invites an editor who enrols TOTP; disable, enable and a reset link', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `editor-${Date.now().toString(36)}@e2e.test`;
  const password = 'editor password 1';

  // --- the admin invites ---
  const admin = await koreanPage(browser);
  await signInConsole(admin, undefined, '/admin/operators');
  await expect(admin.getByRole('heading', { name: '운영자', exact: true })).toBeVisible();
  const inviteLink = await inviteOperator(admin, email, 'editor');
  // the phone's layout: cards, not the table
  const tableRow = admin.locator(`[data-testid="operator-row"][data-email="${email}"]`);
  const card = admin.locator(`[data-testid="operator-card"][data-email="${email}"]`);
  const row = onPhone() ? card : tableRow;
  await expect(row.getByTestId('operator-status')).toHaveText('초대됨');
  await expect(onPhone() ? tableRow : card).toBeHidden();
  await expectNoSeriousAxe(admin, 'operators');
  await expectNoHorizontalOverflow(admin);

  // --- the editor accepts the link and lands signed in ---
  const editor = await koreanPage(browser);
  await acceptOperatorLink(editor, inviteLink, email, password);
  await expect(editor).toHaveURL(/\/admin\/catalog/);
  // the link works once
  await editor.goto(inviteLink);
  await expect(editor.getByRole('alert')).toHaveText(KO.linkInvalid);

  // --- the editor turns on two-step sign-in ---
  await editor.goto('/admin/account');
  await editor.getByTestId('totp-start').click();
  await expect(editor.getByTestId('totp-qr')).toBeVisible();
  const secret = (await editor.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousAxe(editor, 'account, TOTP set-up');
  await shoot(editor, 'account-totp-setup');
  await editor.getByTestId('totp-confirm-code').fill(totpCode(secret));
  await editor.getByTestId('totp-confirm').click();
  await expect(editor.getByTestId('recovery-code')).toHaveCount(10);
  const recoveryCodes = await editor.getByTestId('recovery-code').allTextContents();
  await shoot(editor, 'account-recovery-codes');
  await editor.getByTestId('recovery-codes-done').click();
  await expect(editor.getByTestId('totp-state')).toContainText(KO.totpOn);

  // --- signs out, and in with a code (the next step's: the one that confirmed is used) ---
  await editor.getByTestId('console-sign-out').click();
  await expect(editor).toHaveURL(/\/admin\/sign-in/);
  await editor.getByTestId('console-email').fill(email);
  await editor.getByTestId('console-password').fill(password);
  await editor.getByTestId('console-sign-in').click();
  await expect(editor.getByTestId('console-totp')).toBeVisible();
  await editor.getByTestId('console-totp').fill(totpCode(secret, Date.now() + 30_000));
  await editor.getByTestId('console-sign-in').click();
  await expect(editor.getByTestId('console-nav')).toBeVisible();

  // --- the admin disables them: the open session is refused at its next request ---
  await admin.reload();
  await expect(row.getByTestId('operator-status')).toHaveText('사용 중');
  await row.getByTestId('operator-disable').click();
  await row.getByTestId('operator-disable-confirm').click();
  await expect(row.getByTestId('operator-status')).toHaveText('사용 중지');
  await shoot(admin, 'operators');
  await editor.goto('/admin/account');
  await expect(editor).toHaveURL(/\/admin\/sign-in/);
  await editor.getByTestId('console-email').fill(email);
  await editor.getByTestId('console-password').fill(password);
  await editor.getByTestId('console-sign-in').click();
  await expect(editor.getByRole('alert')).toHaveText(KO.disabled);

  // --- enabled again, a reset link sets a new password once ---
  await row.getByTestId('operator-enable').click();
  await expect(row.getByTestId('operator-status')).toHaveText('사용 중');
  await row.getByTestId('operator-link-button').click();
  const resetLink = await admin.getByTestId('operator-link-address').inputValue();
  expect(resetLink).not.toBe(inviteLink);
  await editor.goto(resetLink);
  await editor.getByTestId('link-password').fill('editor password 2');
  await editor.getByTestId('link-password-again').fill('editor password 2');
  await editor.getByTestId('link-submit').click();
  // TOTP is on: the password is set, and they sign in with a code as always
  await editor.getByTestId('link-go-sign-in').click();
  await editor.goto(resetLink);
  await expect(editor.getByRole('alert')).toHaveText(KO.linkInvalid);

  // the new password with a recovery code in place of the app's code
  await editor.goto('/admin/sign-in');
  await editor.getByTestId('console-email').fill(email);
  await editor.getByTestId('console-password').fill('editor password 2');
  await editor.getByTestId('console-sign-in').click();
  await editor.getByTestId('console-toggle-recovery').click();
  await editor.getByTestId('console-recovery-code').fill(recoveryCodes[0] ?? '');
  await editor.getByTestId('console-sign-in').click();
  await expect(editor.getByTestId('console-nav')).toBeVisible();
  // an editor has no operators page
  await expect(editor.getByTestId('console-nav').getByRole('link', { name: '운영자' })).toHaveCount(
    0,
  );
});
