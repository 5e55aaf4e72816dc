import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, catalogAdminPaths as paths, enMessages } from '@snapdrama/contract';
import { clipPrefix } from '../../seed/demo';
import { testPng } from './catalog-admin.test-support';
import { joinGuest, rowsOf, useTestContext } from '../../test/harness';
import {
  auditCount,
  expectOperatorOnly,
  signInOperator,
  type OperatorCaller,
  useOperator,
} from '../operators/operators.test-support';

const ctx = useTestContext();
const editor = useOperator(ctx, 'editor');
let png: Buffer;
let categoryIds: number[];

beforeAll(async () => {
  png = await testPng();
  categoryIds = (await ctx.services.catalogAdmin.categories()).map((c) => c.id);
}, 120_000);

const url = (p: string) => `${API_BASE}${p}`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, p: string, payload?: unknown, who: OperatorCaller = editor) =>
  ctx.app.inject({
    method,
    url: url(p),
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const putPoster = (dramaId: number, kind: string, body: Buffer, type = 'image/png') =>
  ctx.app.inject({
    method: 'PUT',
    url: url(paths.poster(dramaId, kind)),
    headers: { ...editor.headers, 'content-type': type },
    payload: body,
  });

const dramaCount = async () =>
  (await rowsOf<{ n: number }>(ctx, sql`select count(*)::int as n from dramas`))[0]?.n;
const auditOf = async (action: string) =>
  rowsOf<{ operator_id: string; target_id: string; before: unknown; after: unknown }>(
    ctx,
    sql`select operator_id, target_id, before, after from audit_log where action = ${action} order by id`,
  );

const form = (over: Record<string, unknown> = {}) => ({
  title: { ko: '비밀의 정원사', en: 'The Secret Gardener', ja: '秘密の庭師' },
  description: { ko: '정원사의 이야기', en: 'A gardener keeps a secret.', ja: '庭師の物語' },
  categoryIds: categoryIds.slice(0, 2),
  ageRate: '15',
  warnings: ['violence'],
  exclusive: true,
  webTag: 'web-tag-1',
  aosTag: null,
  iosTag: '',
  registeredAt: null,
  ...over,
});

const viewerSearch = async (keyword: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: url(`/drama/search/list/${encodeURIComponent(keyword)}/12/1`),
    })
  ).json().data;
const viewerInfo = (id: number) => ctx.app.inject({ method: 'GET', url: url(`/drama/info/${id}`) });

describe('catalog routes refuse everyone but admins and editors', () => {
  it('every route', async () => {
    // the refused callers' own sign-ins are audited (operator.*); nothing else may be
    const catalogAudit = async () =>
      (
        await rowsOf<{ n: number }>(
          ctx,
          sql`select count(*)::int as n from audit_log where action not like 'operator.%'`,
        )
      )[0]?.n;
    const snapshot = async () => [await dramaCount(), await catalogAudit()];
    for (const [method, p, payload] of [
      ['GET', paths.dramas()],
      ['POST', paths.dramas(), form()],
      ['GET', paths.drama(1)],
      ['PUT', paths.drama(1), form()],
      ['POST', paths.publish(1), { published: false }],
      ['POST', paths.episodes(1), { count: 1 }],
      ['PUT', paths.episode(1, 1), { free: false, coin: 5 }],
      ['PUT', paths.subtitles(1, 1, 'en'), { text: '1\n00:00:01,000 --> 00:00:02,000\nHi' }],
      ['DELETE', paths.subtitles(1, 1, 'en')],
      ['GET', paths.categories()],
      ['POST', paths.categories(), { name: { ko: '새', en: 'New', ja: '新' } }],
      ['PUT', paths.categoryOrder(), { ids: categoryIds }],
      ['PUT', paths.poster(1, 'vertical'), undefined],
    ] as const) {
      await expectOperatorOnly(
        ctx,
        { method, url: url(p), payload },
        ['admin', 'editor'],
        snapshot,
      );
    }
  }, 120_000);
});

