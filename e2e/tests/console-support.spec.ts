import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';
import { buyCoinPack, signInNewViewer, waitForApp } from './helpers';

/**
 * Issue 41 item 4 as people do it: an admin invites a support operator; support answers a viewer's
 * inquiry with a saved reply, the viewer sees the badge and the answer (and the badge clears once
 * read); support finds the viewer by name, writes a note and suspends them, and the viewer is
 * refused with the suspension's message. The viewer page's tables are cards that fit 390 px.
 */

/** A console page in its own browser context, as wide as the viewer's page. */
async function consoleContext(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
  });
  return context.newPage();
}

/** The admin invites a support operator, who sets a password from the link and lands signed in. */
async function signInNewSupport(
  browser: Browser,
  page: Page,
): Promise<{ support: Page; email: string }> {
  const admin = await consoleContext(browser, page);
  await signInConsole(admin, undefined, '/admin/operators');
  const email = `support-${Date.now()}@e2e.test`;
  await admin.getByTestId('invite-email').fill(email);
  await admin.getByTestId('invite-role').selectOption('support');
  await admin.getByTestId('invite-submit').click();
  const link = await admin.getByTestId('operator-link-address').inputValue();
  await admin.context().close();
  const support = await consoleContext(browser, page);
  await support.goto(link);
  await support.getByTestId('link-password').fill('support password 1');
  await support.getByTestId('link-password-again').fill('support password 1');
  await support.getByTestId('link-submit').click();
  await expect(support.getByTestId('console-nav')).toBeVisible();
  return { support, email };
}

/** The viewer's user id, read from the access token the app keeps (its subject). */
async function viewerIdOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const payload = JSON.parse(
    Buffer.from((token ?? '').split('.')[1] ?? '', 'base64url').toString(),
  ) as { sub: string };
  return payload.sub;
}

test('support answers with a saved reply, the viewer sees the badge; support suspends the viewer, who is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInNewViewer(page, 'support-flow');
  const userId = await viewerIdOf(page);
  // an order, so that the viewer page has an orders row with its State and Refund
  await buyCoinPack(page);

  // --- the viewer asks ---
  const question = `My coins vanished after the update, please check ${Date.now()}.`;
  await page.goto('/support/inquiries');
  await waitForApp(page);
  await page.getByTestId('my-inquiries-new').click();
  await page.getByTestId('qna-text').fill(question);
  await page.getByTestId('qna-submit').click();
  await expect(page.getByText('Inquiry has been registered')).toBeVisible();

  // --- support keeps a saved reply in English and answers with it ---
  const { support, email: me } = await signInNewSupport(browser, page);
  await support.goto('/admin/inquiries');
  await support.getByTestId('inq-toggle-canned').click();
  const reply = 'We checked your wallet: the coins are back. Sorry for the trouble.';
  const title = `Coins back ${Date.now()}`;
  const form = support.getByTestId('canned-new');
  await form.getByTestId('canned-lang').selectOption('en');
  await form.getByTestId('canned-title').fill(title);
  await form.getByTestId('canned-body').fill(reply);
  await form.getByTestId('canned-submit').click();
  await expect(support.getByText(`Saved reply "${title}" added.`)).toBeVisible();
  await support.getByTestId('inq-toggle-canned').click();

  // the longest waiting first; the card names the viewer, not an id
  await expect(support.getByTestId('inq-sort')).toHaveValue('waiting');
  const card = support.getByTestId('inquiry-card').filter({ hasText: question });
  await expect(card.getByTestId('inquiry-viewer')).toContainText('Google');
  await expect(card.getByTestId('inquiry-viewer')).not.toContainText(userId.slice(0, 8));
  await expect(card.getByTestId('inquiry-waiting')).toBeVisible();
  // support takes it
  await card.getByTestId('inquiry-assignee').selectOption({ label: me });
  await expect(support.getByText(`The inquiry is now assigned to ${me}.`)).toBeVisible();
  await support.getByTestId('inq-assignee-filter').selectOption('mine');
  await expect(support.getByTestId('inquiry-card').filter({ hasText: question })).toHaveCount(1);
  // the stale assignment message went with the filter change
  await expect(support.getByText(`The inquiry is now assigned to ${me}.`)).toHaveCount(0);
  const mine = support.getByTestId('inquiry-card').filter({ hasText: question });
  await mine.getByTestId('inquiry-canned').selectOption({ label: title });
  await expect(mine.getByTestId('inquiry-answer-text')).toHaveValue(reply);
  await mine.getByTestId('inquiry-answer-send').click();
  await expect(support.getByText('The answer was sent.')).toBeVisible();
  await expectNoHorizontalOverflow(support);

  // --- the viewer sees the badge, then the answer; the badge clears once read ---
  await page.goto('/profile');
  await waitForApp(page);
  await expect(page.getByTestId('profile-unread-answers')).toHaveText('1');
  await page.getByTestId('profile-inquiries-link').click();
  const answered = page.getByTestId('my-inquiry').filter({ hasText: question });
  await expect(answered.getByTestId('my-inquiry-answer')).toContainText(reply);
  await expect(answered.getByTestId('my-inquiry-new')).toBeVisible();
  await page.goto('/profile');
  await waitForApp(page);
  await expect(page.getByTestId('profile-inquiries-link')).toBeVisible();
  await expect(page.getByTestId('profile-unread-answers')).toHaveCount(0);
  // the console says the viewer read it (answered: it left the open tab)
  await support.getByTestId('inq-tab-answered').click();
  await expect(
    support.getByTestId('inquiry-card').filter({ hasText: question }).getByTestId('inquiry-read'),
  ).toHaveText('The viewer has read the answer.');

  // --- support finds the viewer, writes a note, suspends ---
  await support.goto('/admin/viewers');
  await support.getByTestId('viewer-search').fill(userId);
  await support.getByTestId('viewer-search-submit').click();
  await support.getByTestId('viewer-result').first().click();
  await expect(support.getByTestId('viewer-identity')).toContainText('Google');
  await support.getByTestId('viewer-note-text').fill('Asked about vanished coins; answered.');
  await support.getByTestId('viewer-note-add').click();
  await expect(support.getByTestId('viewer-note')).toContainText(me);
  await support.getByTestId('viewer-suspend-reason').fill('Chargeback abuse');
  await support.getByTestId('viewer-suspend').click();
  await support.getByTestId('viewer-suspend-confirm').click();
  await expect(
    support.getByText('Suspended until lifted. The viewer has been signed out.'),
  ).toBeVisible();
  await expect(support.getByTestId('viewer-suspended')).toContainText('Chargeback abuse');

  // the viewer page fits: no sideways scroll, the order's State and Refund on screen
  await expectNoHorizontalOverflow(support);
  const width = support.viewportSize()?.width ?? 1280;
  for (const cell of [
    support.locator('td[data-label="State"]').first(),
    support.getByRole('button', { name: 'Refund' }).first(),
  ]) {
    await expect(cell).toBeVisible();
    const box = await cell.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }

  // --- the viewer is refused with the suspension's words ---
  await page.reload();
  await expect(page.getByText('This account is suspended.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });

  // --- lifted: the console says so, and the viewer page says the viewer is not suspended ---
  await support.getByTestId('viewer-lift').click();
  await expect(
    support.getByText('The suspension is lifted: the viewer can sign in again.'),
  ).toBeVisible();
  await expect(support.getByTestId('viewer-active')).toBeVisible();
  await support.context().close();
});
