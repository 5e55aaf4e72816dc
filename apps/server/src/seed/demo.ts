import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGES, type Language } from '@snapdrama/contract';
import type { Clock } from '../clock';
import { transcodeToHls } from '../media/hls';
import { ensureStandinAd } from '../media/standin-ad';
import type { Storage } from '../media/storage';
import type { CatalogRepository } from '../modules/catalog/catalog.repository';
import type { I18nService } from '../modules/i18n/i18n.service';
import { DEMO_CATEGORIES, DEMO_DRAMAS, dialogueFor, type DemoDrama } from './demo-catalog';
import { demoEpisodeInput, demoPalette, encodeMusicBed, episodePlan } from './demo-video';
import { posterKey, posterSvg } from './posters';

/**
 * One generated clip per demo drama (its title card, palette and scenes), shared by the drama's
 * episodes: encoding one per episode (hundreds) would not fit the first start.
 */
export const DEMO_CLIPS = DEMO_DRAMAS.map((d, index) => ({
  title: d.title.en,
  hue: d.hue,
  variant: index,
}));
/**
 * 12 s: the player e2e tests need an episode that outlasts their steps (with 8 s episodes they
 * moved on mid-test); 8 s kept the first start inside 90 s (decision 0510).
 */
export const CLIP_SECONDS = 12;
/**
 * Film's frame rate: dramas are shot at 24, and the encode (most of the first start) costs
 * about an eighth less than at the uploads' 30 (decision 0510).
 */
export const DEMO_FPS = 24;

export const clipPrefix = (index: number) => `clips/drama-${index + 1}`;

/** The title cards' font: a TrueType file shipped in an npm package, the same on every machine. */
export function demoFontFile(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf');
}

/**
 * A demo drama's two posters, title-less key art (the apps set the title over it in the reader's
 * language), and where each is stored (named by its content, posters.ts).
 */
export function demoPosters(d: Pick<DemoDrama, 'slug' | 'hue'>) {
  const palette = demoPalette(d.hue);
  const poster = (kind: 'v' | 'h', width: number, height: number) => {
    const svg = posterSvg({ palette, width, height });
    return { key: posterKey(d.slug, kind, svg), svg };
  };
  return { vertical: poster('v', 600, 900), horizontal: poster('h', 1280, 720) };
}

export interface SeedLog {
  info(message: string): void;
}

