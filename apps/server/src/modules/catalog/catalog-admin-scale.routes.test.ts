import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  catalogAdminPaths as paths,
  type DramaFormBody,
} from '@snapdrama/contract';
import { dramaForm } from './catalog-admin.test-support';
import { clipPrefix } from '../../seed/demo';
import { rowsOf, useTestContext } from '../../test/harness';
import {
  expectOperatorOnly,
  signInOperator,
  type OperatorCaller,
} from '../operators/operators.test-support';
import {
  auth,
  signInMember,
  unlockRequest,
  type Member,
  grantCoins,
} from '../wallet/wallet.test-support';

/**
 * Issue 41 item 2: the console's list (search in any language, filters, sort, pages), scheduled
 * publication, archive and restore with what viewers keep, the impact of unpublishing, episode
 * order and bulk creation (decisions 1540-1542).
 */
const ctx = useTestContext();
let editor: OperatorCaller;
let categoryIds: number[];

beforeAll(async () => {
  editor = await signInOperator(ctx, 'editor');
  categoryIds = (await ctx.services.catalogAdmin.categories()).map((c) => c.id);
}, 120_000);

const url = (p: string) => `${API_BASE}${p}`;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, p: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: url(p),
    headers: editor.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const auditOf = async (action: string, dramaId: number) =>
  rowsOf<{ operator_id: string | null; before: unknown; after: unknown }>(
    ctx,
    sql`select operator_id, before, after from audit_log where action = ${action} and target_id = ${String(dramaId)} order by id`,
  );

const form = (title: { ko: string; en: string; ja: string }, over: Partial<DramaFormBody> = {}) =>
  dramaForm(title, { categoryIds: categoryIds.slice(0, 1), ...over });

