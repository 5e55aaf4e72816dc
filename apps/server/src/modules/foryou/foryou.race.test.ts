import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_BASE, type ForYouData } from '@snapdrama/contract';
import { bearer, joinGuest, useTestContext } from '../../test/harness';
import { forYouSignals, forYouViewerState } from './foryou.tables';

const ctx = useTestContext();

beforeAll(async () => {
  await ctx.services.forYouJobs.refreshCatalog();
});

/**
 * Beacons arrive together (a page hidden sends every pending one at once). On PGlite they queue;
 * on PostgreSQL (CI, DATABASE_URL) they really race: none of their taste is lost, and a beacon
 * sent twice counts once.
 */
describe('For You signal races', () => {
  it("a new viewer's beacons at once: every watch counts, each impression and kind once", async () => {
    const guest = await joinGuest(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/foryou?count=8`,
      headers: bearer(guest),
    });
    const items = res.json<{ data: ForYouData }>().data.itemList;
    expect(items.length).toBe(8);
    const send = (impressionId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/foryou/signals`,
        headers: bearer(guest),
        payload: { impressionId, kind: 'watch', watchedMs: 60_000 },
      });
    const answers = await Promise.all(
      items.flatMap((i) => [send(i.impressionId), send(i.impressionId)]),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const userId = (await ctx.services.tokens.verify(guest.token)).userId;
    const [state] = await ctx.database.db
      .select()
      .from(forYouViewerState)
      .where(eq(forYouViewerState.userId, userId));
    // a minute each: 1 per drama, spread over its categories
    const expected = new Map<string, number>();
    for (const item of items) {
      for (const c of item.drama.ctgr_list) {
        expected.set(String(c), (expected.get(String(c)) ?? 0) + 1);
      }
    }
    expect(state?.taste.affinity).toEqual(Object.fromEntries(expected));
    const rows = await ctx.database.db.select().from(forYouSignals);
    const mine = rows.filter((r) => items.some((i) => i.impressionId === r.impressionId));
    expect(mine).toHaveLength(items.length);
  });
});
