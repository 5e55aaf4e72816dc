import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';

/**
 * Coin validity per source on the console's economy page (issue 13 item 4): an admin changes one
 * source's days, the change is saved and read back after a reload, and the App Store row carries
 * Apple's guideline 3.1.1 warning. Each project edits its own source, so they can run together.
 */
test('an admin changes the coin validity of one source and sees it saved', async ({
  page,
}, testInfo) => {
  const source = testInfo.project.name === 'mobile' ? 'event' : 'attendance';
  await signInConsole(page, undefined, '/admin/economy');
  const card = page.getByTestId('cv-card');
  await expect(card.getByTestId('cv-apple-warning')).toContainText('3.1.1');
  await expect(card.getByTestId('cv-never-app_store')).toBeChecked();
  await expect(card.getByTestId(`cv-days-${source}`)).toHaveValue('7');
  await card.getByTestId('cv-row-app_store').scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await card.screenshot({ path: testInfo.outputPath('coin-validity.png') });
  const viewport = page.viewportSize();
  for (const width of [320, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalOverflow(page);
  }
  if (viewport) await page.setViewportSize(viewport);

  // out of range: said at once, nothing can be sent
  await card.getByTestId(`cv-days-${source}`).fill('4000');
  await expect(card.getByRole('alert')).toContainText('3650');
  await expect(card.getByTestId('cv-save')).toBeDisabled();

  await card.getByTestId(`cv-days-${source}`).fill('21');
  await card.getByTestId('cv-save').click();
  await expect(card.getByText('Saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId(`cv-days-${source}`)).toHaveValue('21');
  const stored = await page.request.get('/api/v1/admin/economy/coin-validity');
  expect((await stored.json()).data.bonus[source]).toBe(21);

  // put the default back for the other specs
  await page.getByTestId(`cv-days-${source}`).fill('7');
  await page.getByTestId('cv-save').click();
  await expect(page.getByTestId('cv-card').getByText('Saved')).toBeVisible();
});
