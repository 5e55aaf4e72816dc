import { expect, test, type Page } from '@playwright/test';
import { holdAppEntry, isMobile, storedToken, waitForApp } from './helpers';

async function currentUser(page: Page) {
  // the app may show before the guest join has answered and its token is stored
  await expect
    .poll(() => storedToken(page), { message: 'the app stores an access token' })
    .toBeTruthy();
  const token = await storedToken(page);
  const res = await page.request.get('/api/v1/user/info', {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as { data: { user: { user_id: string; auth_mthd: string; lang: string } } }
  ).data.user;
}

/** Picks a language the way a viewer does at this screen size. */
async function chooseLanguage(page: Page, lang: 'ko' | 'en' | 'ja') {
  if (isMobile(page)) {
    await page.goto('/settings/language');
    await page.getByTestId(`language-option-${lang}`).click();
  } else {
    await page.getByTestId('language-picker').selectOption(lang);
  }
  // the switch is done (dictionary loaded, choice stored) once the page says the new language
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('a first visit is signed in as a guest, opens a drama and the video plays', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  const user = await currentUser(page);
  expect(user.auth_mthd).toBe('guest');

  const cards = page.getByTestId('drama-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
  await cards.first().click();

  await expect(page).toHaveURL(/\/\d+\/\d+$/);
  const video = page.getByTestId('player-video').first();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
});

test("a first visit's guest join leaves before the app's code, once, and the app keeps it", async ({
  page,
}) => {
  const auth: string[] = [];
  const dictionaries: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/auth\/(join|login)$/.test(path) || path.endsWith('/user/info')) auth.push(path);
    if (path.startsWith('/api/v1/auth/dictionary/')) dictionaries.push(path);
  });
  // the app's entry is held back: only the boot script can have sent anything meanwhile: the
  // join, then the user info with its token, and the dictionary
  const releaseEntry = await holdAppEntry(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect.poll(() => auth).toEqual(['/api/v1/auth/join', '/api/v1/user/info']);
  await expect.poll(() => dictionaries).toEqual(['/api/v1/auth/dictionary/en']);
  releaseEntry();
  // the app took the boot's answers: no second join, no login, no cookie check, no second user
  // info or dictionary
  await expect(page.getByTestId('drama-card').first()).toBeVisible();
  expect(auth).toEqual(['/api/v1/auth/join', '/api/v1/user/info']);
  expect(dictionaries).toEqual(['/api/v1/auth/dictionary/en']);
  const user = await currentUser(page);
  expect(user.auth_mthd).toBe('guest');
  const guestId = await page.evaluate(() => localStorage.getItem('guest_id'));
  expect(guestId).toBeTruthy();

  // a reload is the same guest, and the boot script leaves a known browser's session to the app
  auth.length = 0;
  dictionaries.length = 0;
  await page.reload();
  await expect(page.getByTestId('drama-card').first()).toBeVisible();
  expect(auth).toEqual(['/api/v1/user/info']);
  expect(dictionaries).toEqual(['/api/v1/auth/dictionary/en']);
  expect((await currentUser(page)).user_id).toBe(user.user_id);
});

test("a first visit on a player link asks for the drama and starts the episode before the app's code, once", async ({
  page,
}) => {
  const sent: string[] = [];
  const segments: string[] = [];
  const code: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\.(mp4|m4s|ts)$/.test(path)) segments.push(path);
    const chunk = /^\/assets\/(player-page|hls-engine)-[\w-]+\.js$/.exec(path);
    if (chunk?.[1]) code.push(chunk[1]);
    if (!path.startsWith('/api/v1/')) return;
    if (/\/auth\/(join|login)$|\/drama\/info\/|\/drama\/episode$/.test(path)) {
      sent.push(`${r.method()} ${path}`);
    }
  });
  // the app's entry is held back: only the boot script can send anything meanwhile
  const releaseEntry = await holdAppEntry(page);
  await page.goto('/1/1', { waitUntil: 'commit' });
  await expect
    .poll(() => [...sent].sort())
    .toEqual(['GET /api/v1/drama/info/1', 'POST /api/v1/auth/join', 'POST /api/v1/drama/episode']);
  expect(sent[0]).toBe('POST /api/v1/auth/join');
  // and once the start answered, the first segments of the rendition the player starts on: on the
  // phone layout the boot script plays its first seconds itself (boot-video.ts), elsewhere it
  // fetches the first segment for the player
  await expect.poll(() => segments.length).toBe(isMobile(page) ? 4 : 2);
  expect(segments[0]).toMatch(/\.mp4$/);
  expect(segments[1]).toMatch(/\.(m4s|ts)$/);
  // then the player's code: its page and hls.js
  await expect.poll(() => [...code].sort()).toEqual(['hls-engine', 'player-page']);
  releaseEntry();
  // the player took the boot's start and plays it: one join, one start in all
  const video = page.getByTestId('player-video').first();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.3);
  expect(sent.filter((s) => s.endsWith('/auth/join') || s.endsWith('/auth/login'))).toEqual([
    'POST /api/v1/auth/join',
  ]);
  expect(sent.filter((s) => s === 'POST /api/v1/drama/episode')).toHaveLength(1);
  // the app ran the files the boot script had asked for, without asking again
  expect([...code].sort()).toEqual(['hls-engine', 'player-page']);
  await expect(page).toHaveURL(/\/1\/1$/);
});

test('switching the language to ko shows Korean; a reload keeps the guest and the language', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  const before = await currentUser(page);

  await chooseLanguage(page, 'ko');
  await page.goto('/');
  await waitForApp(page);
  // a demo drama title and interface text in Korean
  await expect(page.getByText('CEO의 계약 신부').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

  await page.reload();
  await waitForApp(page);
  await expect(page.getByText('CEO의 계약 신부').first()).toBeVisible();
  const after = await currentUser(page);
  expect(after.user_id).toBe(before.user_id);

  await chooseLanguage(page, 'en');
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByText("The CEO's Contract Bride").first()).toBeVisible();
});