/** Encodes the demo clips that are missing. A clip is complete once its master playlist exists. */
export async function ensureDemoClips(options: {
  storage: Storage;
  ffmpegPath: string;
  log: SeedLog;
  count?: number;
  seconds?: number;
  /** hears each transcoding job's result (the metrics' transcode_jobs_total) */
  onTranscoded?: (result: 'done' | 'failed') => void;
  /** called once each missing clip is complete, with its index, before the next starts */
  onClipReady?: (index: number) => Promise<void>;
  /** stops the encoding (ffmpeg is killed; the promise rejects) */
  signal?: AbortSignal;
}): Promise<void> {
  const clips = DEMO_CLIPS.slice(0, options.count ?? DEMO_CLIPS.length);
  const missing: number[] = [];
  for (let i = 0; i < clips.length; i++) {
    if (!(await options.storage.exists(`${clipPrefix(i)}/master.m3u8`))) missing.push(i);
  }
  const seconds = options.seconds ?? CLIP_SECONDS;
  // Each clip's music bed is encoded on its own while the clip before it encodes its pictures
  // (the ladder leaves a little of the second core free), then copied into every rendition.
  const bedsDir = await mkdtemp(path.join(tmpdir(), 'snapdrama-beds-'));
  const encodeBed = (i: number | undefined) => {
    const clip = i === undefined ? undefined : clips[i];
    if (!clip) return undefined;
    const file = path.join(bedsDir, `bed-${i}.m4a`);
    const encoded = encodeMusicBed({
      ffmpegPath: options.ffmpegPath,
      file,
      seconds,
      variant: clip.variant,
      signal: options.signal,
    }).then(() => file);
    // a failure is reported where the bed is awaited, not as an unhandled rejection
    encoded.catch(() => undefined);
    return encoded;
  };
  let nextBed = encodeBed(missing[0]);
  try {
    for (const [n, i] of missing.entries()) {
      const clip = clips[i];
      const bed = nextBed;
      nextBed = encodeBed(missing[n + 1]);
      if (!clip || !bed) continue;
      const started = Date.now();
      options.log.info(
        `demo content: encoding clip ${n + 1}/${missing.length} "${clip.title}" (480p, 720p, 1080p HLS)...`,
      );
      const workDir = await mkdtemp(path.join(tmpdir(), 'snapdrama-demo-'));
      try {
        await transcodeToHls({
          ffmpegPath: options.ffmpegPath,
          input: await demoEpisodeInput({
            title: clip.title,
            palette: demoPalette(clip.hue),
            episode: null,
            variant: clip.variant,
            seconds,
            fontFile: demoFontFile(),
            workDir,
            fps: DEMO_FPS,
            musicFile: await bed,
          }),
          fps: DEMO_FPS,
          audioCopy: true,
          storage: options.storage,
          prefix: clipPrefix(i),
          // flat, slow pictures: the fastest preset looks the same here and costs half
          preset: 'ultrafast',
          signal: options.signal,
        });
      } catch (error) {
        options.onTranscoded?.('failed');
        throw error;
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      options.onTranscoded?.('done');
      options.log.info(
        `demo content: clip ${n + 1}/${missing.length} done in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      await options.onClipReady?.(i);
    }
  } finally {
    await nextBed?.catch(() => undefined);
    await rm(bedsDir, { recursive: true, force: true });
  }
}

/** The first `count` demo clips that are not encoded yet (their master playlist is missing). */
async function missingClips(storage: Storage, count: number): Promise<Set<number>> {
  const missing = new Set<number>();
  for (let i = 0; i < Math.min(count, DEMO_CLIPS.length); i++) {
    if (!(await storage.exists(`${clipPrefix(i)}/master.m3u8`))) missing.add(i);
  }
  return missing;
}

const titleKey = (d: DemoDrama) => `drama.${d.slug}.title`;
const descriptionKey = (d: DemoDrama) => `drama.${d.slug}.description`;
const categoryKey = (key: string) => `category.${key}`;

/**
 * An episode's captions: dialogue lines of its drama, timed to the clip's scenes (none over the
 * title card), different from episode to episode, and over the end card the episode's number.
 * The drama's episodes share one clip (DEMO_CLIPS), so its end card can only say "next episode";
 * the number is the caption's, which the player draws like every caption (decision 0510).
 */
export function subtitlesFor(dramaIndex: number, epsd: number, seconds: number) {
  const plan = episodePlan(seconds, DEMO_CLIPS[dramaIndex]?.variant ?? dramaIndex);
  const lines = dialogueFor(dramaIndex, epsd);
  const entries: { start: number; end: number; text: { ko: string; en: string } }[] = [];
  let t = plan.title;
  const last = seconds - plan.end;
  for (const [k, line] of lines.entries()) {
    const length = Math.min(2.4, (last - plan.title) / lines.length);
    if (t + 0.8 > last) break;
    entries.push({
      start: Number(t.toFixed(2)),
      end: Number(Math.min(t + length - 0.15, last).toFixed(2)),
      text: { ko: line.ko, en: line.en },
    });
    t += length;
    if (k >= 3) break;
  }
  const total = DEMO_DRAMAS[dramaIndex]?.episodes ?? epsd;
  entries.push({
    start: Number((last + 0.2).toFixed(2)),
    end: Number(seconds.toFixed(2)),
    text:
      epsd >= total
        ? { ko: `${epsd}화 · 완결`, en: `Episode ${epsd} · The End` }
        : { ko: `${epsd}화 / 전 ${total}화`, en: `Episode ${epsd} of ${total}` },
  });
  return entries;
}

/**
 * Demo catalog: categories, dramas with posters and dictionary text, episodes on shared clips,
 * subtitles. Idempotent: rerunning updates what exists and adds what is missing.
 *
 * With `encodeLater`, missing clips are encoded after this returns (`rest`; it returns once at
 * least one drama can be watched), and each drama joins the catalog once its clip is complete (its dictionary text written then, which reindexes its
 * search text and drops the cached lists): the service answers within seconds of a first start
 * and the catalog fills in while the viewer looks around (decision 0510). Without it the clips
 * are encoded first.
 */
export async function seedDemoContent(deps: {
  catalogRepo: CatalogRepository;
  i18n: I18nService;
  storage: Storage;
  clock: Clock;
  log: SeedLog;
  ffmpegPath: string;
  /** encode the clips (false in tests that bring their own) */
  encodeClips?: boolean;
  dramas?: DemoDrama[];
  /** the clips' length when encoded (tests make short ones) */
  clipSeconds?: number;
  onTranscoded?: (result: 'done' | 'failed') => void;
  encodeLater?: {
    signal?: AbortSignal;
    /** hears how many dramas are in the catalog: at first, then as each clip is complete */
    onDramaReady?: (ready: number, total: number) => void;
  };
}): Promise<{ dramaIds: number[]; rest?: Promise<void> }> {
  const started = Date.now();
  const dramas = deps.dramas ?? DEMO_DRAMAS;
  const encode = deps.encodeClips !== false;
  const encodeAd = async () => {
    if (await ensureStandinAd({ storage: deps.storage, ffmpegPath: deps.ffmpegPath })) {
      deps.log.info('demo content: stand-in rewarded ad video encoded');
    }
  };
  const clips = {
    storage: deps.storage,
    ffmpegPath: deps.ffmpegPath,
    log: deps.log,
    onTranscoded: deps.onTranscoded,
    count: dramas.length,
    seconds: deps.clipSeconds,
  };
  if (encode && !deps.encodeLater) {
    await ensureDemoClips(clips);
    await encodeAd();
  }

  const dictionary: { lang: Language; key: string; value: string }[] = [];
  const categoryIds = new Map<string, number>();
  for (const [i, c] of DEMO_CATEGORIES.entries()) {
    categoryIds.set(c.key, await deps.catalogRepo.upsertCategory(categoryKey(c.key), i + 1));
    for (const lang of LANGUAGES)
      dictionary.push({ lang, key: categoryKey(c.key), value: c.name[lang] });
  }

  const now = deps.clock.now().getTime();
  const clipOf = (index: number) => index % DEMO_CLIPS.length;
  /** One drama, its posters, episodes and subtitles; its dictionary text goes into `into`. */
  const addDrama = async (index: number, d: DemoDrama, into: typeof dictionary) => {
    for (const lang of LANGUAGES) {
      into.push({ lang, key: titleKey(d), value: d.title[lang] });
      into.push({ lang, key: descriptionKey(d), value: d.description[lang] });
    }
    const posters = demoPosters(d);
    for (const poster of [posters.vertical, posters.horizontal]) {
      if (!(await deps.storage.exists(`resources/${poster.key}`))) {
        await deps.storage.write(`resources/${poster.key}`, poster.svg);
      }
    }

    const episodes = Array.from({ length: d.episodes }, (_, e) => ({
      number: e + 1,
      coin: e < d.freeEpisodes ? 0 : d.price,
      durationSeconds: CLIP_SECONDS,
      mediaPrefix: clipPrefix(clipOf(index)),
      // the demo's subtitle files carry Korean and English lines (subtitlesFor)
      subtitleLanguages: ['ko', 'en'],
    }));
    const id = await deps.catalogRepo.upsertDrama(
      {
        slug: d.slug,
        titleKey: titleKey(d),
        descriptionKey: descriptionKey(d),
        posterVerticalPath: `/resources/${posters.vertical.key}`,
        posterHorizontalPath: `/resources/${posters.horizontal.key}`,
        ageRate: d.ageRate,
        ratingCriteria: d.ratingCriteria,
        episodeCount: d.episodes,
        exclusive: d.exclusive,
        registeredAt: new Date(now - d.daysAgo * 86_400_000),
        webTag: `demo-web-${d.slug}`,
        aosTag: `demo-aos-${d.slug}`,
        iosTag: `demo-ios-${d.slug}`,
      },
      d.categories.map((c) => categoryIds.get(c)).filter((c): c is number => c !== undefined),
      episodes,
    );
    for (const e of episodes) {
      const key = `resources/subtitles/${id}/ep${e.number}.json`;
      if (!(await deps.storage.exists(key))) {
        await deps.storage.write(key, JSON.stringify(subtitlesFor(index, e.number, CLIP_SECONDS)));
      }
    }
    return id;
  };

  // a drama whose clip is still to be encoded joins the catalog once it is there
  const missing =
    encode && deps.encodeLater
      ? await missingClips(deps.storage, dramas.length)
      : new Set<number>();
  const dramaIds: number[] = [];
  const waiting: number[] = [];
  for (const [index, d] of dramas.entries()) {
    if (missing.has(clipOf(index))) waiting.push(index);
    else dramaIds.push(await addDrama(index, d, dictionary));
  }
  await deps.i18n.upsert(dictionary);
  deps.log.info(
    `demo content: ${DEMO_CATEGORIES.length} categories, ${dramaIds.length} of ${dramas.length} dramas ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const later = deps.encodeLater;
  if (!later || waiting.length === 0) {
    if (later) await encodeAd();
    return { dramaIds };
  }

  deps.log.info(
    `demo content: encoding ${missing.size} clips; each drama is added once its clip is ready`,
  );
  let ready = dramas.length - waiting.length;
  later.onDramaReady?.(ready, dramas.length);
  let firstAdded: () => void = () => undefined;
  const anyReady =
    ready > 0 ? Promise.resolve() : new Promise<void>((resolve) => (firstAdded = resolve));
  const rest = (async () => {
    // the rewarded ad first: a second or two, and every locked episode offers it
    await encodeAd();
    await ensureDemoClips({
      ...clips,
      signal: later.signal,
      onClipReady: async (clip) => {
        for (const index of waiting.filter((i) => clipOf(i) === clip)) {
          const d = dramas[index];
          if (!d) continue;
          const entries: typeof dictionary = [];
          dramaIds.push(await addDrama(index, d, entries));
          // its text last: that reindexes its search text and drops the cached lists
          await deps.i18n.upsert(entries);
          ready += 1;
          later.onDramaReady?.(ready, dramas.length);
          firstAdded();
          deps.log.info(`demo content: "${d.title.en}" added (${ready}/${dramas.length} dramas)`);
        }
      },
    });
    deps.log.info(
      `demo content: all ${dramas.length} dramas ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  })();
  // the service opens with at least one drama to watch (or once encoding failed or stopped)
  await Promise.race([anyReady, rest.catch(() => undefined)]);
  return { dramaIds, rest };
}

/**
 * What every start does before serving: write the interface text, then (when asked) create or
 * update the demo catalog. Without an ffmpeg path the clips are not encoded (tests and benchmarks
 * link pre-encoded ones).
 */
export async function prepareContent(deps: {
  catalogRepo: CatalogRepository;
  i18n: I18nService;
  storage: Storage;
  clock: Clock;
  seedDemo: boolean;
  ffmpegPath?: string;
  log?: SeedLog;
  /** hears each clip transcoded (the metrics' transcode_jobs_total) */
  onTranscoded?: (result: 'done' | 'failed') => void;
  /** encode missing clips after returning, as `rest` (seedDemoContent) */
  encodeLater?: Parameters<typeof seedDemoContent>[0]['encodeLater'];
}): Promise<{ rest?: Promise<void> }> {
  await deps.i18n.syncInterfaceMessages();
  if (!deps.seedDemo) return {};
  const { rest } = await seedDemoContent({
    catalogRepo: deps.catalogRepo,
    i18n: deps.i18n,
    storage: deps.storage,
    clock: deps.clock,
    log: deps.log ?? { info: () => undefined },
    ffmpegPath: deps.ffmpegPath ?? '',
    encodeClips: deps.ffmpegPath !== undefined,
    onTranscoded: deps.onTranscoded,
    encodeLater: deps.encodeLater,
  });
  return { rest };
}
