import { describe, expect, it } from 'vitest';
import { INLINE_POSTER_MAX_BYTES } from '../modules/seo/inline-poster';
import { demoPosters } from './demo';
import { DEMO_DRAMAS } from './demo-catalog';
import { demoPalette } from './demo-video';
import { posterKey, posterSvg } from './posters';

describe('demo posters', () => {
  it('carry no words, in any language: the apps set the title over them (issue 47)', () => {
    for (const d of DEMO_DRAMAS) {
      const { vertical, horizontal } = demoPosters(d);
      for (const { svg } of [vertical, horizontal]) {
        expect(svg).not.toMatch(/<text|<tspan|<path transform=/);
        // nothing of the title or the genres, in any of the dictionary's languages
        for (const title of Object.values(d.title)) expect(svg).not.toContain(title);
        for (const c of d.categories) expect(svg.toLowerCase()).not.toContain(c.toLowerCase());
        expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(INLINE_POSTER_MAX_BYTES);
      }
      expect(vertical.svg).toContain('width="600" height="900"');
      expect(horizontal.svg).toContain('width="1280" height="720"');
    }
  });

  it('are stored under a name that changes with the art, so no cache keeps older art', () => {
    const [a, b] = DEMO_DRAMAS;
    if (!a || !b) throw new Error('the demo has two dramas');
    const posters = demoPosters(a);
    expect(posters.vertical.key).toMatch(new RegExp(`^posters/${a.slug}-v-[0-9a-f]{12}\\.svg$`));
    expect(posters.horizontal.key).toMatch(new RegExp(`^posters/${a.slug}-h-[0-9a-f]{12}\\.svg$`));
    // the same art, the same name on every start; other art (another palette), another name
    expect(demoPosters(a).vertical.key).toBe(posters.vertical.key);
    expect(posterKey(a.slug, 'v', posters.vertical.svg)).toBe(posters.vertical.key);
    const other = posterSvg({ palette: demoPalette(a.hue + 40), width: 600, height: 900 });
    expect(posterKey(a.slug, 'v', other)).not.toBe(posters.vertical.key);
    // the names of the art with the English title drawn in, which older data folders hold
    expect(posters.vertical.key).not.toBe(`posters/${a.slug}-v.svg`);
  });

  it('darken where the apps set the title: the foot of a tall poster, the left of a wide one', () => {
    const tall = posterSvg({ palette: demoPalette(200), width: 600, height: 900 });
    const wide = posterSvg({ palette: demoPalette(200), width: 1280, height: 720 });
    expect(tall).toMatch(/id="shade" x1="0" y1="0" x2="0" y2="1"/);
    expect(wide).toMatch(/id="shade" x1="0" y1="0" x2="1" y2="0"/);
  });
});
