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
import { demoEpisodeInput, demoPalette, episodePlan } from './demo-video';
import { posterSvg } from './posters';

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

export const clipPrefix = (index: number) => `clips/drama-${index + 1}`;

/** The title cards' font: a TrueType file shipped in an npm package, the same on every machine. */
export function demoFontFile(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf');
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
}): Promise<void> {
  const clips = DEMO_CLIPS.slice(0, options.count ?? DEMO_CLIPS.length);
  const missing: number[] = [];
  for (let i = 0; i < clips.length; i++) {
    if (!(await options.storage.exists(`${clipPrefix(i)}/master.m3u8`))) missing.push(i);
  }
  for (const [n, i] of missing.entries()) {
    const clip = clips[i];
    if (!clip) continue;
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
          seconds: options.seconds ?? CLIP_SECONDS,
          fontFile: demoFontFile(),
          workDir,
        }),
        storage: options.storage,
        prefix: clipPrefix(i),
        // flat, slow pictures: the fastest preset looks the same here and costs half
        preset: 'ultrafast',
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
  }
}

const titleKey = (d: DemoDrama) => `drama.${d.slug}.title`;
const descriptionKey = (d: DemoDrama) => `drama.${d.slug}.description`;
const categoryKey = (key: string) => `category.${key}`;

/**
 * An episode's captions: dialogue lines of its drama, timed to the clip's scenes (none over the
 * title card, none over the end card), different from episode to episode.
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
  return entries;
}

/**
 * Demo catalog: categories, dramas with posters and dictionary text, episodes on shared clips,
 * subtitles. Idempotent: rerunning updates what exists and adds what is missing.
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
  onTranscoded?: (result: 'done' | 'failed') => void;
}): Promise<{ dramaIds: number[] }> {
  const started = Date.now();
  const dramas = deps.dramas ?? DEMO_DRAMAS;
  if (deps.encodeClips !== false) {
    await ensureDemoClips({
      storage: deps.storage,
      ffmpegPath: deps.ffmpegPath,
      log: deps.log,
      onTranscoded: deps.onTranscoded,
    });
    if (await ensureStandinAd({ storage: deps.storage, ffmpegPath: deps.ffmpegPath })) {
      deps.log.info('demo content: stand-in rewarded ad video encoded');
    }
  }

  const dictionary: { lang: Language; key: string; value: string }[] = [];
  const categoryIds = new Map<string, number>();
  for (const [i, c] of DEMO_CATEGORIES.entries()) {
    categoryIds.set(c.key, await deps.catalogRepo.upsertCategory(categoryKey(c.key), i + 1));
    for (const lang of LANGUAGES)
      dictionary.push({ lang, key: categoryKey(c.key), value: c.name[lang] });
  }

  const now = deps.clock.now().getTime();
  const dramaIds: number[] = [];
  for (const [index, d] of dramas.entries()) {
    for (const lang of LANGUAGES) {
      dictionary.push({ lang, key: titleKey(d), value: d.title[lang] });
      dictionary.push({ lang, key: descriptionKey(d), value: d.description[lang] });
    }
    const posterV = `posters/${d.slug}-v.svg`;
    const posterH = `posters/${d.slug}-h.svg`;
    const tagline = d.categories.map((c) => c.toUpperCase()).join(' · ');
    const palette = demoPalette(d.hue);
    await deps.storage.write(
      `resources/${posterV}`,
      posterSvg({ title: d.title.en, subtitle: tagline, palette, width: 600, height: 900 }),
    );
    await deps.storage.write(
      `resources/${posterH}`,
      posterSvg({ title: d.title.en, subtitle: tagline, palette, width: 1280, height: 720 }),
    );

    const episodes = Array.from({ length: d.episodes }, (_, e) => ({
      number: e + 1,
      coin: e < d.freeEpisodes ? 0 : d.price,
      durationSeconds: CLIP_SECONDS,
      mediaPrefix: clipPrefix(index % DEMO_CLIPS.length),
      // the demo's subtitle files carry Korean and English lines (subtitlesFor)
      subtitleLanguages: ['ko', 'en'],
    }));
    const id = await deps.catalogRepo.upsertDrama(
      {
        slug: d.slug,
        titleKey: titleKey(d),
        descriptionKey: descriptionKey(d),
        posterVerticalPath: `/resources/${posterV}`,
        posterHorizontalPath: `/resources/${posterH}`,
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
    dramaIds.push(id);
    for (const e of episodes) {
      const key = `resources/subtitles/${id}/ep${e.number}.json`;
      if (!(await deps.storage.exists(key))) {
        await deps.storage.write(key, JSON.stringify(subtitlesFor(index, e.number, CLIP_SECONDS)));
      }
    }
  }
  await deps.i18n.upsert(dictionary);
  deps.log.info(
    `demo content: ${DEMO_CATEGORIES.length} categories, ${dramas.length} dramas ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { dramaIds };
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
}): Promise<void> {
  await deps.i18n.syncInterfaceMessages();
  if (!deps.seedDemo) return;
  await seedDemoContent({
    catalogRepo: deps.catalogRepo,
    i18n: deps.i18n,
    storage: deps.storage,
    clock: deps.clock,
    log: deps.log ?? { info: () => undefined },
    ffmpegPath: deps.ffmpegPath ?? '',
    encodeClips: deps.ffmpegPath !== undefined,
    onTranscoded: deps.onTranscoded,
  });
}
