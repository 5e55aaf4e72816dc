import { expect, test } from '@playwright/test';
import { waitForApp } from './helpers';
import { E2E_ADMIN, expectNoHorizontalOverflow, signInConsole } from './console-helpers';

test('the console asks for sign-in, refuses a wrong password, and signs an admin in and out', async ({
  page,
}) => {
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faudit/);
  await page.getByTestId('console-email').fill(E2E_ADMIN.email);
  await page.getByTestId('console-password').fill('not the password');
  await page.getByTestId('console-sign-in').click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sign-in/);

  await page.getByTestId('console-password').fill(E2E_ADMIN.password);
  await page.getByTestId('console-sign-in').click();
  // back where the operator was going, with its own session cookie (not readable by scripts)
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'operator_token')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/v1/admin',
  });
  await expectNoHorizontalOverflow(page);

  // the audit log shows this sign-in
  await page.goto('/admin/audit?action=operator.sign_in');
  await expect(page.getByText(E2E_ADMIN.email).filter({ visible: true }).first()).toBeVisible();

  await page.getByTestId('console-sign-out').click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test("the viewers' pages load nothing of the console", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await waitForApp(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /admin|console|audit-page/.test(url))).toEqual([]);
});

test('a viewer session is no console session', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.get('/api/v1/admin/auth/me', {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(401);
  await signInConsole(page);
});
