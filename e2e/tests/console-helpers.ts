import { expect, type Page } from '@playwright/test';

/** The console admin the e2e server creates at start (playwright.config.ts OPERATOR_BOOTSTRAP_*). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

/** Signs in to the operator console as a person does and waits for its navigation. */
export async function signInConsole(
  page: Page,
  operator: { email: string; password: string } = E2E_ADMIN,
  next = '/admin',
): Promise<void> {
  await page.goto(next);
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByTestId('console-email').fill(operator.email);
  await page.getByTestId('console-password').fill(operator.password);
  await page.getByTestId('console-sign-in').click();
  await expect(page.getByTestId('console-nav')).toBeVisible();
}

/** No page wider than the viewport (the console must work at 390 px). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