describe('a drama from the console to viewers', () => {
  let dramaId: number;

  it('is created unpublished: viewers neither find it nor open it', async () => {
    const response = await call('POST', paths.dramas(), form());
    expect(response.statusCode, response.body).toBe(200);
    dramaId = response.json().data.id;
    const detail = (await call('GET', paths.drama(dramaId))).json().data.drama;
    // the form as sent, but for the empty iOS tag kept as none and the registration day set
    expect(detail).toMatchObject({
      published: false,
      form: { ...form(), iosTag: null, registeredAt: expect.any(String) },
      episodes: [],
    });
    expect((await viewerSearch('Secret Gardener')).totalCount).toBe(0);
    expect((await viewerInfo(dramaId)).statusCode).toBe(404);
    const [entry] = await auditOf('drama.create');
    expect(entry).toMatchObject({ operator_id: editor.operatorId, target_id: String(dramaId) });
  });

  it('bad input answers 400 with the field and changes nothing', async () => {
    const before = [await dramaCount(), await auditCount(ctx)];
    for (const [bad, code, field] of [
      [form({ title: { ko: '가', en: 'A' } }), ResultCode.BAD_REQUEST, 'title.ja'],
      [form({ title: { ko: ' ', en: 'A', ja: 'あ' } }), ResultCode.BAD_REQUEST, 'title.ko'],
      [form({ ageRate: '18' }), ResultCode.BAD_REQUEST, 'ageRate'],
      [form({ warnings: ['scary'] }), ResultCode.BAD_REQUEST, 'warnings'],
      [form({ categoryIds: [1, 1] }), ResultCode.BAD_REQUEST, 'categoryIds'],
      [form({ categoryIds: [999_999] }), ResultCode.CATALOG_CATEGORY_NOT_FOUND, 'categoryIds'],
      [form({ exclusive: 'yes' }), ResultCode.BAD_REQUEST, 'exclusive'],
      [form({ registeredAt: 'tomorrow' }), ResultCode.BAD_REQUEST, 'registeredAt'],
      [
        form({ description: { ko: 'x'.repeat(2001), en: 'a', ja: 'a' } }),
        ResultCode.BAD_REQUEST,
        'description.ko',
      ],
    ] as const) {
      const response = await call('POST', paths.dramas(), bad);
      expect(response.json().code, response.body).toBe(code);
      const named = Object.keys(response.json().fields ?? {});
      expect(named.some((path) => path === field || path.startsWith(`${field}.`))).toBe(true);
      const update = await call('PUT', paths.drama(dramaId), bad);
      expect(update.json().code, update.body).toBe(code);
    }
    expect([await dramaCount(), await auditCount(ctx)]).toEqual(before);
    expect((await call('GET', paths.drama(dramaId))).json().data.drama.form.title).toEqual(
      form().title,
    );
    expect((await call('PUT', paths.drama(999_999), form())).statusCode).toBe(404);
  });

  it('edits are audited with before and after', async () => {
    const response = await call(
      'PUT',
      paths.drama(dramaId),
      form({ exclusive: false, title: { ...form().title, en: 'The Secret Gardener II' } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.drama.form).toMatchObject({
      exclusive: false,
      title: { en: 'The Secret Gardener II' },
    });
    const [entry] = await auditOf('drama.update');
    expect(entry?.before).toMatchObject({ exclusive: true, title: { en: 'The Secret Gardener' } });
    expect(entry?.after).toMatchObject({
      exclusive: false,
      title: { en: 'The Secret Gardener II' },
    });
  });

  it('cannot be published without posters and an episode', async () => {
    const response = await call('POST', paths.publish(dramaId), { published: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: ResultCode.CATALOG_PUBLISH_INCOMPLETE });
    // what it lacks, named in the caller's language (English without Accept-Language)
    expect(response.json().message).toBe(
      `${enMessages['error.409125']} Still missing: the vertical poster, the horizontal poster, at least one episode.`,
    );
  });

  it('posters: images are resized to 540x960 and 1280x720 JPEGs; anything else is refused', async () => {
    const before = await auditCount(ctx);
    for (const [body, type] of [
      [Buffer.from('not an image at all'), 'image/png'],
      [Buffer.concat([png.subarray(0, 40), Buffer.alloc(100)]), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const response = await putPoster(dramaId, 'vertical', body, type);
      expect(response.statusCode, response.body).toBe(400);
      expect([ResultCode.CATALOG_IMAGE_INVALID, ResultCode.BAD_REQUEST]).toContain(
        response.json().code,
      );
    }
    expect((await putPoster(dramaId, 'sideways', png)).statusCode).toBe(400);
    expect((await putPoster(dramaId, 'vertical', png, 'text/plain')).statusCode).toBe(415);
    expect(await auditCount(ctx)).toBe(before);

    for (const [kind, size] of [
      ['vertical', [540, 960]],
      ['horizontal', [1280, 720]],
    ] as const) {
      const response = await putPoster(dramaId, kind, png);
      expect(response.statusCode, response.body).toBe(200);
      const publicPath: string = response.json().data.path;
      expect(publicPath).toMatch(
        new RegExp(`^/resources/posters/console/${dramaId}-${kind}-[0-9a-f]{12}\\.jpg$`),
      );
      const served = await ctx.app.inject({ method: 'GET', url: publicPath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(jpegSize(served.rawPayload)).toEqual(size);
    }
    expect((await auditOf('drama.poster')).length).toBe(2);
  });

  it('episodes: added after the last, priced, free; bad prices change nothing', async () => {
    let response = await call('POST', paths.episodes(dramaId), { count: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.drama.episodes.map((e: { number: number }) => e.number)).toEqual([
      1, 2,
    ]);
    response = await call('PUT', paths.episode(dramaId, 2), { free: false, coin: 30 });
    expect(response.json().data.drama.episodes[1]).toMatchObject({
      number: 2,
      coin: 30,
      free: false,
      hasVideo: false,
    });
    const before = await auditCount(ctx);
    for (const bad of [
      { free: false, coin: 0 },
      { free: false, coin: -1 },
      { free: false, coin: 10_001 },
      { free: false, coin: 1.5 },
      { free: 'no', coin: 3 },
      {},
    ]) {
      const bad400 = await call('PUT', paths.episode(dramaId, 2), bad);
      expect(bad400.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call('PUT', paths.episode(dramaId, 9), { free: true, coin: 0 })).json().code,
    ).toBe(ResultCode.EPISODE_NOT_FOUND);
    for (const count of [0, 101, 'two']) {
      expect((await call('POST', paths.episodes(dramaId), { count })).statusCode).toBe(400);
    }
    expect(await auditCount(ctx)).toBe(before);
    const [entry] = await auditOf('episode.update');
    expect(entry).toMatchObject({
      target_id: `${dramaId}/2`,
      before: { coin: 0, free: true },
      after: { coin: 30, free: false },
    });
  });

  it('subtitles: SRT and WebVTT become the spec JSON per language; bad files change nothing', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n';
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:02.500\n안녕\n';
    expect((await call('PUT', paths.subtitles(dramaId, 1, 'en'), { text: srt })).statusCode).toBe(
      200,
    );
    const response = await call('PUT', paths.subtitles(dramaId, 1, 'ko'), { text: vtt });
    expect(response.json().data.drama.episodes[0].subtitleLanguages).toEqual(['ko', 'en']);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/resources/subtitles/${dramaId}/ep1.json`,
    });
    expect(file.json()).toEqual([
      { start: 1, end: 2.5, text: { ko: '안녕', en: 'Hello' } },
      { start: 3, end: 4, text: { en: 'Bye' } },
    ]);
    const before = await auditCount(ctx);
    for (const text of ['just words', '1\n00:00:05,000 --> 00:00:01,000\nbackwards', '']) {
      const bad = await call('PUT', paths.subtitles(dramaId, 1, 'ja'), { text });
      expect(bad.statusCode).toBe(400);
      expect([ResultCode.CATALOG_SUBTITLE_INVALID, ResultCode.BAD_REQUEST]).toContain(
        bad.json().code,
      );
    }
    expect((await call('PUT', paths.subtitles(dramaId, 1, 'fr'), { text: srt })).statusCode).toBe(
      400,
    );
    expect(await auditCount(ctx)).toBe(before);
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: `/resources/subtitles/${dramaId}/ep1.json` })
      ).json(),
    ).toEqual(file.json());
    const removed = await call('DELETE', paths.subtitles(dramaId, 1, 'ko'));
    expect(removed.json().data.drama.episodes[0].subtitleLanguages).toEqual(['en']);
    expect((await auditOf('episode.subtitles')).length).toBe(2);
  });

  it('published: viewers find it by search in every language at once; episodes without video stay hidden', async () => {
    // a viewer's cached search and list before publishing
    expect((await viewerSearch('庭師')).totalCount).toBe(0);
    const response = await call('POST', paths.publish(dramaId), { published: true });
    expect(response.statusCode, response.body).toBe(200);
    for (const keyword of ['Secret Gardener', '비밀의 정원사', '秘密の庭師']) {
      const found = await viewerSearch(keyword);
      expect(
        found.dramaList.map((d: { dram_id: number }) => d.dram_id),
        keyword,
      ).toEqual([dramaId]);
    }
    const info = (await viewerInfo(dramaId)).json().data;
    expect(info.drama).toMatchObject({
      dram_id: dramaId,
      epsd_cnt: 0,
      age_rate: '15',
      rate_clsf_crtr: ['violence'],
    });
    expect(info.episodeList).toEqual([]);
    expect((await auditOf('drama.publish')).length).toBe(1);
  });

  it('an episode becomes playable when its video is attached (the ingest pipeline)', async () => {
    await ctx.services.catalogAdmin.attachEpisodeVideo({
      operatorId: editor.operatorId,
      dramaId,
      episodeNumber: 1,
      mediaPrefix: clipPrefix(0),
      durationSeconds: 12,
    });
    const info = (await viewerInfo(dramaId)).json().data;
    expect(info.drama.epsd_cnt).toBe(1);
    expect(info.episodeList).toEqual([expect.objectContaining({ epsd: 1, coin: 0 })]);
    const guest = await joinGuest(ctx.app);
    const start = await ctx.app.inject({
      method: 'POST',
      url: url('/drama/episode'),
      headers: { authorization: `Bearer ${guest.token}` },
      payload: { dramId: dramaId, epsd: 1 },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.videoUrlList.length).toBeGreaterThan(0);
    expect((await auditOf('episode.video_attached'))[0]).toMatchObject({
      after: { mediaPrefix: clipPrefix(0) },
    });
  });

  it('unpublished: gone from search and info at once', async () => {
    expect((await call('POST', paths.publish(dramaId), { published: false })).statusCode).toBe(200);
    expect((await viewerSearch('Secret Gardener')).totalCount).toBe(0);
    expect((await viewerInfo(dramaId)).statusCode).toBe(404);
    expect(
      (await call('GET', paths.dramas()))
        .json()
        .data.dramas.find((d: { id: number }) => d.id === dramaId),
    ).toMatchObject({
      published: false,
      episodeCount: 2,
      videoCount: 1,
    });
  });
});

describe('categories', () => {
  it('are created with names in three languages and ordered for viewers', async () => {
    const admin = await signInOperator(ctx, 'admin');
    const created = await call(
      'POST',
      paths.categories(),
      { name: { ko: '스릴러', en: 'Thriller', ja: 'スリラー' } },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const all = created.json().data.categories as { id: number; name: { en: string } }[];
    const thriller = all.find((c) => c.name.en === 'Thriller');
    expect(thriller).toBeDefined();
    const order = [thriller?.id ?? 0, ...all.filter((c) => c !== thriller).map((c) => c.id)];
    expect((await call('PUT', paths.categoryOrder(), { ids: order })).statusCode).toBe(200);
    const viewer = (
      await ctx.app.inject({ method: 'GET', url: url('/drama/category/list') })
    ).json().data.categoryList;
    expect(viewer[0].ctgr_id).toBe(thriller?.id);
    const before = await auditCount(ctx);
    for (const ids of [order.slice(1), [...order, 999], [order[0], order[0]]]) {
      expect((await call('PUT', paths.categoryOrder(), { ids })).statusCode).toBe(400);
    }
    expect(
      (await call('POST', paths.categories(), { name: { ko: '가', en: '', ja: 'あ' } })).statusCode,
    ).toBe(400);
    expect(await auditCount(ctx)).toBe(before);
    expect((await auditOf('category.order')).length).toBe(1);
  });
});

/** Width and height of a baseline or progressive JPEG (its SOF marker). */
function jpegSize(bytes: Buffer): [number, number] | undefined {
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + length;
  }
  return undefined;
}
