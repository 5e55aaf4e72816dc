import { describe, expect, it } from 'vitest';
import {
  createShareImages,
  fitTitle,
  renderShareImage,
  SHARE_IMAGE_SIZES,
  shareImageSvg,
  shareImageVersion,
} from './share-image';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const poster = (color: string) => ({
  bytes: Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="${color}"/></svg>`,
  ),
  type: 'svg' as const,
});

describe('link-preview pictures', () => {
  it('are PNGs of 1200x630 and 800x800, with the title drawn (not left to the messenger)', () => {
    for (const kind of ['wide', 'square'] as const) {
      const png = renderShareImage({
        kind,
        lang: 'ko',
        title: '사랑의 온도',
        poster: poster('#335'),
      });
      expect(pngSize(png)).toEqual(SHARE_IMAGE_SIZES[kind]);
      const blank = renderShareImage({ kind, lang: 'ko', title: '', poster: poster('#335') });
      // the title's glyphs are pixels of the picture
      expect(png.equals(blank)).toBe(false);
    }
  });

  it("an 18/19-rated drama's card carries no frame of the poster", () => {
    const svg = shareImageSvg({
      kind: 'wide',
      lang: 'en',
      title: 'Silent Witness',
      poster: poster('#f00'),
      adultRating: '19',
    });
    expect(svg).not.toContain('<image');
    expect(svg).toContain('>19<');
    const withOtherPoster = renderShareImage({
      kind: 'wide',
      lang: 'en',
      title: 'Silent Witness',
      poster: poster('#0f0'),
      adultRating: '19',
    });
    const withoutPoster = renderShareImage({
      kind: 'wide',
      lang: 'en',
      title: 'Silent Witness',
      adultRating: '19',
    });
    expect(withOtherPoster.equals(withoutPoster)).toBe(true);
  });

  it('escapes the title as text', () => {
    const svg = shareImageSvg({ kind: 'wide', lang: 'en', title: 'A <b> & "C"' });
    expect(svg).toContain('A &lt;b&gt; &amp; &quot;C&quot;');
  });

  it('wraps a Korean title between words, shrinks it to three lines, and cuts with an ellipsis', () => {
    const short = fitTitle('사랑의 온도', 700, 3, 68);
    expect(short).toEqual({ lines: ['사랑의 온도'], size: 68 });
    const wrapped = fitTitle('엄마의 두 번째 기회 다시 시작하는 사랑 이야기', 700, 3, 68);
    expect(wrapped.lines.length).toBeGreaterThan(1);
    expect(wrapped.lines.length).toBeLessThanOrEqual(3);
    // words stay whole
    for (const line of wrapped.lines)
      for (const word of line.split(' ')) expect(word.length).toBeGreaterThan(0);
    expect(wrapped.lines.join(' ')).toBe('엄마의 두 번째 기회 다시 시작하는 사랑 이야기');
    const long = fitTitle('가나다라마바사 '.repeat(40), 700, 3, 68);
    expect(long.lines).toHaveLength(3);
    expect(long.lines[2]?.endsWith('…')).toBe(true);
    // Japanese has no spaces: it breaks by glyph
    const ja = fitTitle(
      '社長との偽装恋愛は本物の恋になる社長との偽装恋愛は本物の恋になる',
      700,
      3,
      68,
    );
    expect(ja.lines.join('')).toBe(
      '社長との偽装恋愛は本物の恋になる社長との偽装恋愛は本物の恋になる',
    );
  });

  it('a new title, poster or rating names a new picture; the same inputs the same', () => {
    const base = {
      kind: 'wide' as const,
      lang: 'ko' as const,
      title: '사랑',
      posterPath: '/resources/posters/a.jpg',
      adultRating: undefined,
    };
    const v = shareImageVersion(base);
    expect(shareImageVersion({ ...base })).toBe(v);
    expect(shareImageVersion({ ...base, title: '사랑 2' })).not.toBe(v);
    expect(shareImageVersion({ ...base, posterPath: '/resources/posters/b.jpg' })).not.toBe(v);
    expect(shareImageVersion({ ...base, adultRating: '19' })).not.toBe(v);
    expect(shareImageVersion({ ...base, lang: 'en' })).not.toBe(v);
    expect(shareImageVersion({ ...base, kind: 'square' })).not.toBe(v);
  });

  it('draws a picture once: kept in storage, and requests meanwhile share the drawing', async () => {
    const kept = new Map<string, Buffer>();
    let writes = 0;
    const images = createShareImages({
      read: (key) => Promise.resolve(kept.get(key) ?? null),
      write: (key, data) => {
        writes += 1;
        kept.set(key, Buffer.from(data));
        return Promise.resolve();
      },
    });
    let draws = 0;
    const draw = () => {
      draws += 1;
      return Promise.resolve({ kind: 'square' as const, lang: 'ja' as const, title: '恋' });
    };
    const key = images.key(7, 'square', 'ja', 'abc');
    expect(key).toBe('resources/share/7/square-ja-abc.png');
    const [a, b] = await Promise.all([images.get(key, draw), images.get(key, draw)]);
    expect(a.equals(b)).toBe(true);
    const again = await images.get(key, draw);
    expect(again.equals(a)).toBe(true);
    expect({ draws, writes }).toEqual({ draws: 1, writes: 1 });
  });
});
