import { describe, expect, it } from 'vitest';
import { INLINE_POSTER_MAX_BYTES } from '../modules/seo/inline-poster';
import { DEMO_DRAMAS } from './demo-catalog';
import { demoPalette } from './demo-video';
import { posterSvg } from './posters';
import { compactPathData, playfair, textOutline } from './text-outline';

/** the absolute end points of relative path data (m l q c z, letters omitted on repeats) */
function endPoints(d: string): [number, number][] {
  const sizes: Record<string, number> = { m: 2, l: 2, q: 4, c: 6, z: 0 };
  const tokens = d.match(/[mlqcz]|-?\d+/g) ?? [];
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] ?? '';
    if (/[mlqcz]/.test(token)) {
      command = token;
      i++;
      if (command === 'z') {
        x = startX;
        y = startY;
        points.push([x, y]);
        continue;
      }
    }
    const size = sizes[command] ?? 2;
    const n = tokens.slice(i, i + size).map(Number);
    i += size;
    x += n[size - 2] ?? 0;
    y += n[size - 1] ?? 0;
    if (command === 'm') {
      startX = x;
      startY = y;
      command = 'l';
    }
    points.push([x, y]);
  }
  return points;
}

describe('text outlines', () => {
  it('writes relative path data whose points stay within half a grid step of the glyphs', () => {
    const font = playfair('700Bold');
    const path = font.getPath('Contract Bride', 0, 0, 58);
    const d = compactPathData(path.commands);
    // every end point written (after z: the subpath's start) is the grid point nearest a glyph's
    const grid = new Set(
      path.commands.flatMap((c) =>
        c.type === 'Z' ? [] : [`${Math.round(c.x * 2)},${Math.round(c.y * 2)}`],
      ),
    );
    const got = endPoints(d);
    expect(got.length).toBeGreaterThan(100);
    for (const [x, y] of got) expect(grid.has(`${x},${y}`)).toBe(true);
    expect(d).toMatch(/^m/);
    expect(d.length).toBeLessThan(path.toPathData(1).length * 0.6);
  });

  it('centres a middle-anchored line on x and starts a start-anchored one there', () => {
    const font = playfair('700Bold');
    const width = font.getAdvanceWidth('Twin Fates', 58);
    const middle = textOutline(font, 'Twin Fates', {
      x: 300,
      y: 630,
      size: 58,
      anchor: 'middle',
      attributes: 'fill="red"',
    });
    expect(middle).toContain(`translate(${Math.round((300 - width / 2) * 10) / 10} 630)`);
    expect(middle).toMatch(/^<path transform="[^"]+ scale\(0\.5\)" d="m[^"]+" fill="red"\/>$/);
    const start = textOutline(font, 'Twin Fates', {
      x: 77,
      y: 400,
      size: 58,
      anchor: 'start',
      attributes: '',
    });
    expect(start).toContain('translate(77 400)');
  });

  it('gives nothing for a line the font cannot draw', () => {
    const font = playfair('700Bold');
    const options = { x: 0, y: 0, size: 20, anchor: 'start' as const, attributes: '' };
    expect(textOutline(font, '계약 신부', options)).toBeUndefined();
    expect(textOutline(font, 'Café · Vow', options)).toBeDefined();
  });
});

describe('demo posters', () => {
  it('draw every demo title and its genres as outlines, small enough to inline', () => {
    for (const d of DEMO_DRAMAS) {
      for (const [width, height] of [
        [600, 900],
        [1280, 720],
      ] as const) {
        const svg = posterSvg({
          title: d.title.en,
          subtitle: d.categories.map((c) => c.toUpperCase()).join(' · '),
          palette: demoPalette(d.hue),
          width,
          height,
        });
        expect(svg).not.toContain('<text');
        expect(svg.match(/scale\(0\.5\)/g)?.length).toBeGreaterThanOrEqual(2);
        expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(INLINE_POSTER_MAX_BYTES);
      }
    }
  });

  it('keeps a title the font cannot draw as text', () => {
    const svg = posterSvg({
      title: '계약 신부',
      subtitle: 'ROMANCE',
      palette: demoPalette(10),
      width: 600,
      height: 900,
    });
    expect(svg).toContain('>계약 신부</text>');
    expect(svg).not.toContain('>ROMANCE<');
  });

  it('wraps a wide poster’s title by its drawn width, before the figures', () => {
    const svg = posterSvg({
      title: "The CEO's Contract Bride",
      subtitle: 'ROMANCE',
      palette: demoPalette(200),
      width: 1280,
      height: 720,
    });
    // 24 characters, one line by count, but two in Playfair at 64 px: two title lines and the
    // genres, each line starting at the same left edge
    const lefts = [...svg.matchAll(/<path transform="translate\(([\d.]+) /g)].map((m) => m[1]);
    expect(lefts).toEqual(['76.8', '76.8', '76.8']);
  });
});
