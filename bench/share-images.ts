import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLocalStorage } from '../apps/server/src/media/storage';
import {
  createShareImages,
  SHARE_IMAGE_KINDS,
  type ShareImageInput,
} from '../apps/server/src/modules/seo/share-image';
import { demoPosters } from '../apps/server/src/seed/demo';

const ROUNDS = Number(process.env.BENCH_SHARE_ROUNDS ?? 8);

const TITLES = {
  ko: '엄마의 두 번째 기회: 다시 시작하는 사랑',
  en: "A Mother's Second Chance at Love",
  ja: '母の二度目のチャンス、もう一度始まる恋',
} as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Link-preview pictures (issue 42): the time to draw one PNG (1200x630 and 800x800, a demo
 * poster and a title in ko/en/ja) the first time a link is shared, against the time to answer it
 * from storage afterwards (the baseline: every later request of that picture), on local disk.
 */
export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-bench-share-'));
  try {
    const images = createShareImages(createLocalStorage(dir));
    const posters = demoPosters({ slug: 'bench', hue: 210 });
    const rows: Record<string, string | number>[] = [];
    for (const kind of SHARE_IMAGE_KINDS) {
      for (const lang of ['ko', 'en', 'ja'] as const) {
        const svg = kind === 'wide' ? posters.horizontal.svg : posters.vertical.svg;
        const input: ShareImageInput = {
          kind,
          lang,
          title: TITLES[lang],
          poster: { bytes: Buffer.from(svg), type: 'svg' },
        };
        const draws: number[] = [];
        const hits: number[] = [];
        let bytes = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const key = images.key(round, kind, lang, 'bench');
          let started = performance.now();
          const png = await images.get(key, () => Promise.resolve(input));
          draws.push(performance.now() - started);
          bytes = png.length;
          started = performance.now();
          await images.get(key, () => Promise.reject(new Error('drawn twice')));
          hits.push(performance.now() - started);
        }
        const drawMedian = percentile(draws, 50);
        const hitMedian = percentile(hits, 50);
        rows.push({
          kind,
          lang,
          'draw + store (median ms)': Number(drawMedian.toFixed(1)),
          'draw p95 (ms)': Number(percentile(draws, 95).toFixed(1)),
          'from storage (median ms)': Number(hitMedian.toFixed(2)),
          'draw / from storage': `${(drawMedian / Math.max(hitMedian, 0.01)).toFixed(0)}x`,
          'PNG KB': Number((bytes / 1024).toFixed(1)),
        });
      }
    }
    console.log(`${ROUNDS} pictures per kind and language (each drawn once, then read back):`);
    console.table(rows);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
