import {
  ResultCode,
  type AuthMethod,
  type BookmarkAddData,
  type BookmarkDeleteData,
  type BookmarkListData,
  type Drama,
} from '@snapdrama/contract';
import { completesWatchRun } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { BookmarksRepository } from './bookmarks.repository';

/** The catalog's drama rows: bookmark_count lives there and moves only under these row locks. */
export interface BookmarkCounts {
  lockDramas(tx: Tx, dramaIds: number[]): Promise<number[]>;
  adjustBookmarkCount(
    tx: Tx,
    dramaIds: number[],
    delta: number,
  ): Promise<{ dramaId: number; bookmarkCount: number }[]>;
}

/** What the bookmark list shows of the viewer's watching (playback's episode views). */
export interface WatchProgress {
  /** the last watched episode (latest view) of each drama that has one */
  lastWatchedEpisodes(userId: string, dramaIds: number[]): Promise<Map<number, number>>;
}

export interface BookmarkCaller {
  userId: string;
  authMethod: AuthMethod;
}

function refuseGuests(who: BookmarkCaller) {
  // spec §6: guests who bookmark are sent to login; the client opens it on this code
  if (who.authMethod === 'guest') {
    throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to keep bookmarks');
  }
}

export function createBookmarksService(deps: {
  db: Db;
  repo: BookmarksRepository;
  counts: BookmarkCounts;
  catalog: { dramasByIds(ids: number[]): Promise<Drama[]> };
  progress: WatchProgress;
  accounts: { authMethodOf(userId: string): Promise<AuthMethod | undefined> };
  clock: Clock;
}) {
  const { db, repo, counts, clock } = deps;

  /** Removes the user's bookmarks of these dramas and lowers their counts; returns what went. */
  async function removeAll(tx: Tx, userId: string, dramaIds: number[]) {
    await counts.lockDramas(tx, dramaIds);
    const removed = await repo.remove(tx, userId, dramaIds);
    return { removed, updated: await counts.adjustBookmarkCount(tx, removed, -1) };
  }

  return {
    async list(who: BookmarkCaller): Promise<BookmarkListData> {
      refuseGuests(who);
      const ids = await repo.listOf(who.userId);
      const [dramas, lastWatched] = await Promise.all([
        deps.catalog.dramasByIds(ids),
        deps.progress.lastWatchedEpisodes(who.userId, ids),
      ]);
      return {
        bookmarkList: dramas.map((d) => ({
          dram_id: d.dram_id,
          epsd: lastWatched.get(d.dram_id) ?? 0,
          epsd_cnt: d.epsd_cnt,
          titl_lang_key: d.titl_lang_key,
          pstr_vrtc_path: d.pstr_vrtc_path,
          age_rate: d.age_rate,
        })),
      };
    },

    /** isBookmarked() as a part of a caller's statement (decision 1300). */
    isBookmarkedPart: () => repo.hasPart(),

    /** Who bookmarked a drama (push reminders of a new episode, decision 1520). */
    async membersWhoBookmarked(dramaId: number): Promise<string[]> {
      return repo.membersOf(dramaId);
    },

    /**
     * Bookmarks added in [from, until) and still there, oldest first: who, which drama, when
     * (the For You taste job, decision 1621).
     */
    addedBetween: (
      from: Date,
      until: Date,
    ): Promise<{ userId: string; dramaId: number; at: Date }[]> => repo.addedBetween(from, until),

    async isBookmarked(userId: string, dramaId: number): Promise<boolean> {
      return repo.has(userId, dramaId);
    },

    /** POST /drama/bookmark: 404002 for an unknown drama, 409001 when bookmarked already. */
    async add(who: BookmarkCaller, dramaId: number): Promise<BookmarkAddData> {
      refuseGuests(who);
      return db.transaction(async (tx) => {
        const [found] = await counts.lockDramas(tx, [dramaId]);
        if (found === undefined) {
          throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
        }
        if (!(await repo.insert(tx, who.userId, dramaId, clock.now()))) {
          throw new AppError(
            ResultCode.ALREADY_BOOKMARKED,
            `Drama ${dramaId} is already bookmarked`,
          );
        }
        const [row] = await counts.adjustBookmarkCount(tx, [dramaId], 1);
        return { dramId: dramaId, bkmk_cnt: row?.bookmarkCount ?? 0 };
      });
    },

    /**
     * DELETE /drama/bookmark: all or nothing. When any id is not among the caller's bookmarks
     * (unknown, never bookmarked, or another user's), nothing is removed and 404080 names them.
     */
    async remove(who: BookmarkCaller, dramaIds: number[]): Promise<BookmarkDeleteData> {
      refuseGuests(who);
      const ids = [...new Set(dramaIds)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const { removed, updated } = await removeAll(tx, who.userId, ids);
        const missing = ids.filter((id) => !removed.includes(id));
        if (missing.length > 0) {
          throw new AppError(
            ResultCode.BOOKMARK_NOT_FOUND,
            `Not bookmarked: ${missing.join(', ')}; nothing was removed`,
          );
        }
        return {
          dramIds: ids,
          bkmkCntList: updated
            .map((u) => ({ dram_id: u.dramaId, bkmk_cnt: u.bookmarkCount }))
            .sort((a, b) => a.dram_id - b.dram_id),
        };
      });
    },

    /**
     * Spec §4 auto-bookmark, decided here from the watch records so every client gets it: a
     * member who has watched `epsd` as part of 3 consecutive episodes gets the drama bookmarked,
     * once per drama (removing it afterwards is respected). True when a bookmark was added now.
     */
    async afterEpisodeStarted(
      userId: string,
      dramaId: number,
      watched: number[],
      epsd: number,
    ): Promise<boolean> {
      if (!completesWatchRun(watched, epsd)) return false;
      const method = await deps.accounts.authMethodOf(userId);
      if (method === undefined || method === 'guest') return false;
      return db.transaction(async (tx) => {
        const now = clock.now();
        if (!(await repo.markAuto(tx, userId, dramaId, now))) return false;
        const [found] = await counts.lockDramas(tx, [dramaId]);
        if (found === undefined) return false;
        if (!(await repo.insert(tx, userId, dramaId, now))) return false;
        await counts.adjustBookmarkCount(tx, [dramaId], 1);
        return true;
      });
    },

    /** Account hooks: a guest's rows join the member (counts stay exact); a withdrawal erases them. */
    async transferUserData(fromUserId: string, toUserId: string, tx: Tx) {
      const ids = (await repo.dramaIdsOf(tx, fromUserId)).sort((a, b) => a - b);
      if (ids.length > 0) {
        const { removed } = await removeAll(tx, fromUserId, ids);
        const added: number[] = [];
        for (const id of removed) {
          if (await repo.insert(tx, toUserId, id, clock.now())) added.push(id);
        }
        await counts.adjustBookmarkCount(tx, added, 1);
      }
      await repo.moveAutoMarks(tx, fromUserId, toUserId);
    },

    async eraseUserData(userId: string, tx: Tx) {
      const ids = (await repo.dramaIdsOf(tx, userId)).sort((a, b) => a - b);
      await removeAll(tx, userId, ids);
      await repo.eraseAutoMarks(tx, userId);
    },
  };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
