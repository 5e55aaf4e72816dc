import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { API_BASE, type ForYouData, type ForYouItem } from '@snapdrama/contract';
import { breaksCategoryRun } from '@snapdrama/rules';
import { bearer, joinGuest, type Caller, useTestContext } from '../../test/harness';
import { auditLog } from '../audit/audit.tables';
import { adUnlocks, adViews } from '../events/events.tables';
import { ageChecks } from '../identity/identity.tables';
import { categories, dramaCategories, dramas, episodes } from '../catalog/catalog.tables';
import { episodeViews } from '../playback/playback.tables';
import { signInOperator, type OperatorCaller } from '../operators/operators.test-support';
import { auth, grantCoins, signInMember, unlockRequest } from '../wallet/wallet.test-support';
import { forYouCowatch, forYouViewerState } from './foryou.tables';

const ctx = useTestContext();
let romance: number;
let romanceDramas: number[];
let editor: OperatorCaller;

type Headers = Record<string, string>;
async function page(headers: Headers, query = '?count=14'): Promise<ForYouData> {
  const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/foryou${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ForYouData }>().data;
}
const signal = (headers: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${API_BASE}/foryou/signals`, headers, payload });
const settings = (dramaId: number | string, payload?: object, who = editor) =>
  ctx.app.inject({
    method: payload ? 'PUT' : 'GET',
    url: `${API_BASE}/admin/foryou/dramas/${dramaId}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
const noSettings = {
  pinnedPosition: null,
  excluded: false,
  trailerEpisode: null,
  clipStartSeconds: 0,
  clipEndSeconds: null,
};
const ids = (items: ForYouItem[]) => items.map((i) => i.drama.dram_id);

/** Episode views as the player records them (POST /drama/episode), for the jobs to read. */
async function watched(userId: string, dramaId: number, episodes: number[]) {
  const at = ctx.clock.now();
  await ctx.database.db
    .insert(episodeViews)
    .values(episodes.map((n) => ({ userId, dramaId, episodeNumber: n, lastViewedAt: at })))
    .onConflictDoNothing();
}

beforeAll(async () => {
  const db = ctx.database.db;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.langKey, 'category.romance'));
  romance = row?.id ?? 0;
  romanceDramas = (
    await db
      .select({ id: dramaCategories.dramaId })
      .from(dramaCategories)
      .where(eq(dramaCategories.categoryId, romance))
  ).map((r) => r.id);
  await ctx.services.forYouJobs.refreshCatalog();
  editor = await signInOperator(ctx, 'editor');
});

