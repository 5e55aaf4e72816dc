import {
  LANGUAGES,
  MAX_EPISODES,
  ResultCode,
  type EpisodeFormBody,
  type Language,
} from '@snapdrama/contract';
import {
  languageCues,
  mergeSubtitleLanguages,
  parseSubtitles,
  type MergedCue,
  type ParsedCue,
} from '@snapdrama/rules';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Storage } from '../../media/storage';
import type { AuditService } from '../audit/audit.service';
import type { CatalogAdminRepository } from './catalog-admin.repository';
import type { CatalogService } from './catalog.service';

export const dramaNotFound = (id: number) =>
  new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${id} not found`);
const episodeNotFound = (id: number, n: number) =>
  new AppError(ResultCode.EPISODE_NOT_FOUND, `Drama ${id} has no episode ${n}`);
const subtitleKey = (dramaId: number, n: number) => `resources/subtitles/${dramaId}/ep${n}.json`;

/**
 * The console's episodes of a drama: adding them, their price, their subtitles, and the video the
 * ingest pipeline attaches. Audited in their transactions; the catalog caches drop after.
 */
export function createEpisodeAdmin(deps: {
  db: Db;
  repo: CatalogAdminRepository;
  catalog: Pick<CatalogService, 'catalogChanged'>;
  audit: AuditService;
  storage: Storage;
  /** viewers holding episodes of the drama (a reorder would move what they paid for) */
  impact: (dramaId: number) => Promise<{ viewersWithUnlocks: number }>;
}) {
  const { db, repo, catalog, audit, storage } = deps;
  /** true while a transcode of the drama is queued or running (the ingest module tells) */
  const transcodeGuards: ((dramaId: number) => Promise<boolean>)[] = [];
  /** told when an episode of a published drama becomes watchable (push reminders, decision 1520) */
  const releaseListeners: ((dramaId: number, episodeNumber: number) => Promise<void>)[] = [];
  return {
    onEpisodeReleased(listener: (dramaId: number, episodeNumber: number) => Promise<void>): void {
      releaseListeners.push(listener);
    },

    /** Wires the ingest module's "a transcode of this drama is in flight" (its module file). */
    useTranscodeGuard(inFlight: (dramaId: number) => Promise<boolean>): void {
      transcodeGuards.push(inFlight);
    },

    /**
     * Adds `count` episodes after the last (no video yet), each at `coin` coins (0 = free) but
     * the first `freeFirst` of the drama, which stay free.
     */
    async addEpisodes(
      operatorId: string,
      dramaId: number,
      count: number,
      price: { coin: number; freeFirst: number } = { coin: 0, freeFirst: 0 },
    ): Promise<number[]> {
      const numbers = await db.transaction(async (tx) => {
        const drama = await repo.drama(tx, dramaId, true);
        if (!drama) throw dramaNotFound(dramaId);
        if (drama.archivedAt) {
          throw new AppError(
            ResultCode.CATALOG_DRAMA_ARCHIVED,
            `Drama ${dramaId} is archived; restore it first`,
          );
        }
        const last = await repo.lastEpisodeNumber(tx, dramaId);
        if (last + count > MAX_EPISODES) {
          throw new AppError(
            ResultCode.CATALOG_EPISODE_CONFLICT,
            `A drama has at most ${MAX_EPISODES} episodes`,
          );
        }
        const added = Array.from({ length: count }, (_, k) => last + k + 1);
        await repo.insertEpisodes(
          tx,
          added.map((number) => ({
            dramaId,
            number,
            coin: number <= price.freeFirst ? 0 : price.coin,
            durationSeconds: 0,
            mediaPrefix: '',
          })),
        );
        await audit.record(tx, {
          operatorId,
          action: 'episode.create',
          targetType: 'drama',
          targetId: dramaId,
          before: { episodes: last },
          after: { episodes: last + count, added, coin: price.coin, freeFirst: price.freeFirst },
        });
        return added;
      });
      await catalog.catalogChanged();
      return numbers;
    },

    /**
     * New order of the episodes (decision 1542): `order[k]` becomes episode k + 1, with its
     * price, video, duration and subtitles. Only while no viewer can hold them: the drama is
     * unpublished (not archived), nobody unlocked any, and no transcode of it is in flight.
     */
    async reorderEpisodes(operatorId: string, dramaId: number, order: number[]): Promise<void> {
      const refuse = (why: string) =>
        new AppError(ResultCode.CATALOG_REORDER_REFUSED, `episodes: ${why}`);
      const current = await repo.drama(db, dramaId);
      if (!current) throw dramaNotFound(dramaId);
      if (current.archivedAt) {
        throw new AppError(
          ResultCode.CATALOG_DRAMA_ARCHIVED,
          `Drama ${dramaId} is archived; restore it first`,
        );
      }
      if (current.published) throw refuse('the drama is published');
      if ((await deps.impact(dramaId)).viewersWithUnlocks > 0)
        throw refuse('viewers unlocked episodes of this drama');
      for (const inFlight of transcodeGuards)
        if (await inFlight(dramaId)) throw refuse('a video of this drama is being processed');
      const before = await repo.episodes(db, dramaId);
      const known = new Set(before.map((e) => e.number));
      if (order.length !== before.length || order.some((n) => !known.has(n))) {
        throw new AppError(ResultCode.BAD_REQUEST, 'numbers: must list every episode once');
      }
      if (order.every((n, k) => n === k + 1)) return;
      // subtitle files follow their episodes (read before anything moves)
      const subtitles = new Map<number, Buffer | null>();
      for (const e of before) {
        subtitles.set(
          e.number,
          e.subtitleLanguages.length > 0
            ? await storage.read(subtitleKey(dramaId, e.number))
            : null,
        );
      }
      await db.transaction(async (tx) => {
        const locked = await repo.drama(tx, dramaId, true);
        if (!locked) throw dramaNotFound(dramaId);
        if (locked.published) throw refuse('the drama is published');
        await repo.renumberEpisodes(tx, dramaId, order);
        await audit.record(tx, {
          operatorId,
          action: 'episode.reorder',
          targetType: 'drama',
          targetId: dramaId,
          before: { order: before.map((e) => e.number) },
          after: { order },
        });
      });
      for (const [index, old] of order.entries()) {
        if (old === index + 1) continue;
        const file = subtitles.get(old);
        // an episode without subtitles lists no language, so an empty file is never read
        await storage.write(subtitleKey(dramaId, index + 1), file ?? '[]');
      }
      await catalog.catalogChanged();
    },

    /** Price in coins; free means coin 0 (spec §3: 0 means free). */
    async updateEpisode(
      operatorId: string,
      dramaId: number,
      number: number,
      form: EpisodeFormBody,
    ) {
      const coin = form.free ? 0 : form.coin;
      await db.transaction(async (tx) => {
        if (!(await repo.drama(tx, dramaId, true))) throw dramaNotFound(dramaId);
        const episode = await repo.episode(tx, dramaId, number);
        if (!episode) throw episodeNotFound(dramaId, number);
        if (episode.coin === coin) return;
        await repo.updateEpisode(tx, dramaId, number, { coin });
        await audit.record(tx, {
          operatorId,
          action: 'episode.update',
          targetType: 'episode',
          targetId: `${dramaId}/${number}`,
          before: { coin: episode.coin, free: episode.coin === 0 },
          after: { coin, free: coin === 0 },
        });
      });
      await catalog.catalogChanged();
    },

    /**
     * An SRT or WebVTT file of one language, stored in the episode's subtitle JSON (spec §7
     * /resources/subtitles/{dramaId}/ep{epsd}.json) beside the other languages.
     */
    async setSubtitles(
      operatorId: string,
      dramaId: number,
      number: number,
      lang: Language,
      text: string | null,
    ) {
      let cues: ParsedCue[] = [];
      if (text !== null) {
        const parsed = parseSubtitles(text);
        if (!parsed.ok)
          throw new AppError(ResultCode.CATALOG_SUBTITLE_INVALID, `subtitles: ${parsed.error}`);
        cues = parsed.cues;
      }
      const episode = await repo.episode(db, dramaId, number);
      if (!episode) {
        if (!(await repo.drama(db, dramaId))) throw dramaNotFound(dramaId);
        throw episodeNotFound(dramaId, number);
      }
      const key = subtitleKey(dramaId, number);
      const stored = await storage.read(key);
      const entries = stored ? (JSON.parse(stored.toString('utf8')) as MergedCue[]) : [];
      const byLanguage: Record<string, ParsedCue[]> = {};
      for (const l of LANGUAGES) byLanguage[l] = l === lang ? cues : languageCues(entries, l);
      const merged = mergeSubtitleLanguages(byLanguage);
      const languages = LANGUAGES.filter((l) => (byLanguage[l]?.length ?? 0) > 0);
      await storage.write(key, JSON.stringify(merged));
      await db.transaction(async (tx) => {
        await repo.updateEpisode(tx, dramaId, number, { subtitleLanguages: languages });
        await audit.record(tx, {
          operatorId,
          action: text === null ? 'episode.subtitles_remove' : 'episode.subtitles',
          targetType: 'episode',
          targetId: `${dramaId}/${number}`,
          before: { lang, cues: languageCues(entries, lang).length },
          after: { lang, cues: cues.length, languages },
        });
      });
      return languages;
    },

    /** An episode's current HLS folder ('' without video), published or not; 404 otherwise. */
    async episodeMedia(dramaId: number, episodeNumber: number): Promise<{ mediaPrefix: string }> {
      if (!(await repo.drama(db, dramaId))) throw dramaNotFound(dramaId);
      const episode = await repo.episode(db, dramaId, episodeNumber);
      if (!episode) throw episodeNotFound(dramaId, episodeNumber);
      return { mediaPrefix: episode.mediaPrefix };
    },

    /**
     * For the ingest pipeline: the episode's HLS ladder is ready in `mediaPrefix`; viewers see
     * the episode from now on (if the drama is published).
     */
    async attachEpisodeVideo(input: {
      operatorId: string | null;
      dramaId: number;
      episodeNumber: number;
      mediaPrefix: string;
      durationSeconds: number;
    }): Promise<void> {
      const { dramaId, episodeNumber } = input;
      const released = await db.transaction(async (tx) => {
        const drama = await repo.drama(tx, dramaId, true);
        if (!drama) throw dramaNotFound(dramaId);
        const episode = await repo.episode(tx, dramaId, episodeNumber);
        if (!episode) throw episodeNotFound(dramaId, episodeNumber);
        await repo.updateEpisode(tx, dramaId, episodeNumber, {
          mediaPrefix: input.mediaPrefix,
          durationSeconds: input.durationSeconds,
        });
        await repo.refreshEpisodeCount(tx, dramaId);
        await audit.record(tx, {
          operatorId: input.operatorId,
          action: 'episode.video_attached',
          targetType: 'episode',
          targetId: `${dramaId}/${episodeNumber}`,
          before: {
            mediaPrefix: episode.mediaPrefix || null,
            durationSeconds: episode.durationSeconds,
          },
          after: { mediaPrefix: input.mediaPrefix, durationSeconds: input.durationSeconds },
        });
        // its first video, in a published drama: viewers meet a new episode
        return drama.published && !episode.mediaPrefix;
      });
      await catalog.catalogChanged();
      if (released) {
        // a reminder never fails the attach; the push module logs its own failures
        for (const listener of releaseListeners)
          await listener(dramaId, episodeNumber).catch(() => undefined);
      }
    },
  };
}
