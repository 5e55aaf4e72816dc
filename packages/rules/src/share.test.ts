import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SHARE_HASHTAGS,
  SHARE_LANDING_PARAM,
  SHARE_LANDING_VALUE,
  episodeShareUrl,
  isShareLanding,
  shareImageUrl,
  socialShareUrl,
  withHashtags,
} from './share';

describe('share links', () => {
  it.each([
    ['https://snapdrama.example', 3, 7, 'https://snapdrama.example/3/7?from=share'],
    ['https://snapdrama.example/', 1, 1, 'https://snapdrama.example/1/1?from=share'],
    ['http://127.0.0.1:3941', 12, 30, 'http://127.0.0.1:3941/12/30?from=share'],
  ])('%s drama %i ep %i → %s', (origin, dramaId, epsd, expected) => {
    expect(episodeShareUrl(origin, dramaId, epsd)).toBe(expected);
  });

  it('carries the sharer’s language for the preview, and the shared-link mark', () => {
    const link = episodeShareUrl('https://s.example', 3, 7, 'ko');
    expect(link).toBe('https://s.example/3/7?lang=ko&from=share');
    const url = new URL(link);
    expect(url.searchParams.get('lang')).toBe('ko');
    expect(url.searchParams.get(SHARE_LANDING_PARAM)).toBe(SHARE_LANDING_VALUE);
    expect(isShareLanding(url.search)).toBe(true);
  });

  it.each([
    ['?from=share', true],
    ['from=share', true],
    ['?lang=en&from=share', true],
    ['?from=other&from=share', true],
    ['', false],
    ['?lang=en', false],
    ['?from=Share', false],
    ['?from=shared', false],
    ['?from=', false],
    ['?xfrom=share', false],
  ])('a landing with %j is a shared link: %s', (search, expected) => {
    expect(isShareLanding(search)).toBe(expected);
  });

  it('every share link is recognised as one, whatever the drama, episode and language', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e4 }),
        fc.option(fc.constantFrom('ko', 'en', 'ja'), { nil: undefined }),
        (dramaId, epsd, lang) => {
          const url = new URL(episodeShareUrl('https://s.example', dramaId, epsd, lang));
          expect(url.pathname).toBe(`/${dramaId}/${epsd}`);
          expect(url.searchParams.get('lang')).toBe(lang ?? null);
          expect(isShareLanding(url.search)).toBe(true);
        },
      ),
    );
  });

  it.each([
    [
      'x',
      'https://twitter.com/intent/tweet',
      { text: 'Hi', url: 'https://a.b/1/2', hashtags: 'SnapDrama,ShortDrama' },
    ],
    [
      'facebook',
      'https://www.facebook.com/sharer/sharer.php',
      { u: 'https://a.b/1/2', hashtag: '#SnapDrama' },
    ],
    ['line', 'https://social-plugins.line.me/lineit/share', { url: 'https://a.b/1/2', text: 'Hi' }],
  ] as const)('%s goes to %s with its parameters', (target, base, params) => {
    const url = new URL(socialShareUrl(target, 'https://a.b/1/2', 'Hi'));
    expect(`${url.origin}${url.pathname}`).toBe(base);
    expect(Object.fromEntries(url.searchParams)).toEqual(params);
  });

  // fast-check builds its web URL arbitrary on first use, about 2 s of CPU on an idle machine:
  // more than vitest's 5 s default under CI's load
  it('any text and link survive the round trip through the query', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.string(), fc.webUrl(), (text, link) => {
        for (const target of ['x', 'line'] as const) {
          const q = new URL(socialShareUrl(target, link, text)).searchParams;
          expect(q.get('text')).toBe(text);
          expect(q.get('url')).toBe(link);
        }
      }),
    );
  });

  it('fixed hashtags are appended to the text', () => {
    expect(withHashtags('Watch')).toBe('Watch #SnapDrama #ShortDrama');
    expect(SHARE_HASHTAGS).toEqual(['SnapDrama', 'ShortDrama']);
  });
});

describe('shareImageUrl', () => {
  it("names a drama's picture by kind and language, under the origin", () => {
    expect(shareImageUrl('https://s.example/', 3, 'square', 'ko')).toBe(
      'https://s.example/og/3/square-ko.png',
    );
    expect(shareImageUrl('https://s.example', 12, 'wide', 'ja')).toBe(
      'https://s.example/og/12/wide-ja.png',
    );
  });
});
