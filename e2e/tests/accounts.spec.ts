import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { isMobile, storedToken, waitForApp } from './helpers';

interface WireUser {
  user_id: string;
  auth_mthd: string;
  ncknm: string;
  email: string | null;
  lang: string;
}

async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  const token = await storedToken(page);
  const res = await page.request.fetch(`/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token ?? ''}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${url}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const currentUser = async (page: Page) =>
  (await api<{ user: WireUser }>(page, 'GET', '/user/info')).user;

const viewedEpisodes = async (page: Page, dramaId: number) =>
  (
    await api<{ userDramaEpisodeList: { epsd: number }[] }>(page, 'GET', `/drama/info/${dramaId}`)
  ).userDramaEpisodeList.map((e) => e.epsd);

/** The login entry: in the left menu on mobile, in the top bar on desktop. */
async function openLogin(page: Page) {
  if (isMobile(page)) {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
  } else {
    await page.getByTestId('topbar-login').click();
  }
  await expect(page.getByTestId('login-sheet')).toBeVisible();
}

/** Where a member's nickname shows: left menu on mobile, top bar on desktop. */
async function expectNicknameShown(page: Page, nickname: string) {
  if (isMobile(page)) {
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-profile')).toContainText(nickname);
    await page.keyboard.press('Escape');
  } else {
    await expect(page.getByTestId('topbar-nickname')).toHaveText(nickname);
  }
}

/**
 * A guest signs in with the sandbox Google provider in a popup and accepts the terms.
 * Returns the e-mail used (a new identity each time).
 */
async function signUpWithSandboxGoogle(page: Page): Promise<string> {
  const local = `e2e${randomUUID().slice(0, 6)}`;
  const email = `${local}@sandbox.test`;
  await openLogin(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('login-google').click();
  const popup = await popupOpened;
  await expect(popup.getByText('Sandbox sign-in', { exact: false }).first()).toBeVisible();
  await popup.getByLabel('Or any test e-mail').fill(email);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close');

  const terms = page.getByTestId('terms-popup');
  await expect(terms).toBeVisible();
  const signUp = page.getByTestId('terms-sign-up');
  await expect(signUp).toBeDisabled();
  await page.getByTestId('terms-age14').check();
  await page.getByTestId('terms-terms').check();
  await expect(signUp).toBeDisabled();
  await page.getByTestId('terms-privacy').check();
  await expect(signUp).toBeEnabled();
  await expect(page.getByTestId('terms-agree-all')).not.toBeChecked();
  await page.getByTestId('terms-agree-all').check();
  await expect(page.getByTestId('terms-alarm')).toBeChecked();
  await signUp.click();
  await expect(terms).toHaveCount(0);
  await expect.poll(async () => (await currentUser(page)).auth_mthd).toBe('google');
  return email;
}

test('a guest signs in with Google (sandbox) in a popup, accepts the terms, keeps the watch history', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  const guest = await currentUser(page);
  expect(guest.auth_mthd).toBe('guest');
  await api(page, 'POST', '/drama/episode', { dramId: 1, epsd: 1 });

  const email = await signUpWithSandboxGoogle(page);
  const member = await currentUser(page);
  expect(member).toMatchObject({ auth_mthd: 'google', email, user_id: guest.user_id });
  await expectNicknameShown(page, member.ncknm);
  expect(await viewedEpisodes(page, 1)).toContain(1);

  await page.reload();
  await waitForApp(page);
  await expectNicknameShown(page, member.ncknm);
});

test('the login sheet closes on a scrim tap', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await openLogin(page);
  await expect(page.getByTestId('bottom-sheet')).toHaveCSS('height', '385px');
  await page.getByTestId('sheet-scrim').click({ position: { x: 20, y: 20 } });
  await expect(page.getByTestId('login-sheet')).toHaveCount(0);
});

test('nickname rules disable save with the guide text; a valid new nickname is saved', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  await signUpWithSandboxGoogle(page);
  const before = await currentUser(page);

  await page.goto('/profile/edit');
  if (isMobile(page)) await page.getByTestId('edit-nickname-row').click();
  const input = page.getByTestId('nickname-input');
  const save = page.getByTestId('nickname-save');
  const guide = page.getByTestId('nickname-guide');
  await expect(input).toHaveValue(before.ncknm);
  await expect(save).toBeDisabled();
  await expect(guide).toBeEmpty(); // nothing typed yet

  // too short, invalid characters, and the same as now
  for (const bad of ['a', 'ab!cd', 'ab cd', before.ncknm]) {
    await input.fill(bad);
    await expect(save).toBeDisabled();
    await expect(guide).not.toBeEmpty();
  }
  await input.fill('abcdefghijklmn');
  await expect(input).toHaveValue('abcdefghij');
  await expect(page.getByTestId('nickname-counter')).toHaveText('10/10');

  const next = before.ncknm === 'Drama24' ? 'Drama25' : 'Drama24';
  await input.fill(next);
  await expect(guide).toBeEmpty();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  await expect.poll(async () => (await currentUser(page)).ncknm).toBe(next);
});

test('withdrawal returns to / as a new guest', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await signUpWithSandboxGoogle(page);
  const member = await currentUser(page);

  await page.goto('/profile/edit');
  await page.getByTestId('withdraw-open').click();
  const confirm = page.getByTestId('withdraw-confirm');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('withdraw-agree').check();
  await confirm.click();
  await expect(page.getByTestId('alert-message')).toHaveText('Account has been deleted');
  await page.getByTestId('alert-confirm').click();

  await expect(page).toHaveURL(/\/$/);
  await waitForApp(page);
  // the new guest's join can still be on its way: until its token is stored, the deleted
  // member's token is what the page holds (and the server refuses it)
  await expect
    .poll(async () => {
      const token = await storedToken(page);
      const res = await page.request.fetch('/api/v1/user/info', {
        headers: { authorization: `Bearer ${token ?? ''}` },
      });
      return res.status();
    })
    .toBe(200);
  const after = await currentUser(page);
  expect(after.auth_mthd).toBe('guest');
  expect(after.user_id).not.toBe(member.user_id);
});

test('the language choice survives a reload and is stored on the user', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await signUpWithSandboxGoogle(page);

  if (isMobile(page)) {
    await page.goto('/settings');
    await page.getByTestId('settings-language').click();
    await page.getByTestId('language-option-ja').click();
  } else {
    await page.getByTestId('language-picker').selectOption('ja');
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect.poll(async () => (await currentUser(page)).lang).toBe('ja');
  await page.reload();
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect((await currentUser(page)).lang).toBe('ja');
});

test('a customer inquiry needs 20 characters and is registered', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  if (isMobile(page)) {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('left-menu').getByText('Customer service').click();
  } else {
    await page.getByTestId('footer').getByText('Customer service').click();
  }
  const submit = page.getByTestId('qna-submit');
  await page.getByTestId('qna-text').fill('Too short to send');
  await expect(submit).toBeDisabled();
  await page.getByTestId('qna-text').fill('The subtitles of episode 3 appear late.');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Inquiry has been registered' }),
  ).toBeVisible();
});
