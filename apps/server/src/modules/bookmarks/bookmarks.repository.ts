import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callerPlaceholders, readPart, type ReadPart } from '../../db/read-parts';
import { autoBookmarks, bookmarks } from './bookmarks.tables';

export function createBookmarksRepository(db: Db) {
  return {
    /** The member's bookmarks, most recently added first. */
    async listOf(userId: string): Promise<number[]> {
      const rows = await db
        .select({ dramaId: bookmarks.dramaId })
        .from(bookmarks)
        .where(eq(bookmarks.userId, userId))
        .orderBy(desc(bookmarks.createdAt), desc(bookmarks.dramaId));
      return rows.map((r) => r.dramaId);
    },

    /** Bookmarks added in [from, until), oldest first (the For You taste job). */
    async addedBetween(from: Date, until: Date) {
      return db
        .select({ userId: bookmarks.userId, dramaId: bookmarks.dramaId, at: bookmarks.createdAt })
        .from(bookmarks)
        .where(and(gte(bookmarks.createdAt, from), lt(bookmarks.createdAt, until)))
        .orderBy(asc(bookmarks.createdAt), asc(bookmarks.userId), asc(bookmarks.dramaId));
    },

    /** The members who bookmarked a drama (push reminders of its new episodes). */
    async membersOf(dramaId: number): Promise<string[]> {
      const rows = await db
        .select({ userId: bookmarks.userId })
        .from(bookmarks)
        .where(eq(bookmarks.dramaId, dramaId));
      return rows.map((r) => r.userId);
    },

    /** has() as a part of a caller's statement (decision 1300). */
    hasPart(): ReadPart<boolean> {
      return readPart(
        sql`exists(select 1 from ${bookmarks}
          where ${bookmarks.userId} = ${callerPlaceholders.userId} and ${bookmarks.dramaId} = ${callerPlaceholders.dramaId})`,
        (raw) => raw === true,
      );
    },

    async has(userId: string, dramaId: number): Promise<boolean> {
      const rows = await db
        .select({ dramaId: bookmarks.dramaId })
        .from(bookmarks)
        .where(and(eq(bookmarks.userId, userId), eq(bookmarks.dramaId, dramaId)))
        .limit(1);
      return rows.length > 0;
    },

    /** True when the bookmark is new; false when it existed already. */
    async insert(tx: Tx, userId: string, dramaId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .insert(bookmarks)
        .values({ userId, dramaId, createdAt: now })
        .onConflictDoNothing()
        .returning({ dramaId: bookmarks.dramaId });
      return rows.length > 0;
    },

    /** Deletes those of the member's bookmarks; the drama ids that were deleted. */
    async remove(tx: Tx, userId: string, dramaIds: number[]): Promise<number[]> {
      if (dramaIds.length === 0) return [];
      const rows = await tx
        .delete(bookmarks)
        .where(and(eq(bookmarks.userId, userId), inArray(bookmarks.dramaId, dramaIds)))
        .returning({ dramaId: bookmarks.dramaId });
      return rows.map((r) => r.dramaId);
    },

    async dramaIdsOf(tx: Tx, userId: string): Promise<number[]> {
      const rows = await tx
        .select({ dramaId: bookmarks.dramaId })
        .from(bookmarks)
        .where(eq(bookmarks.userId, userId));
      return rows.map((r) => r.dramaId);
    },

    /** Marks the drama as auto-bookmarked for the member; false when it was marked before. */
    async markAuto(tx: Tx, userId: string, dramaId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .insert(autoBookmarks)
        .values({ userId, dramaId, createdAt: now })
        .onConflictDoNothing()
        .returning({ dramaId: autoBookmarks.dramaId });
      return rows.length > 0;
    },

    async eraseAutoMarks(tx: Tx, userId: string) {
      await tx.delete(autoBookmarks).where(eq(autoBookmarks.userId, userId));
    },

    /** A guest's marks join the member's (guests never bookmark, but may have been marked). */
    async moveAutoMarks(tx: Tx, fromUserId: string, toUserId: string) {
      await tx.execute(sql`
        insert into ${autoBookmarks} (user_id, drama_id, created_at)
        select ${toUserId}, drama_id, created_at from ${autoBookmarks} where user_id = ${fromUserId}
        on conflict do nothing`);
      await tx.delete(autoBookmarks).where(eq(autoBookmarks.userId, fromUserId));
    },
  };
}

export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
