import { createHmac } from 'node:crypto';
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

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret, as an authenticator app shows it. */
export function totpCode(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secretBase32.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
