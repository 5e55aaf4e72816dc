import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './helpers';

/** Every Content-Security-Policy violation the page reports, collected from its first script. */
async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
  ];
}

test('the app page is served with a CSP that lets the splash, the app and the player run', async ({
  page,
}, testInfo) => {
  const violations = await collectViolations(page);
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain('https://js.stripe.com');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await waitForApp(page);
  await page.screenshot({ path: testInfo.outputPath('home.png') });
  await page.getByTestId('drama-card').first().click();
  await expect(page).toHaveURL(/\/\d+\/\d+$/);
  const video = page.getByTestId('player-video').first();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await page.screenshot({ path: testInfo.outputPath('player.png') });
  expect(await violations()).toEqual([]);
});

test('another site cannot sign the visitor in or out', async ({ page, request }) => {
  await page.goto('/');
  await waitForApp(page);
  // a form post from another origin, as an attacker's page would send it
  const forged = await request.post('/api/v1/auth/join', {
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    form: { authMthd: 'guest', authId: '00000000-0000-4000-8000-000000000001', infoAgreeYn: 'N' },
  });
  expect(forged.status()).toBe(415);
  const json = await request.post('/api/v1/auth/join', {
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    data: { authMthd: 'guest', authId: '00000000-0000-4000-8000-000000000001', infoAgreeYn: 'N' },
  });
  expect(json.status()).toBe(403);
  expect(((await json.json()) as { code: number }).code).toBe(403006);
});
