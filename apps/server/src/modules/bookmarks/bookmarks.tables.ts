import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { userIdRef } from '../auth/auth.tables';
import { dramaIdRef } from '../catalog/catalog.tables';

/** A member's bookmarked dramas; the key makes a duplicate add impossible. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: userIdRef(),
    dramaId: dramaIdRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dramaId] }),
    index('bookmarks_user_recent_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Dramas the server bookmarked automatically for a member (spec §4), once each: a viewer who
 * removes such a bookmark is not bookmarked again on the next episode.
 */
export const autoBookmarks = pgTable(
  'auto_bookmarks',
  {
    userId: userIdRef(),
    dramaId: dramaIdRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dramaId] })],
);
