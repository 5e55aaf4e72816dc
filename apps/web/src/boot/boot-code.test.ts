import { describe, expect, it } from 'vitest';
import { codeFiles, preloadAppCode, preloadCode } from './boot-code';

interface FakeLink {
  rel: string;
  as: string;
  crossOrigin: string | null;
  href: string;
}

/** A document with the links it already has, recording the ones appended. */
function page(existing: string[] = []) {
  const appended: FakeLink[] = [];
  const doc = {
    createElement: () => ({ rel: '', as: '', crossOrigin: null, href: '' }),
    head: { append: (link: FakeLink) => appended.push(link) },
    querySelectorAll: () => existing.map((href) => ({ getAttribute: () => href })),
  } as unknown as Parameters<typeof preloadCode>[0];
  return { doc, appended };
}

describe("the boot script's player code", () => {
  it('reads the list the build wrote', () => {
    expect(codeFiles('/assets/a.js  /assets/b.css ')).toEqual(['/assets/a.js', '/assets/b.css']);
    expect(codeFiles('')).toEqual([]);
    expect(codeFiles(undefined)).toEqual([]);
  });

  it('preloads modules as modules and stylesheets as styles, as the app will ask for them', () => {
    const { doc, appended } = page();
    preloadCode(doc, ['/assets/player-page-1.js', '/assets/hls-engine-2.js', '/assets/p-3.css']);
    expect(appended).toEqual([
      { rel: 'modulepreload', as: '', crossOrigin: '', href: '/assets/player-page-1.js' },
      { rel: 'modulepreload', as: '', crossOrigin: '', href: '/assets/hls-engine-2.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/p-3.css' },
    ]);
  });

  it('leaves out files the page links already, and anything but a file of this site', () => {
    const { doc, appended } = page(['/assets/player-page-1.js']);
    preloadCode(doc, [
      '/assets/player-page-1.js',
      'https://elsewhere.example/x.js',
      '//elsewhere.example/x.js',
      '/assets/x.json',
      '/assets/"quote.js',
      '/assets/hls-engine-2.js',
    ]);
    expect(appended.map((link) => link.href)).toEqual(['/assets/hls-engine-2.js']);
  });
});

describe('the links, a few per task', () => {
  const files = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);

  it('appends the first batch at once and each following one in a task of its own', () => {
    const { doc, appended } = page();
    const queued: (() => void)[] = [];
    preloadCode(doc, files, (next) => queued.push(next));
    expect(appended.map((link) => link.href)).toEqual(files.slice(0, 4));
    queued.shift()?.();
    expect(appended.map((link) => link.href)).toEqual(files.slice(0, 8));
    queued.shift()?.();
    expect(appended.map((link) => link.href)).toEqual(files);
    expect(queued).toEqual([]);
  });

  it('shares the batches between two asks of one task, in the order asked, each file once', () => {
    const { doc, appended } = page();
    const queued: (() => void)[] = [];
    const later = (next: () => void) => queued.push(next);
    preloadCode(doc, files.slice(0, 6), later);
    preloadCode(doc, [files[5] ?? '', ...files.slice(6)], later);
    expect(appended).toHaveLength(4);
    while (queued.length > 0) queued.shift()?.();
    expect(appended.map((link) => link.href)).toEqual(files);
  });
});

describe("the boot script's app code", () => {
  const APP = ['/assets/main-1.js', '/assets/react-2.js'];

  it('is asked for at once where the boot script plays nothing', () => {
    const { doc, appended } = page();
    preloadAppCode(doc, APP);
    expect(appended.map((link) => [link.rel, link.href])).toEqual([
      ['modulepreload', '/assets/main-1.js'],
      ['modulepreload', '/assets/react-2.js'],
    ]);
  });

  it('on a player link it plays, once the first seconds play, or once they will not', async () => {
    for (const outcome of ['play', 'fail'] as const) {
      const { doc, appended } = page();
      let settle!: () => void;
      const played = new Promise<void>((resolve, reject) => {
        settle = outcome === 'play' ? resolve : () => reject(new Error('no video'));
      });
      preloadAppCode(doc, APP, played);
      await Promise.resolve();
      expect(appended).toEqual([]);
      settle();
      await played.catch(() => undefined);
      await Promise.resolve();
      expect(appended.map((link) => link.href)).toEqual(APP);
    }
  });

  it('is asked for once, by the entry if it starts first', async () => {
    const { doc, appended } = page();
    let playing!: () => void;
    const played = new Promise<void>((resolve) => (playing = resolve));
    const ask = preloadAppCode(doc, APP, played);
    ask();
    expect(appended).toHaveLength(2);
    playing();
    await played;
    await Promise.resolve();
    ask();
    expect(appended).toHaveLength(2);
  });
});
