import { describe, expect, it } from 'vitest';
import { INLINE_POSTER_MAX_BYTES, inlinePosters } from './inline-poster';

const clock = { now: () => new Date(0) };

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><!-- a'b --></svg>`;

function store(files: Record<string, string>) {
  const reads: string[] = [];
  return {
    reads,
    read: (key: string) => {
      reads.push(key);
      const body = files[key];
      return Promise.resolve(body === undefined ? null : Buffer.from(body));
    },
  };
}

describe('inline posters', () => {
  it('inlines a small SVG of the resources as a data: URL', async () => {
    const s = store({ 'resources/posters/a-v.svg': svg });
    const inline = inlinePosters(s, clock);
    const url = await inline('/resources/posters/a-v.svg?v=20250804');
    expect(url).toMatch(/^data:image\/svg\+xml,[\w%.!~*()-]+$/);
    expect(decodeURIComponent(url?.slice('data:image/svg+xml,'.length) ?? '')).toBe(svg);
  });

  it.each([
    ['a raster poster', '/resources/posters/a-v.jpg'],
    ['a file outside the resources', '/media/1/1/poster.svg'],
    ['a path that climbs', '/resources/../secrets/a.svg'],
    ['a missing file', '/resources/posters/none.svg'],
    ['a large SVG', '/resources/posters/big.svg'],
  ])('keeps the URL for %s', async (_name, path) => {
    const s = store({
      'resources/posters/a-v.jpg': 'jpeg',
      'media/1/1/poster.svg': svg,
      'secrets/a.svg': svg,
      'resources/posters/big.svg': `<svg>${'x'.repeat(INLINE_POSTER_MAX_BYTES)}</svg>`,
    });
    expect(await inlinePosters(s, clock)(path)).toBeUndefined();
  });

  it('reads a path once per five minutes', async () => {
    const s = store({ 'resources/posters/a-v.svg': svg });
    let now = 0;
    const inline = inlinePosters(s, { now: () => new Date(now) });
    await inline('/resources/posters/a-v.svg');
    now = 299_999;
    await inline('/resources/posters/a-v.svg');
    expect(s.reads).toHaveLength(1);
    now = 300_000;
    await inline('/resources/posters/a-v.svg');
    expect(s.reads).toHaveLength(2);
  });

  it('a store failure keeps the URL', async () => {
    const inline = inlinePosters({ read: () => Promise.reject(new Error('down')) }, clock);
    expect(await inline('/resources/posters/a-v.svg')).toBeUndefined();
  });
});
