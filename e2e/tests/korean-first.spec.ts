import { expect, test } from '@playwright/test';
import { waitForApp } from './helpers';

// Issue 47: a Korean browser (ko-KR, as every Korean phone sends it) gets Korean, ₩ and the Korean
// legal texts on its first visit, with nothing chosen in settings; the server stores ko for it.
test.use({ locale: 'ko-KR' });

const HANGUL = /[\uAC00-\uD7A3]/;

test('a ko-KR browser sees ₩ on /payment and Korean terms on its first visit', async ({
  page,
}, info) => {
  await page.goto('/payment');
  await waitForApp(page);
  expect(await page.evaluate(() => navigator.language)).toBe('ko-KR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  const prices = page.getByTestId('goods-buy');
  await expect(prices.first()).toContainText('₩');
  for (const text of await prices.allInnerTexts()) {
    expect(text).toMatch(/^₩[\d,]+$/);
    expect(text).not.toContain('$');
  }
  // the VIP pass too (the locked layer shows the same plans)
  const vip = page.getByTestId('vip-offer');
  if ((await vip.count()) > 0) await expect(vip).not.toContainText('$');
  await expect(page.getByTestId('payment-page')).toContainText('코인');
  // what the browser kept is the negotiated language, not "ko-KR"
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ko');
  await page.screenshot({ path: info.outputPath('payment-ko.png') });

  await page.goto('/settings/terms');
  await waitForApp(page);
  const terms = page.getByTestId('legal-terms');
  await expect(terms).toHaveAttribute('lang', 'ko');
  await expect(terms.getByRole('heading', { level: 2 }).first()).toHaveText('제1조 (목적)');
  await expect(terms).toContainText('보너스 코인은 어떤 경우에도 취소·환불되지 않습니다');
  await expect(terms).not.toContainText('Article 1');
  await expect(terms).not.toContainText('{{');
  await page.screenshot({ path: info.outputPath('terms-ko.png'), fullPage: false });

  // the server stored the negotiated language for this new viewer
  const lang = await page.evaluate(async () => {
    const token = localStorage.getItem('access_token');
    const res = await fetch('/api/v1/user/info', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { user: { lang: string } } }).data.user.lang;
  });
  expect(lang).toBe('ko');
});

test('a refusal to a ko-KR page is Korean: an unknown drama and an over-long search', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  const refusal = async (path: string) =>
    page.evaluate(async (url) => (await fetch(url)).json() as Promise<{ message: string }>, path);
  expect((await refusal('/api/v1/drama/info/999')).message).toMatch(HANGUL);
  expect((await refusal(`/api/v1/drama/search/list/${'a'.repeat(800)}/12/1`)).message).toBe(
    '검색어는 100자까지 입력할 수 있어요.',
  );
  // and the search box cannot take more than the server accepts
  await page.goto('/search');
  await expect(page.getByTestId('search-page-input')).toHaveAttribute('maxlength', '100');
});