describe('ranking for each viewer', () => {
  it('cold start: the most viewed first, every reason popular, fresh or explore', async () => {
    const guest = await joinGuest(ctx.app);
    const [top] = await ctx.database.db
      .select({ id: dramas.id })
      .from(dramas)
      .orderBy(sql`${dramas.viewCount} desc`, dramas.id)
      .limit(1);
    const data = await page(bearer(guest), '?count=6');
    expect(data.itemList[0]?.drama.dram_id).toBe(top?.id);
    for (const item of data.itemList)
      expect(['popular', 'fresh', 'explore']).toContain(item.reason);
  });

  it('after watching two romance openings, romance ranks first for that viewer and not for another', async () => {
    const viewer = await joinGuest(ctx.app);
    const other = await joinGuest(ctx.app);
    const coldFirst = (await page(bearer(other), '?count=1')).itemList[0];
    // the viewer's first page, and two romance openings watched in it for a minute each
    const first = await page(bearer(viewer), '?count=14');
    const openings = first.itemList.filter((i) => romanceDramas.includes(i.drama.dram_id));
    expect(openings.length).toBeGreaterThanOrEqual(2);
    for (const item of openings.slice(0, 2)) {
      const res = await signal(bearer(viewer), {
        impressionId: item.impressionId,
        kind: 'watch',
        watchedMs: 60_000,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [state] = await ctx.database.db
      .select()
      .from(forYouViewerState)
      .where(eq(forYouViewerState.userId, await userIdOf(viewer)));
    const affinity = state?.taste.affinity ?? {};
    const top = Object.entries(affinity).sort((a, b) => b[1] - a[1])[0];
    expect(top?.[0]).toBe(String(romance));
    // what was served is not served again; a player-made viewer with the same two openings
    // watched (the job's path) gets romance first where a new viewer gets the most viewed
    const player = await joinGuest(ctx.app);
    const playerId = await userIdOf(player);
    for (const id of romanceDramas.slice(0, 2)) await watched(playerId, id, [1]);
    ctx.clock.advance(1000);
    await ctx.services.forYouJobs.refreshTastes();
    const ranked = (await page(bearer(player), '?count=3')).itemList;
    expect(romanceDramas).toContain(ranked[0]?.drama.dram_id);
    expect(ranked[0]?.reason).toMatch(/affinity|cowatch/);
    expect(coldFirst?.reason).toMatch(/popular|fresh/);
  });

  it('diversity: no drama twice across pages, no three in a row sharing a category when avoidable', async () => {
    const guest = await joinGuest(ctx.app);
    const one = await page(bearer(guest), '?count=5');
    const two = await page(bearer(guest), `?count=5&cursor=${one.cursor ?? ''}`);
    const all = [...one.itemList, ...two.itemList];
    expect(new Set(ids(all)).size).toBe(all.length);
    const cats = all.map((i) => i.drama.ctgr_list);
    for (let i = 2; i < cats.length; i += 1) {
      expect(breaksCategoryRun(cats.slice(0, i), cats[i] ?? [], 2), `item ${i}`).toBe(false);
    }
  });

  it('finished dramas are not served; served ones not again in a feed, which ends with a null cursor', async () => {
    const guest = await joinGuest(ctx.app);
    const guestId = await userIdOf(guest);
    const [drama] = await ctx.database.db
      .select({ id: dramas.id, episodes: dramas.episodeCount })
      .from(dramas)
      .where(eq(dramas.id, romanceDramas[0] ?? 0));
    await watched(
      guestId,
      drama?.id ?? 0,
      Array.from({ length: drama?.episodes ?? 0 }, (_, i) => i + 1),
    );
    ctx.clock.advance(1000);
    await ctx.services.forYouJobs.refreshTastes();
    const all = await page(bearer(guest), '?count=30');
    expect(ids(all.itemList)).not.toContain(drama?.id);
    const again = await page(bearer(guest), `?count=30&cursor=${all.cursor ?? ''}`);
    expect(again.itemList).toEqual([]);
    expect(again.cursor).toBeNull();
    // a new visit to a catalog this small starts over, least recently served first; never the
    // finished drama
    const visit = await page(bearer(guest), '?count=3');
    expect(visit.itemList).toHaveLength(3);
    expect(ids(visit.itemList)).not.toContain(drama?.id);
  });

  it('18+ dramas only for members whose check says adult', async () => {
    const adultDrama = romanceDramas[1] ?? 0;
    await ctx.database.db.update(dramas).set({ ageRate: '19' }).where(eq(dramas.id, adultDrama));
    await ctx.services.catalog.catalogChanged();
    await ctx.services.forYouJobs.refreshCatalog();
    try {
      const guest = await joinGuest(ctx.app);
      expect(ids((await page(bearer(guest), '?count=30')).itemList)).not.toContain(adultDrama);
      const minor = await signInMember(ctx, 'Minor');
      await ctx.database.db
        .insert(ageChecks)
        .values({ userId: minor.userId, birthYear: 2015, verifiedAt: ctx.clock.now() });
      expect(ids((await page(auth(minor), '?count=30')).itemList)).not.toContain(adultDrama);
      const adult = await signInMember(ctx, 'Adult');
      await ctx.database.db
        .insert(ageChecks)
        .values({ userId: adult.userId, birthYear: 1980, verifiedAt: ctx.clock.now() });
      expect(ids((await page(auth(adult), '?count=30')).itemList)).toContain(adultDrama);
    } finally {
      await ctx.database.db.update(dramas).set({ ageRate: '15' }).where(eq(dramas.id, adultDrama));
      await ctx.services.catalog.catalogChanged();
      await ctx.services.forYouJobs.refreshCatalog();
    }
  });

  it('operators pin (at its position) and exclude; a trailer plays its clip; every change audited', async () => {
    const [pinned, excluded] = [romanceDramas[2] ?? 0, romanceDramas[3] ?? 0];
    expect((await settings(pinned, { ...noSettings, pinnedPosition: 2 })).statusCode).toBe(200);
    const trailer = {
      ...noSettings,
      pinnedPosition: 2,
      trailerEpisode: 2,
      clipStartSeconds: 3,
      clipEndSeconds: 9,
    };
    expect((await settings(pinned, trailer)).json().data).toEqual({ dramaId: pinned, ...trailer });
    expect((await settings(excluded, { ...noSettings, excluded: true })).statusCode).toBe(200);
    try {
      const guest = await joinGuest(ctx.app);
      const items = (await page(bearer(guest), '?count=30')).itemList;
      expect(items[1]).toMatchObject({
        drama: { dram_id: pinned },
        reason: 'pinned',
        epsd: 2,
        clipStartSeconds: 3,
        clipEndSeconds: 9,
      });
      expect(ids(items)).not.toContain(excluded);
      const log = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'foryou.update'))
        .orderBy(auditLog.id);
      expect(log.map((r) => r.targetId)).toEqual([
        String(pinned),
        String(pinned),
        String(excluded),
      ]);
    } finally {
      await settings(pinned, noSettings);
      await settings(excluded, noSettings);
    }
  });

  it('console: bad input is 400 and changes nothing; unknown dramas 404; viewers and support refused', async () => {
    const target = romanceDramas[0] ?? 0;
    for (const bad of [
      {},
      { ...noSettings, pinnedPosition: 0 },
      { ...noSettings, pinnedPosition: 2, excluded: true },
      { ...noSettings, clipStartSeconds: 5, clipEndSeconds: 5 },
      { ...noSettings, trailerEpisode: 'x' },
    ]) {
      expect((await settings(target, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const noEpisode = await settings(target, { ...noSettings, trailerEpisode: 9999 });
    expect(noEpisode.json().code).toBe(400191);
    expect((await settings(99_999, noSettings)).json().code).toBe(404002);
    expect((await settings(target)).json().data).toEqual({ dramaId: target, ...noSettings });
    const support = await signInOperator(ctx, 'support');
    expect((await settings(target, noSettings, support)).statusCode).toBe(403);
    const guest = await joinGuest(ctx.app);
    const asViewer = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/admin/foryou/dramas/${target}`,
      headers: bearer(guest),
    });
    expect(asViewer.statusCode).toBe(401);
  });

  it('a trailer must be free: a paid one is refused (400192, nothing changes); one made paid since plays the first free episode', async () => {
    const db = ctx.database.db;
    const target = romanceDramas[4] ?? 0;
    const [paid] = await db
      .select({ number: episodes.number, coin: episodes.coin })
      .from(episodes)
      .where(and(eq(episodes.dramaId, target), gt(episodes.coin, 0)))
      .orderBy(asc(episodes.number))
      .limit(1);
    expect(paid?.coin).toBeGreaterThan(0);
    const audited = async () =>
      (
        await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'foryou.update'), eq(auditLog.targetId, String(target))))
      ).length;
    const auditedBefore = await audited();
    const refused = await settings(target, {
      ...noSettings,
      pinnedPosition: 1,
      trailerEpisode: paid?.number,
      clipStartSeconds: 2,
      clipEndSeconds: 8,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(400192);
    expect((await settings(target)).json().data).toEqual({ dramaId: target, ...noSettings });
    expect(await audited()).toBe(auditedBefore);

    // a free second episode is accepted and played; then an operator prices it
    const trailer = {
      ...noSettings,
      pinnedPosition: 1,
      trailerEpisode: 2,
      clipStartSeconds: 2,
      clipEndSeconds: 8,
    };
    const [second] = await db
      .select({ coin: episodes.coin })
      .from(episodes)
      .where(and(eq(episodes.dramaId, target), eq(episodes.number, 2)));
    expect(second?.coin).toBe(0);
    expect((await settings(target, trailer)).statusCode).toBe(200);
    try {
      const first = (await page(bearer(await joinGuest(ctx.app)), '?count=3')).itemList[0];
      expect(first).toMatchObject({ drama: { dram_id: target }, epsd: 2, clipStartSeconds: 2 });
      await db
        .update(episodes)
        .set({ coin: 30 })
        .where(and(eq(episodes.dramaId, target), eq(episodes.number, 2)));
      await ctx.services.catalog.catalogChanged();
      const item = (await page(bearer(await joinGuest(ctx.app)), '?count=3')).itemList[0];
      expect(item).toMatchObject({
        drama: { dram_id: target },
        reason: 'pinned',
        epsd: 1,
        clipStartSeconds: 0,
        clipEndSeconds: null,
      });
      expect(item?.videoUrlList).toEqual(ctx.services.mediaUrls.forEpisode(target, 1));
    } finally {
      await db
        .update(episodes)
        .set({ coin: 0 })
        .where(and(eq(episodes.dramaId, target), eq(episodes.number, 2)));
      await ctx.services.catalog.catalogChanged();
      await settings(target, noSettings);
    }
  });

  it('taste from bookmarks, coin unlocks or ad unlocks alone: after the job that category leads the feed', async () => {
    const db = ctx.database.db;
    const coldTop = (await page(bearer(await joinGuest(ctx.app)), '?count=1')).itemList[0];
    const coldCats = coldTop?.drama.ctgr_list ?? [];
    // a category of none of the most viewed drama's, and two of its dramas sharing none of them
    const links = await db
      .select({ categoryId: dramaCategories.categoryId, dramaId: dramaCategories.dramaId })
      .from(dramaCategories);
    const catsOf = new Map<number, number[]>();
    for (const l of links) catsOf.set(l.dramaId, [...(catsOf.get(l.dramaId) ?? []), l.categoryId]);
    const apart = (d: number) => !(catsOf.get(d) ?? []).some((c) => coldCats.includes(c));
    const category = links
      .map((l) => l.categoryId)
      .find(
        (c) =>
          !coldCats.includes(c) &&
          links.filter((l) => l.categoryId === c && apart(l.dramaId)).length >= 2,
      );
    expect(category).toBeDefined();
    const chosen = links
      .filter((l) => l.categoryId === category && apart(l.dramaId))
      .map((l) => l.dramaId)
      .slice(0, 2);

    const bookmarker = await signInMember(ctx, 'Bookmarker');
    const unlocker = await signInMember(ctx, 'Unlocker');
    const adWatcher = await signInMember(ctx, 'AdWatcher');
    await grantCoins(ctx, unlocker.userId, 1000);
    for (const dramaId of chosen) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/drama/bookmark`,
        headers: auth(bookmarker),
        payload: { dramId: dramaId },
      });
      expect(added.statusCode, added.body).toBe(200);
      const [firstPaid] = await db
        .select({ number: episodes.number })
        .from(episodes)
        .where(and(eq(episodes.dramaId, dramaId), gt(episodes.coin, 0)))
        .orderBy(asc(episodes.number))
        .limit(1);
      const unlocked = await unlockRequest(ctx.app, unlocker, {
        dramId: dramaId,
        epsd: firstPaid?.number,
      });
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      expect(unlocked.json().code).toBe(0);
      // an ad unlock as events records it (a redeemed ad view, then the unlock)
      const now = ctx.clock.now();
      const [view] = await db
        .insert(adViews)
        .values({
          userId: adWatcher.userId,
          type: 'unlock',
          platform: 'web',
          openedAt: now,
          redeemedAt: now,
        })
        .returning({ id: adViews.id });
      await db.insert(adUnlocks).values({
        userId: adWatcher.userId,
        dramaId,
        episodeNumber: firstPaid?.number ?? 0,
        adViewId: view?.id ?? '',
        day: now.toISOString().slice(0, 10),
        unlockedAt: now,
      });
    }
    // nothing read yet: both still get the cold start's first drama
    for (const who of [bookmarker, unlocker, adWatcher]) {
      expect((await page(auth(who), '?count=1')).itemList[0]?.drama.dram_id).toBe(
        coldTop?.drama.dram_id,
      );
    }
    ctx.clock.advance(1000);
    await ctx.services.forYouJobs.refreshTastes();
    for (const who of [bookmarker, unlocker, adWatcher]) {
      const [state] = await db
        .select()
        .from(forYouViewerState)
        .where(eq(forYouViewerState.userId, who.userId));
      const top = Object.entries(state?.taste.affinity ?? {}).sort((a, b) => b[1] - a[1])[0];
      expect(top?.[0], who.userId).toBe(String(category));
      const first = (await page(auth(who), '?count=1')).itemList[0];
      expect(first?.drama.ctgr_list, who.userId).toContain(category);
      expect(first?.reason).toMatch(/affinity|cowatch/);
    }
    // read once: a second run adds nothing
    const before = await db
      .select()
      .from(forYouViewerState)
      .where(eq(forYouViewerState.userId, unlocker.userId));
    ctx.clock.advance(1000);
    await ctx.services.forYouJobs.refreshTastes();
    const after = await db
      .select()
      .from(forYouViewerState)
      .where(eq(forYouViewerState.userId, unlocker.userId));
    expect(after[0]?.taste).toEqual(before[0]?.taste);
  });

  it('the co-watch job: neighbours from viewers who watched both, the same when run twice', async () => {
    const [a, b, c] = [romanceDramas[0] ?? 0, romanceDramas[1] ?? 0, romanceDramas[2] ?? 0];
    for (let i = 0; i < 3; i += 1) {
      const guest = await joinGuest(ctx.app);
      const id = await userIdOf(guest);
      await watched(id, a, [1, 2, 3]);
      await watched(id, b, [1, 2, 3]);
      if (i === 0) await watched(id, c, [1, 2, 3]);
    }
    await ctx.services.forYouJobs.recomputeCowatch();
    const read = () =>
      ctx.database.db
        .select()
        .from(forYouCowatch)
        .orderBy(forYouCowatch.dramaId, forYouCowatch.neighbourId);
    const once = await read();
    expect(once).toContainEqual(expect.objectContaining({ dramaId: a, neighbourId: b }));
    expect(once.some((r) => r.dramaId === a && r.neighbourId === c)).toBe(false);
    await ctx.services.forYouJobs.recomputeCowatch();
    expect(await read()).toEqual(once);
  });
});

async function userIdOf(caller: Caller): Promise<string> {
  return (await ctx.services.tokens.verify(caller.token)).userId;
}