/** A drama made in the console with posters and `episodes` episodes with video (unpublished). */
async function completeDrama(
  title: { ko: string; en: string; ja: string },
  options: { episodes?: number; coin?: number; over?: Record<string, unknown> } = {},
): Promise<number> {
  const created = await call('POST', paths.dramas(), form(title, options.over));
  expect(created.statusCode, created.body).toBe(200);
  const id: number = created.json().data.id;
  await ctx.database.db.execute(
    sql`update dramas set poster_vertical_path = '/resources/v.jpg', poster_horizontal_path = '/resources/h.jpg' where id = ${id}`,
  );
  const count = options.episodes ?? 0;
  if (count > 0) {
    const added = await call('POST', paths.episodes(id), {
      count,
      coin: options.coin ?? 0,
      freeFirst: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
    for (let n = 1; n <= count; n++) {
      await ctx.services.catalogAdmin.attachEpisodeVideo({
        operatorId: null,
        dramaId: id,
        episodeNumber: n,
        mediaPrefix: clipPrefix(n % 2),
        durationSeconds: 10 + n,
      });
    }
  }
  return id;
}

type Listed = { id: number; state: string; title: { en: string } };
const list = async (query: string) => {
  const response = await call('GET', `${paths.dramas()}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { dramas: Listed[]; total: number; page: number; size: number };
};
const ids = (data: { dramas: Listed[] }) => data.dramas.map((d) => d.id);
const viewerSearch = async (keyword: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: url(`/drama/search/list/${encodeURIComponent(keyword)}/12/1`),
    })
  ).json().data.dramaList as { dram_id: number }[];
const viewerInfo = (id: number, who?: Member) =>
  ctx.app.inject({ method: 'GET', url: url(`/drama/info/${id}`), headers: who ? auth(who) : {} });
const startEpisode = (who: Member, dramId: number, epsd: number) =>
  ctx.app.inject({
    method: 'POST',
    url: url('/drama/episode'),
    headers: auth(who),
    payload: { dramId, epsd },
  });

describe('the new catalog routes refuse everyone but admins and editors', () => {
  it('list, impact, schedule, archive, restore, episode order', async () => {
    const unchanged = async () =>
      (
        await rowsOf<{ n: number }>(
          ctx,
          sql`select count(*)::int as n from audit_log where action like 'drama.%' or action like 'episode.%'`,
        )
      )[0]?.n;
    for (const [method, p, payload] of [
      ['GET', `${paths.dramas()}?q=x&state=draft`],
      ['GET', paths.impact(1)],
      ['POST', paths.schedule(1), { publishAt: null }],
      ['POST', paths.archive(1)],
      ['POST', paths.restore(1)],
      ['PUT', paths.episodeOrder(1), { numbers: [1] }],
    ] as const) {
      await expectOperatorOnly(
        ctx,
        { method, url: url(p), payload },
        ['admin', 'editor'],
        unchanged,
      );
    }
  }, 120_000);
});

describe("the console's drama list", () => {
  let willow: number;
  let harbor: number;
  let draft: number;

  beforeAll(async () => {
    willow = await completeDrama(
      { ko: '버드나무 연가', en: 'Willow Serenade', ja: '柳のセレナーデ' },
      { episodes: 1, over: { ageRate: '15', categoryIds: categoryIds.slice(1, 2) } },
    );
    await call('POST', paths.publish(willow), { published: true });
    harbor = await completeDrama(
      { ko: '항구의 밤', en: 'Harbor Nights', ja: '港の夜' },
      { episodes: 1 },
    );
    await call('POST', paths.publish(harbor), { published: true });
    draft = await completeDrama({ ko: '초안 버드나무', en: 'Draft Willow', ja: '下書きの柳' });
  }, 60_000);

  it('finds any language’s title, published or not, with one- and two-character keywords', async () => {
    for (const q of ['willow', 'WILLOW', '버드나무', '柳', '버']) {
      const found = ids(await list(`q=${encodeURIComponent(q)}`));
      expect(found, q).toEqual(expect.arrayContaining([willow, draft]));
      expect(found, q).not.toContain(harbor);
    }
    expect(ids(await list(`q=${encodeURIComponent('港の')}`))).toEqual([harbor]);
    // descriptions are not titles; punctuation alone scans but finds nothing here
    expect((await list('q=About')).total).toBe(0);
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('filters by state, category and age rating; sorts; pages with a total', async () => {
    expect(ids(await list('q=willow&state=published'))).toEqual([willow]);
    expect(ids(await list('q=willow&state=draft'))).toEqual([draft]);
    expect(ids(await list(`q=willow&categoryId=${categoryIds[1]}`))).toEqual([willow]);
    expect(ids(await list('q=willow&ageRate=15'))).toEqual([willow]);
    expect(ids(await list('q=willow&sort=oldest'))).toEqual([willow, draft]);
    expect(ids(await list('q=willow&sort=newest'))).toEqual([draft, willow]);
    const first = await list('size=2&page=1');
    const second = await list('size=2&page=2');
    expect(first.dramas).toHaveLength(2);
    expect(first.total).toBe(second.total);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(ids(first).some((id) => ids(second).includes(id))).toBe(false);
    const summary = (await list('q=willow&state=published')).dramas[0];
    expect(summary).toMatchObject({
      state: 'published',
      publishAt: null,
      archivedAt: null,
      ageRate: '15',
      episodeCount: 1,
      videoCount: 1,
    });
  });

  it('bad queries answer 400', async () => {
    for (const q of [
      'state=gone',
      'sort=title',
      'page=0',
      'size=101',
      'ageRate=18',
      'categoryId=x',
      `q=${'a'.repeat(101)}`,
    ]) {
      const response = await call('GET', `${paths.dramas()}?${q}`);
      expect(response.statusCode, q).toBe(400);
    }
  });
});

describe('a scheduled publication', () => {
  let id: number;
  beforeAll(async () => {
    id = await completeDrama(
      { ko: '예약된 새벽', en: 'Scheduled Dawn', ja: '予約の夜明け' },
      { episodes: 2 },
    );
  }, 60_000);

  it('refuses a time in the past, a year away, an incomplete drama and a published one', async () => {
    const now = ctx.clock.now().getTime();
    for (const at of [now - 1000, now, now + 400 * 86_400_000]) {
      const response = await call('POST', paths.schedule(id), {
        publishAt: new Date(at).toISOString(),
      });
      expect(response.json().code, response.body).toBe(ResultCode.CATALOG_SCHEDULE_INVALID);
    }
    expect((await call('POST', paths.schedule(id), { publishAt: 'soon' })).statusCode).toBe(400);
    const bare = (
      await call('POST', paths.dramas(), form({ ko: '빈', en: 'Bare', ja: '空' }))
    ).json().data.id;
    const incomplete = await call('POST', paths.schedule(bare), {
      publishAt: new Date(now + 60_000).toISOString(),
    });
    expect(incomplete.json().code).toBe(ResultCode.CATALOG_PUBLISH_INCOMPLETE);
    expect(await auditOf('drama.schedule', id)).toHaveLength(0);
  });

  it('is published by the job at its second, not before; viewers find it then', async () => {
    const at = new Date(ctx.clock.now().getTime() + 90_000);
    const response = await call('POST', paths.schedule(id), { publishAt: at.toISOString() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.drama).toMatchObject({
      state: 'scheduled',
      published: false,
      publishAt: at.toISOString(),
    });
    expect(ids(await list('state=scheduled'))).toContain(id);
    expect(await ctx.services.catalogAdmin.nextPublishAt()).toEqual(at);

    ctx.clock.set(new Date(at.getTime() - 1));
    expect(await ctx.services.catalogAdmin.publishDue()).toEqual([]);
    expect((await viewerInfo(id)).statusCode).toBe(404);

    ctx.clock.set(at);
    expect(await ctx.services.catalogAdmin.publishDue()).toEqual([id]);
    expect(await ctx.services.catalogAdmin.publishDue()).toEqual([]);
    const detail = (await call('GET', paths.drama(id))).json().data.drama;
    expect(detail).toMatchObject({ state: 'published', published: true, publishAt: null });
    expect((await viewerInfo(id)).statusCode).toBe(200);
    expect((await viewerSearch('Scheduled Dawn')).map((d) => d.dram_id)).toEqual([id]);
    const [entry] = await auditOf('drama.publish', id);
    // the job published it: no operator
    expect(entry).toMatchObject({ operator_id: null, after: { published: true } });
    expect(await auditOf('drama.schedule', id)).toHaveLength(1);
  });

  it('two publish jobs at once (two instances) publish a due drama once', async () => {
    const twin = await completeDrama(
      { ko: '쌍둥이 예약', en: 'Twin Schedule', ja: '双子の予約' },
      { episodes: 1 },
    );
    const at = new Date(ctx.clock.now().getTime() + 30_000);
    await call('POST', paths.schedule(twin), { publishAt: at.toISOString() });
    ctx.clock.set(at);
    const [a, b] = await Promise.all([
      ctx.services.catalogAdmin.publishDue(),
      ctx.services.catalogAdmin.publishDue(),
    ]);
    expect([...a, ...b]).toEqual([twin]);
    expect(await auditOf('drama.publish', twin)).toHaveLength(1);
  });

  it('a schedule can be cancelled; a drama that lost its episodes is not published', async () => {
    const other = await completeDrama(
      { ko: '취소된 예약', en: 'Cancelled Plan', ja: '取消の予定' },
      { episodes: 1 },
    );
    const at = new Date(ctx.clock.now().getTime() + 60_000).toISOString();
    await call('POST', paths.schedule(other), { publishAt: at });
    const cancelled = await call('POST', paths.schedule(other), { publishAt: null });
    expect(cancelled.json().data.drama).toMatchObject({ state: 'draft', publishAt: null });
    expect(await auditOf('drama.schedule_cancel', other)).toHaveLength(1);

    await call('POST', paths.schedule(other), { publishAt: at });
    await ctx.database.db.execute(
      sql`update dramas set poster_vertical_path = '' where id = ${other}`,
    );
    ctx.clock.set(at);
    expect(await ctx.services.catalogAdmin.publishDue()).toEqual([]);
    const detail = (await call('GET', paths.drama(other))).json().data.drama;
    expect(detail).toMatchObject({ state: 'draft', publishAt: null });
    const [failed] = await auditOf('drama.schedule_failed', other);
    expect(failed?.after).toMatchObject({ missing: ['poster_vertical'] });
  });
});

describe('archive, restore, and what viewers keep', () => {
  let id: number;
  let buyer: Member;
  let stranger: Member;

  beforeAll(async () => {
    id = await completeDrama(
      { ko: '보관될 이야기', en: 'Archived Tale', ja: '保管の物語' },
      { episodes: 3, coin: 5 },
    );
    await call('POST', paths.publish(id), { published: true });
    buyer = await signInMember(ctx, 'Holder');
    stranger = await signInMember(ctx, 'Stranger');
    await grantCoins(ctx, buyer.userId, 5, 'paid', { idempotencyKey: `archive-${buyer.userId}` });
    const unlocked = await unlockRequest(ctx.app, buyer, { dramId: id, epsd: 2 });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const bookmarked = await ctx.app.inject({
      method: 'POST',
      url: url('/drama/bookmark'),
      headers: auth(stranger),
      payload: { dramId: id },
    });
    expect(bookmarked.statusCode, bookmarked.body).toBe(200);
  }, 60_000);

  it('the impact names the viewers with unlocks and the bookmarks', async () => {
    const response = await call('GET', paths.impact(id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.viewersWithUnlocks).toBe(1);
    expect(response.json().data.bookmarks).toBe(1);
    expect((await call('GET', paths.impact(999_999))).statusCode).toBe(404);
  });

  it('leaves every list and search; the console lists it under archived', async () => {
    const response = await call('POST', paths.archive(id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.drama).toMatchObject({ state: 'archived', published: false });
    expect((await call('POST', paths.archive(id))).statusCode).toBe(200);
    expect(await auditOf('drama.archive', id)).toHaveLength(1);
    expect((await auditOf('drama.archive', id))[0]?.after).toMatchObject({
      viewersWithUnlocks: 1,
    });
    expect(await viewerSearch('Archived Tale')).toEqual([]);
    expect(ids(await list('q=Archived%20Tale'))).toEqual([]);
    expect(ids(await list('q=Archived%20Tale&state=archived'))).toEqual([id]);
    const latest = await ctx.app.inject({ method: 'GET', url: url('/drama/latest/list/50/1') });
    expect(latest.json().data.dramaList.map((d: { dram_id: number }) => d.dram_id)).not.toContain(
      id,
    );
  });

  it('a viewer who unlocked an episode keeps exactly that one; others get 404', async () => {
    const info = await viewerInfo(id, buyer);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.episodeList.map((e: { epsd: number }) => e.epsd)).toEqual([2]);
    expect(info.json().data.unlockedEpisodeList).toEqual([2]);
    const played = await startEpisode(buyer, id, 2);
    expect(played.statusCode, played.body).toBe(200);
    // the free first episode and the locked third are gone for them too
    expect((await startEpisode(buyer, id, 1)).json().code).toBe(ResultCode.EPISODE_NOT_FOUND);
    expect((await startEpisode(buyer, id, 3)).json().code).toBe(ResultCode.EPISODE_NOT_FOUND);
    expect((await viewerInfo(id, stranger)).statusCode).toBe(404);
    expect((await viewerInfo(id)).statusCode).toBe(404);
    expect((await startEpisode(stranger, id, 1)).statusCode).toBe(404);
    // nothing more can be unlocked
    await grantCoins(ctx, buyer.userId, 5, 'paid', { idempotencyKey: `archive-2-${buyer.userId}` });
    expect((await unlockRequest(ctx.app, buyer, { dramId: id, epsd: 3 })).statusCode).toBe(404);
  });

  it('an archived drama is neither published nor scheduled nor given episodes; restore makes it a draft', async () => {
    for (const [p, body] of [
      [paths.publish(id), { published: true }],
      [
        paths.schedule(id),
        { publishAt: new Date(ctx.clock.now().getTime() + 60_000).toISOString() },
      ],
      [paths.episodes(id), { count: 1 }],
    ] as const) {
      const response = await call('POST', p, body);
      expect(response.json().code, p).toBe(ResultCode.CATALOG_DRAMA_ARCHIVED);
    }
    const restored = await call('POST', paths.restore(id));
    expect(restored.json().data.drama).toMatchObject({ state: 'draft', archivedAt: null });
    expect(await auditOf('drama.restore', id)).toHaveLength(1);
    expect(ids(await list('q=Archived%20Tale'))).toEqual([id]);
    // a draft: the buyer sees nothing until it is published again (unpublish takes it from all)
    expect((await viewerInfo(id, buyer)).statusCode).toBe(404);
    await call('POST', paths.publish(id), { published: true });
    expect((await viewerSearch('Archived Tale')).map((d) => d.dram_id)).toEqual([id]);
  });
});

describe('episodes: bulk creation and a new order', () => {
  it('adds many at a price with the first ones free', async () => {
    const id = await completeDrama({ ko: '묶음', en: 'Bundle Saga', ja: '束' });
    const response = await call('POST', paths.episodes(id), { count: 5, coin: 7, freeFirst: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .data.drama.episodes.map((e: { number: number; coin: number }) => [e.number, e.coin]),
    ).toEqual([
      [1, 0],
      [2, 0],
      [3, 7],
      [4, 7],
      [5, 7],
    ]);
    for (const bad of [{ count: 0 }, { count: 1, coin: -1 }, { count: 1, coin: 10_001 }]) {
      expect((await call('POST', paths.episodes(id), bad)).statusCode).toBe(400);
    }
  });

  it('moves price, video and subtitles with each episode of an unpublished drama', async () => {
    const id = await completeDrama(
      { ko: '순서', en: 'Order Play', ja: '順番' },
      { episodes: 3, coin: 9 },
    );
    const sub = await call('PUT', paths.subtitles(id, 3, 'en'), {
      text: '1\n00:00:01,000 --> 00:00:02,000\nThird\n',
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const before = (await call('GET', paths.drama(id))).json().data.drama.episodes as {
      number: number;
      coin: number;
      durationSeconds: number;
      subtitleLanguages: string[];
    }[];
    for (const bad of [[1, 2], [1, 2, 2], [1, 2, 4], []]) {
      const response = await call('PUT', paths.episodeOrder(id), { numbers: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const response = await call('PUT', paths.episodeOrder(id), { numbers: [3, 1, 2] });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().data.drama.episodes as typeof before;
    expect(after.map((e) => e.durationSeconds)).toEqual(
      [3, 1, 2].map((n) => before[n - 1]?.durationSeconds),
    );
    expect(after.map((e) => e.coin)).toEqual([9, 0, 9]);
    expect(after[0]?.subtitleLanguages).toEqual(['en']);
    const file = await ctx.storage.read(`resources/subtitles/${id}/ep1.json`);
    expect(file?.toString()).toContain('Third');
    expect(await auditOf('episode.reorder', id)).toHaveLength(1);
  });

  it('refuses once the drama is published or a viewer unlocked an episode', async () => {
    const id = await completeDrama(
      { ko: '잠긴 순서', en: 'Locked Order', ja: '固定の順番' },
      { episodes: 2, coin: 5 },
    );
    await call('POST', paths.publish(id), { published: true });
    let response = await call('PUT', paths.episodeOrder(id), { numbers: [2, 1] });
    expect(response.json().code).toBe(ResultCode.CATALOG_REORDER_REFUSED);
    const buyer = await signInMember(ctx, 'OrderBuyer');
    await grantCoins(ctx, buyer.userId, 5, 'paid', { idempotencyKey: `order-${buyer.userId}` });
    expect((await unlockRequest(ctx.app, buyer, { dramId: id, epsd: 2 })).statusCode).toBe(200);
    await call('POST', paths.publish(id), { published: false });
    response = await call('PUT', paths.episodeOrder(id), { numbers: [2, 1] });
    expect(response.json().code).toBe(ResultCode.CATALOG_REORDER_REFUSED);
    expect(response.json().message).toBeTruthy();
    expect(await auditOf('episode.reorder', id)).toHaveLength(0);
  });
});
