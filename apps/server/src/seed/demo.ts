import { LANGUAGES, type Language } from '@snapdrama/contract';
import type { Clock } from '../clock';
import { syntheticClipInput, transcodeToHls } from '../media/hls';
import { ensureStandinAd } from '../media/standin-ad';
import type { Storage } from '../media/storage';
import type { CatalogRepository } from '../modules/catalog/catalog.repository';
import type { I18nService } from '../modules/i18n/i18n.service';
import { DEMO_CATEGORIES, DEMO_DRAMAS, SUBTITLE_LINES, type DemoDrama } from './demo-catalog';
import { posterSvg } from './posters';

/** Source clips reused across episodes, so the first start stays short. */
export const DEMO_CLIPS = [
  { hue: 0, toneHz: 330 },
  { hue: 60, toneHz: 392 },
  { hue: 120, toneHz: 440 },
  { hue: 180, toneHz: 494 },
  { hue: 240, toneHz: 523 },
  { hue: 300, toneHz: 587 },
];
export const CLIP_SECONDS = 12;

export const clipPrefix = (index: number) => `clips/demo-${index + 1}`;

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
      `demo content: encoding clip ${n + 1}/${missing.length} (480p, 720p, 1080p HLS)...`,
    );
    try {
      await transcodeToHls({
        ffmpegPath: options.ffmpegPath,
        input: syntheticClipInput({ seconds: options.seconds ?? CLIP_SECONDS, ...clip }),
        storage: options.storage,
        prefix: clipPrefix(i),
      });
    } catch (error) {
      options.onTranscoded?.('failed');
      throw error;
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

function subtitlesFor(dramaIndex: number, epsd: number, seconds: number) {
  const entries = [];
  for (let k = 0, t = 0.5; t + 2 <= seconds; k++, t += 3) {
    const line = SUBTITLE_LINES[(dramaIndex + epsd + k) % SUBTITLE_LINES.length] ?? {
      ko: '',
      en: '',
    };
    entries.push({ start: t, end: t + 2.2, text: { ko: line.ko, en: line.en } });
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
    await deps.storage.write(
      `resources/${posterV}`,
      posterSvg({ title: d.title.en, subtitle: tagline, hue: d.hue, width: 600, height: 900 }),
    );
    await deps.storage.write(
      `resources/${posterH}`,
      posterSvg({ title: d.title.en, subtitle: tagline, hue: d.hue, width: 1280, height: 720 }),
    );

    const episodes = Array.from({ length: d.episodes }, (_, e) => ({
      number: e + 1,
      coin: e < d.freeEpisodes ? 0 : d.price,
      durationSeconds: CLIP_SECONDS,
      mediaPrefix: clipPrefix((index * 7 + e) % DEMO_CLIPS.length),
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
