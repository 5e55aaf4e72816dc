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

/** An admin on the Operators page invites someone with a role; returns the one-time link. */
export async function inviteOperator(
  admin: Page,
  email: string,
  role: 'admin' | 'editor' | 'support',
): Promise<string> {
  await admin.getByTestId('invite-email').fill(email);
  await admin.getByTestId('invite-role').selectOption(role);
  await admin.getByTestId('invite-submit').click();
  const link = await admin.getByTestId('operator-link-address').inputValue();
  expect(link).toMatch(/\/admin\/link#[A-Za-z0-9_-]{43}$/);
  return link;
}

/** Opens an invitation (or reset) link and sets the password; the console opens signed in. */
export async function acceptOperatorLink(
  page: Page,
  link: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId('link-for')).toContainText(email);
  await page.getByTestId('link-password').fill(password);
  await page.getByTestId('link-password-again').fill(password);
  await page.getByTestId('link-submit').click();
  await expect(page.getByTestId('console-nav')).toBeVisible();
}

/**
 * On My account: starts two-step sign-in, reads the secret under the QR code and confirms with the
 * code an authenticator app would show; returns the secret and the recovery codes (left on screen).
 */
export async function enrolTotp(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/admin/account');
  await page.getByTestId('totp-start').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('totp-confirm-code').fill(totpCode(secret));
  await page.getByTestId('totp-confirm').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  return { secret, recoveryCodes: await page.getByTestId('recovery-code').allTextContents() };
}

/**
 * Signs in with a password and the authenticator's code. The code is the next 30-second step's:
 * the current one may have been used already (a used code is refused), and the server accepts
 * one step either side.
 */
export async function signInWithTotp(
  page: Page,
  operator: { email: string; password: string },
  secret: string,
): Promise<void> {
  await page.goto('/admin/sign-in');
  await page.getByTestId('console-email').fill(operator.email);
  await page.getByTestId('console-password').fill(operator.password);
  await page.getByTestId('console-sign-in').click();
  await expect(page.getByTestId('console-totp')).toBeVisible();
  await page.getByTestId('console-totp').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByTestId('console-sign-in').click();
  await expect(page.getByTestId('console-nav')).toBeVisible();
}
