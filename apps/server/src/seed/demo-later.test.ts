import { mkdtemp, rm, symlink, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@snapdrama/contract';
import type { ContentProgress } from '../app';
import { resolveFfmpegPath } from '../media/ffmpeg';
import { STANDIN_AD_KEY } from '../media/standin-ad';
import { createLocalStorage } from '../media/storage';
import { useTestContext } from '../test/harness';
import { TEST_MEDIA_DIR } from '../test/media-fixture';
import { DEMO_DRAMAS } from './demo-catalog';
import { clipPrefix, seedDemoContent } from './demo';

// A first start serves before all demo clips are encoded: each drama joins the catalog once its
// clip is complete (decision 0510). Two dramas; the first one's clip is there already.
describe('demo content encoded while the service runs', () => {
  const ctx = useTestContext({ seed: false });
  let dir: string;
  const [first, second] = DEMO_DRAMAS;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-later-'));
    await mkdir(path.join(dir, 'clips'), { recursive: true });
    await symlink(path.join(TEST_MEDIA_DIR, clipPrefix(0)), path.join(dir, clipPrefix(0)));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `${API_BASE}${url}` });
  const latestSlugs = async () => {
    const res = await get('/drama/latest/list/20/1');
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ data: { dramaList: { titl_lang_key: string }[] } }>()
      .data.dramaList.map((d) => d.titl_lang_key);
  };
  const searchTotal = async (keyword: string) => {
    const res = await get(`/drama/search/list/${encodeURIComponent(keyword)}/12/1`);
    return res.json<{ data: { totalCount: number } }>().data.totalCount;
  };

  it('opens with the dramas whose clip exists, then adds the others with their search text', async () => {
    if (!first || !second) throw new Error('demo dramas missing');
    const storage = createLocalStorage(dir);
    const progress: ContentProgress[] = [];
    const logs: string[] = [];
    const { dramaIds, rest } = await seedDemoContent({
      catalogRepo: ctx.services.catalogRepo,
      i18n: ctx.services.i18n,
      storage,
      clock: ctx.clock,
      log: { info: (m) => logs.push(m) },
      ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH),
      dramas: [first, second],
      clipSeconds: 1,
      encodeLater: {
        onDramaReady: (dramasReady, dramasTotal) => progress.push({ dramasReady, dramasTotal }),
      },
    });
    if (!rest) throw new Error('the second clip should be encoded later');

    // served now: the first drama only, in lists and search
    expect(dramaIds).toHaveLength(1);
    expect(progress).toEqual([{ dramasReady: 1, dramasTotal: 2 }]);
    expect(await latestSlugs()).toEqual([`drama.${first.slug}.title`]);
    expect(await searchTotal(second.title.en)).toBe(0);
    expect(await storage.exists(`${clipPrefix(1)}/master.m3u8`)).toBe(false);

    await rest;
    expect(progress.at(-1)).toEqual({ dramasReady: 2, dramasTotal: 2 });
    expect(dramaIds).toHaveLength(2);
    expect(await storage.exists(`${clipPrefix(1)}/master.m3u8`)).toBe(true);
    expect(await storage.exists(STANDIN_AD_KEY)).toBe(true);
    // the cached list was dropped and the search text written when it joined
    expect((await latestSlugs()).sort()).toEqual(
      [`drama.${first.slug}.title`, `drama.${second.slug}.title`].sort(),
    );
    expect(await searchTotal(second.title.en)).toBe(1);
    const info = await get(`/drama/info/${dramaIds[1]}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(logs.some((m) => m.includes(`"${second.title.en}" added (2/2 dramas)`))).toBe(true);
  }, 120_000);

  it('a second start finds every clip and has nothing left to encode', async () => {
    const { rest } = await seedDemoContent({
      catalogRepo: ctx.services.catalogRepo,
      i18n: ctx.services.i18n,
      storage: createLocalStorage(dir),
      clock: ctx.clock,
      log: { info: () => undefined },
      ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH),
      dramas: DEMO_DRAMAS.slice(0, 2),
      clipSeconds: 1,
      encodeLater: {},
    });
    expect(rest).toBeUndefined();
  });

  it('stopping the service stops the encoding', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'snapdrama-later-stop-'));
    try {
      const stop = new AbortController();
      // nothing to watch yet: it returns once encoding stopped (or a first drama was added)
      const seeding = seedDemoContent({
        catalogRepo: ctx.services.catalogRepo,
        i18n: ctx.services.i18n,
        storage: createLocalStorage(empty),
        clock: ctx.clock,
        log: { info: () => undefined },
        ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH),
        dramas: DEMO_DRAMAS.slice(2, 4),
        // long enough to be stopped before its clip is complete
        clipSeconds: 60,
        encodeLater: { signal: stop.signal },
      });
      setTimeout(() => stop.abort(), 2_000);
      const { dramaIds, rest } = await seeding;
      await expect(rest).rejects.toThrow(/abort|SIGKILL/);
      expect(dramaIds).toEqual([]);
      expect(await createLocalStorage(empty).exists(`${clipPrefix(0)}/master.m3u8`)).toBe(false);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  }, 120_000);
});
