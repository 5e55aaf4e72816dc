import { and, eq, type Column, type SQL } from 'drizzle-orm';

/** The key columns of a table with one row per viewer and episode. */
export interface ViewerEpisodeColumns {
  userId: Column;
  dramaId: Column;
  episodeNumber: Column;
}

/** The condition that picks one viewer's row for one episode of a drama. */
export function viewerEpisodeIs(
  table: ViewerEpisodeColumns,
  userId: string,
  dramaId: number,
  episodeNumber: number,
): SQL | undefined {
  return and(
    eq(table.userId, userId),
    eq(table.dramaId, dramaId),
    eq(table.episodeNumber, episodeNumber),
  );
}
