import { describe, expect, it } from 'vitest';
import { bootLanguage, startBootDictionary } from './boot-dictionary';
import { takeBootDictionary, type BootDictionary } from '../shared/boot/handoff';

function page(
  options: { stored?: string; cookie?: string; languages?: string[]; htmlLang?: string } = {},
) {
  const sent: string[] = [];
  const win = {
    localStorage: {
      getItem: (key: string) => (key === 'lang' ? (options.stored ?? null) : null),
    } as Storage,
    document: {
      cookie: options.cookie ?? '',
      documentElement: { lang: options.htmlLang ?? 'en' },
    } as Document,
    navigator: {
      languages: options.languages ?? ['en-US'],
      language: options.languages?.[0] ?? 'en-US',
    } as unknown as Navigator,
    fetch: ((url: string) => {
      sent.push(url);
      return Promise.resolve(new Response(JSON.stringify({ code: 0, data: { dictionary: [] } })));
    }) as typeof fetch,
    snapdramaBootDictionary: undefined as BootDictionary | undefined,
  };
  return { win, sent };
}

describe("the boot script's dictionary", () => {
  it.each([
    ['a stored choice over the browser', { stored: 'ja', languages: ['ko-KR'] }, 'ja'],
    ['the cookie when storage has none', { cookie: 'x=1; lang=ko', languages: ['en'] }, 'ko'],
    [
      'a stored value the app does not speak is no choice',
      { stored: 'fr', languages: ['ja-JP'] },
      'ja',
    ],
    ['the first browser language the app speaks', { languages: ['fr-FR', 'ko-KR', 'en'] }, 'ko'],
    ['the primary part of a regional code', { languages: ['JA-jp'] }, 'ja'],
    [
      "the page's own language when the browser's are not spoken",
      { languages: ['fr', 'de'] },
      'en',
    ],
    ['the fallback when nothing else says', { languages: ['fr'], htmlLang: '' }, 'en'],
  ])('chooses %s', (_name, options, language) => {
    expect(bootLanguage(page(options).win)).toBe(language);
  });

  it('asks for the dictionary of that language at once, and hands it over once', async () => {
    const { win, sent } = page({ languages: ['ko-KR'] });
    startBootDictionary(win);
    expect(sent).toEqual(['/api/v1/auth/dictionary/ko']);
    expect(takeBootDictionary(win, 'en')).toBeNull();
    const reply = takeBootDictionary(win, 'ko');
    await expect(reply).resolves.toMatchObject({ status: 200, body: { code: 0 } });
    expect(takeBootDictionary(win, 'ko')).toBeNull();
  });
});
