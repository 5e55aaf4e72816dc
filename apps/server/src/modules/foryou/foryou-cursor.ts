/**
 * The feed's cursor: how many items this feed served and the categories of the last ones (the
 * run rule looks across pages). Opaque to clients; repeats are kept out by the impressions, not
 * by the cursor, so a forged one can change no one's feed but the caller's own.
 */
export interface FeedCursor {
  offset: number;
  tail: number[][];
}

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.offset, t: cursor.tail }), 'utf8').toString(
    'base64url',
  );
}

/** The cursor, or undefined when the text is not one encodeCursor wrote. */
export function decodeCursor(text: string): FeedCursor | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { o, t } = raw as { o?: unknown; t?: unknown };
  if (typeof o !== 'number' || !Number.isInteger(o) || o < 0 || o > 1_000_000) return undefined;
  if (!Array.isArray(t) || t.length > 4) return undefined;
  const tail: number[][] = [];
  for (const cats of t) {
    if (!Array.isArray(cats) || cats.length > 50) return undefined;
    if (!cats.every((c) => typeof c === 'number' && Number.isInteger(c))) return undefined;
    tail.push(cats as number[]);
  }
  return { offset: o, tail };
}
