import type { Clock } from '../../clock';
import type { Storage } from '../../media/storage';

/**
 * A poster larger than this stays a URL: the HTML of every player link would carry it. The demo's
 * posters (title-less key art) are about 2 KB.
 */
export const INLINE_POSTER_MAX_BYTES = 16 * 1024;
const KEPT_MS = 5 * 60_000;
const KEPT = 256;

/**
 * The vertical poster of a player link's first screen as a data: URL, when it is a small SVG of
 * our own resources: the first screen then paints with the HTML, with no request in between
 * (the viewer's largest paint, decision 0500). Anything else (a raster poster, a large file, a
 * store failure) gives `undefined`, and the first screen loads the poster by its URL.
 * Answers are kept for five minutes per path (the path carries the asset version).
 */
export function inlinePosters(storage: Pick<Storage, 'read'>, clock: Pick<Clock, 'now'>) {
  const kept = new Map<string, { at: number; value: string | undefined }>();

  const load = async (path: string): Promise<string | undefined> => {
    const key = path.split('?')[0]?.replace(/^\//, '') ?? '';
    if (!key.startsWith('resources/') || !key.endsWith('.svg') || key.includes('..')) {
      return undefined;
    }
    const body = await storage.read(key).catch(() => null);
    if (!body || body.length > INLINE_POSTER_MAX_BYTES) return undefined;
    // percent-encoded rather than base64: the page's compression still sees the SVG's repeats;
    // the quote too, so that the address needs no escaping in an attribute
    return `data:image/svg+xml,${encodeURIComponent(body.toString('utf8')).replace(/'/g, '%27')}`;
  };

  return async (path: string): Promise<string | undefined> => {
    const now = clock.now().getTime();
    const hit = kept.get(path);
    if (hit && now - hit.at < KEPT_MS) return hit.value;
    const value = await load(path);
    kept.delete(path);
    kept.set(path, { at: now, value });
    // the oldest go first
    for (const old of kept.keys()) {
      if (kept.size <= KEPT) break;
      kept.delete(old);
    }
    return value;
  };
}
