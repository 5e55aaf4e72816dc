import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  catalogAdminPaths,
  ingestPaths,
  type IngestJobsData,
} from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { expectOperatorOnly, useOperator } from '../operators/operators.test-support';
import { ingestJobs } from './ingest.tables';
import { dramaForm } from '../catalog/catalog-admin.test-support';

/** The jobs page across dramas and the console's preview (decision 1543). */
const ctx = useTestContext();
const editor = useOperator(ctx, 'editor');
const url = (p: string) => `${API_BASE}${p}`;
const get = (p: string) => ctx.app.inject({ method: 'GET', url: url(p), headers: editor.headers });

async function addJob(dramaId: number, epsd: number, status: 'queued' | 'done' | 'failed') {
  const now = ctx.clock.now();
  const [row] = await ctx.database.db
    .insert(ingestJobs)
    .values({
      dramaId,
      episodeNumber: epsd,
      status,
      sourceKey: `ingest/sources/test/${dramaId}-${epsd}.mp4`,
      sourceName: `ep${epsd}.mp4`,
      sourceBytes: 1000,
      durationSeconds: 3,
      width: 1080,
      height: 1920,
      maxAttempts: 3,
      attempts: status === 'queued' ? 0 : 1,
      error: status === 'failed' ? 'ffmpeg exited with code 1' : null,
      runAfter: now,
      createdAt: now,
      updatedAt: now,
      finishedAt: status === 'queued' ? null : now,
    })
    .returning({ id: ingestJobs.id });
  return row?.id ?? 0;
}

let dramaId: number;
beforeAll(async () => {
  dramaId = (await get(`${catalogAdminPaths.dramas()}?sort=oldest&size=1`)).json().data.dramas[0]
    .id;
  await addJob(dramaId, 1, 'failed');
  await addJob(dramaId, 1, 'done');
  await addJob(dramaId, 2, 'failed');
  await addJob(dramaId, 3, 'queued');
});

describe('the jobs page', () => {
  it('is for admins and editors only', async () => {
    for (const p of [ingestPaths.jobs(), ingestPaths.preview(dramaId, 1)]) {
      await expectOperatorOnly(ctx, { method: 'GET', url: url(p) }, ['admin', 'editor']);
    }
  });

  it('lists every drama’s jobs newest first, by state, with titles, counts and the latest flag', async () => {
    const all = (await get(ingestPaths.jobs())).json<{ data: IngestJobsData }>().data;
    expect(all.total).toBe(4);
    expect(all.counts).toEqual({ queued: 1, running: 0, done: 1, failed: 2 });
    expect(all.jobs.map((j) => [j.epsd, j.state, j.latest])).toEqual([
      [3, 'queued', true],
      [2, 'failed', true],
      [1, 'done', true],
      [1, 'failed', false],
    ]);
    expect(all.jobs[0]?.dramaTitle.en).toBeTruthy();
    expect(all.jobs[1]?.error).toBe('ffmpeg exited with code 1');

    const failed = (await get(`${ingestPaths.jobs()}?state=failed&size=1&page=2`)).json<{
      data: IngestJobsData;
    }>().data;
    expect(failed.total).toBe(2);
    expect(failed.jobs.map((j) => [j.epsd, j.latest])).toEqual([[1, false]]);
    for (const bad of ['state=lost', 'page=0', 'size=500']) {
      expect((await get(`${ingestPaths.jobs()}?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('a failed latest job is retried from there; an older one is not retryable', async () => {
    const retried = await ctx.app.inject({
      method: 'POST',
      url: url(ingestPaths.retry(dramaId, 2)),
      headers: editor.headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.job).toMatchObject({ epsd: 2, state: 'queued', attempts: 0 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: url(ingestPaths.retry(dramaId, 1)),
      headers: editor.headers,
    });
    expect(again.json().code).toBe(ResultCode.INGEST_NOT_RETRYABLE);
  });
});

describe('the preview', () => {
  it('signs the episode’s master playlist, which then plays', async () => {
    const response = await get(ingestPaths.preview(dramaId, 1));
    expect(response.statusCode, response.body).toBe(200);
    const { url: master, expiresAt } = response.json().data as { url: string; expiresAt: string };
    expect(master).toMatch(new RegExp(`/${dramaId}/1/master\\.m3u8\\?expires=\\d+&sig=`));
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    const served = await ctx.app.inject({ method: 'GET', url: master });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('#EXTM3U');
  });

  it('an episode without video answers 409153; unknown ones 404', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: url(catalogAdminPaths.dramas()),
      headers: editor.headers,
      payload: dramaForm({ ko: '미리보기', en: 'Preview Me', ja: 'プレビュー' }),
    });
    const id: number = created.json().data.id;
    await ctx.app.inject({
      method: 'POST',
      url: url(catalogAdminPaths.episodes(id)),
      headers: editor.headers,
      payload: { count: 1 },
    });
    const empty = await get(ingestPaths.preview(id, 1));
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe(ResultCode.INGEST_NO_VIDEO);
    expect((await get(ingestPaths.preview(id, 2))).json().code).toBe(ResultCode.EPISODE_NOT_FOUND);
    expect((await get(ingestPaths.preview(999_999, 1))).json().code).toBe(
      ResultCode.DRAMA_NOT_FOUND,
    );
  });
});
