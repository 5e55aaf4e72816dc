import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { AppError } from '../../errors';
import { resolveFfmpegPath } from '../../media/ffmpeg';
import { makeNotAVideo, makeSourceVideo } from '../../test/ingest-fixture';
import { bearer, joinGuest, useTestContext } from '../../test/harness';
import { ingestEpisodesFrom } from './ingest.episodes';
import { createIngestRepository } from './ingest.repository';
import { createIngestService, type IngestService } from './ingest.service';
import { ingestJobs } from './ingest.tables';

const LEASE_SECONDS = 6;
// ffmpeg on a shared 2-core machine: each encode of the ladder takes seconds to a minute
const SLOW = 240_000;
const ctx = useTestContext({ env: { INGEST_LEASE_SECONDS: String(LEASE_SECONDS) } });
let dir: string;
let ffmpeg: string;
let ingest: IngestService;
let shortClip: string;

beforeAll(async () => {
  ingest = ctx.services.ingest;
  ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
  dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-ingest-test-'));
  shortClip = await makeSourceVideo(ffmpeg, dir, { seconds: 2 });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const latest = async (dramaId: number, epsd: number) => {
  const job = await ingest.episodeJob(dramaId, epsd);
  if (!job) throw new Error('no job');
  return job;
};

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
}

/** A viewer starts the episode and fetches the master, every rendition and every segment. */
async function expectPlayable(dramaId: number, epsd: number): Promise<number> {
  let segments = 0;
  const viewer = await joinGuest(ctx.app);
  const start = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode`,
    headers: bearer(viewer),
    payload: { dramId: dramaId, epsd },
  });
  expect(start.statusCode).toBe(200);
  const urls = start.json<{ data: { videoUrlList: { quality: string; videoUrl: string }[] } }>()
    .data.videoUrlList;
  const auto = urls.find((u) => u.quality === 'Auto')?.videoUrl ?? '';
  const master = await ctx.app.inject({ method: 'GET', url: auto });
  expect(master.statusCode).toBe(200);
  const base = auto.slice(0, auto.indexOf('master.m3u8'));
  const children = master.body.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(children).toHaveLength(3);
  for (const child of children) {
    const playlist = await ctx.app.inject({ method: 'GET', url: base + child });
    expect(playlist.statusCode).toBe(200);
    const dirOf = child.slice(0, child.indexOf('/') + 1);
    const files = playlist.body.split('\n').flatMap((l) => {
      const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(l);
      if (map?.[1]) return [map[1]];
      return l && !l.startsWith('#') ? [l] : [];
    });
    expect(files.length).toBeGreaterThan(1);
    segments = files.length - 1;
    for (const file of files) {
      const res = await ctx.app.inject({ method: 'GET', url: base + dirOf + file });
      expect(res.statusCode, file).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(0);
    }
  }
  return segments;
}

async function expectAppError(run: Promise<unknown>, code: number) {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('probing an upload', () => {
  it('refuses a file that is not a video, with a clear reason, and queues nothing', async () => {
    const file = await makeNotAVideo(dir);
    const error = await ingest
      .acceptSource({ dramaId: 1, epsd: 2, file, name: 'notes.mp4', operatorId: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ResultCode.INGEST_NOT_VIDEO);
    expect((error as AppError).message).toMatch(/"notes\.mp4" is not a video/);
    expect(await ingest.episodeJob(1, 2)).toBeNull();
  });

  it('refuses sound without picture', async () => {
    const file = path.join(dir, 'tone.m4a');
    const { runFfmpeg } = await import('../../media/ffmpeg');
    await runFfmpeg(ffmpeg, ['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', file]);
    await expectAppError(
      ingest.acceptSource({ dramaId: 1, epsd: 2, file, name: 'tone.m4a', operatorId: null }),
      ResultCode.INGEST_NOT_VIDEO,
    );
  });

  it('refuses an episode that does not exist', async () => {
    await expectAppError(
      ingest.acceptSource({
        dramaId: 1,
        epsd: 999,
        file: shortClip,
        name: 'a.mp4',
        operatorId: null,
      }),
      ResultCode.EPISODE_NOT_FOUND,
    );
    await expectAppError(
      ingest.acceptSource({
        dramaId: 9999,
        epsd: 1,
        file: shortClip,
        name: 'a.mp4',
        operatorId: null,
      }),
      ResultCode.DRAMA_NOT_FOUND,
    );
  });
});

describe('transcoding', { timeout: SLOW }, () => {
  it('turns an upload into the ladder and a poster; the episode plays it', async () => {
    const { operator } = await ctx.services.operators.create(
      { email: 'uploader@ops.test', role: 'editor', password: 'correct horse battery' },
      null,
    );
    // a viewer played the demo clip before (4 s: segments of 1, 1 and 2 s, decision 0510); the
    // media folder is cached
    expect(await expectPlayable(1, 1)).toBe(3);
    const queued = await ingest.acceptSource({
      dramaId: 1,
      epsd: 1,
      file: shortClip,
      name: 'pilot.mp4',
      operatorId: operator.operatorId,
    });
    expect(queued).toMatchObject({
      state: 'queued',
      percent: 0,
      attempts: 0,
      width: 360,
      height: 640,
    });
    expect(queued.durationSeconds).toBeCloseTo(2, 0);
    // a second upload for the same episode waits for this one
    await expectAppError(
      ingest.acceptSource({
        dramaId: 1,
        epsd: 1,
        file: shortClip,
        name: 'b.mp4',
        operatorId: null,
      }),
      ResultCode.INGEST_JOB_IN_PROGRESS,
    );

    expect(await ingest.runNext('w1')).toBe(true);
    const done = await latest(1, 1);
    expect(done).toMatchObject({ state: 'done', percent: 100, attempts: 1, error: null });
    expect(done.posterPath).toMatch(/^\/resources\/posters\/episodes\/1-1-\d+\.jpg$/);
    const poster = await ctx.storage.read(done.posterPath?.slice(1) ?? '');
    expect(poster?.subarray(0, 2).toString('hex')).toBe('ffd8'); // a JPEG
    const episode = await ctx.services.catalog.episode(1, 1);
    expect(episode.mediaPrefix).toMatch(/^episodes\/1\/1\/j\d+a1$/);
    expect(episode.durationSeconds).toBeCloseTo(2, 0);
    expect(await ctx.storage.exists(`${episode.mediaPrefix}/master.m3u8`)).toBe(true);
    // the new 2 s cut (two segments of 1 s) plays at once, not the cached demo clip
    expect(await expectPlayable(1, 1)).toBe(2);
    // the upload and the finished video are in the audit log, with the episode's old and new media
    const audit = await ctx.services.audit.list({ targetType: 'episode', targetId: '1/1' });
    // the finished video is the transcode worker's, not a person's or the CLI's (decision 1570)
    expect(audit.entries.map((e) => [e.action, e.operatorId, e.actor])).toEqual([
      ['episode.video_ready', null, 'worker'],
      ['episode.video_attached', operator.operatorId, 'operator'],
      ['episode.video_upload', operator.operatorId, 'operator'],
    ]);
    expect(audit.entries[0]?.before).toEqual({ mediaPrefix: expect.stringMatching(/^clips\//) });
    expect(audit.entries[0]?.after).toMatchObject({
      mediaPrefix: episode.mediaPrefix,
      uploadedBy: operator.operatorId,
    });
    // nothing else is due
    expect(await ingest.runNext('w1')).toBe(false);
  });

  it('fits a landscape source without sound into the 9:16 ladder with a silent track', async () => {
    const file = await makeSourceVideo(ffmpeg, dir, {
      seconds: 2,
      width: 640,
      height: 360,
      audio: false,
    });
    await ingest.acceptSource({ dramaId: 1, epsd: 3, file, name: 'wide.mp4', operatorId: null });
    expect(await ingest.runNext('w1')).toBe(true);
    expect(await latest(1, 3)).toMatchObject({ state: 'done', percent: 100 });
    const episode = await ctx.services.catalog.episode(1, 3);
    const init = await ctx.storage.read(`${episode.mediaPrefix}/720p/init.mp4`);
    // both tracks are there: the picture (avc1) and the added silence (mp4a)
    expect(init?.includes('avc1')).toBe(true);
    expect(init?.includes('mp4a')).toBe(true);
  });

  it('reports progress (percent and ETA) while ffmpeg runs', async () => {
    const file = await makeSourceVideo(ffmpeg, dir, { seconds: 6 });
    await ingest.acceptSource({ dramaId: 1, epsd: 4, file, name: 'long.mp4', operatorId: null });
    const run = ingest.runNext('w1');
    const seen: { percent: number; eta: number | null }[] = [];
    await waitFor(async () => {
      const job = await latest(1, 4);
      if (job.state === 'running' && job.percent > 0)
        seen.push({ percent: job.percent, eta: job.etaSeconds });
      return job.state === 'done' || seen.length >= 2;
    }, 150_000);
    await run;
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0]?.percent).toBeGreaterThan(0);
    expect(seen[0]?.percent).toBeLessThan(100);
    expect(seen[0]?.eta).not.toBeNull();
    expect(await latest(1, 4)).toMatchObject({ state: 'done', percent: 100, etaSeconds: null });
  });

  it('a transcode whose worker died mid-way is taken again after its lease and ends playable', async () => {
    const file = await makeSourceVideo(ffmpeg, dir, { seconds: 6 });
    await ingest.acceptSource({ dramaId: 1, epsd: 5, file, name: 'crash.mp4', operatorId: null });
    const dying = new AbortController();
    const first = ingest.runNext('worker-that-dies', dying.signal);
    await waitFor(async () => (await latest(1, 5)).percent > 0, 60_000);
    // like the process being killed: ffmpeg is SIGKILLed, nothing more reaches the database
    dying.abort('killed');
    await first;
    const orphan = await latest(1, 5);
    expect(orphan).toMatchObject({ state: 'running', attempts: 1 });
    // its lease still holds: no other worker takes it yet
    expect(await ingest.runNext('worker-after-restart')).toBe(false);
    ctx.clock.advance((LEASE_SECONDS + 1) * 1000);
    expect(await ingest.runNext('worker-after-restart')).toBe(true);
    expect(await latest(1, 5)).toMatchObject({ state: 'done', percent: 100, attempts: 2 });
    expect((await ctx.services.catalog.episode(1, 5)).mediaPrefix).toMatch(/a2$/);
    await expectPlayable(1, 5);
  });

  it('a worker stopping on purpose hands its job back without using an attempt', async () => {
    const file = await makeSourceVideo(ffmpeg, dir, { seconds: 6 });
    await ingest.acceptSource({ dramaId: 1, epsd: 6, file, name: 'stop.mp4', operatorId: null });
    const stopping = new AbortController();
    const run = ingest.runNext('w-stop', stopping.signal);
    await waitFor(async () => (await latest(1, 6)).percent > 0, 60_000);
    stopping.abort('release');
    await run;
    expect(await latest(1, 6)).toMatchObject({ state: 'queued', attempts: 0, percent: 0 });
    expect(await ingest.runNext('w-next')).toBe(true);
    expect(await latest(1, 6)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('a corrupt source ends in the failed state with its reason, at once', async () => {
    const job = await ingest.acceptSource({
      dramaId: 1,
      epsd: 7,
      file: shortClip,
      name: 'corrupt.mp4',
      operatorId: null,
    });
    // the stored source is damaged after the upload (disk, bucket, a broken copy)
    const [stored] = await ctx.database.db
      .select()
      .from(ingestJobs)
      .where(eq(ingestJobs.id, job.id));
    expect(stored).toBeDefined();
    await ctx.storage.write(stored?.sourceKey ?? '', Buffer.from('garbage'.repeat(1000)));
    expect(await ingest.runNext('w1')).toBe(true);
    const failed = await latest(1, 7);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.error).toMatch(/not a readable video/);
    expect(failed.finishedAt).not.toBeNull();
    // the episode still plays what it had
    expect((await ctx.services.catalog.episode(1, 7)).mediaPrefix).toMatch(/^clips\//);
  });
});

describe('retries', { timeout: SLOW }, () => {
  let flaky: IngestService;
  let scriptDir: string;

  beforeAll(async () => {
    // an ffmpeg that probes but fails every encode, like a full disk or an OOM kill
    scriptDir = await mkdtemp(path.join(tmpdir(), 'snapdrama-flaky-'));
    const script = path.join(scriptDir, 'ffmpeg');
    await writeFile(
      script,
      `#!/bin/sh\nfor a in "$@"; do [ "$a" = "-filter_complex" ] && { echo "No space left on device" >&2; exit 1; }; done\nexec "${ffmpeg}" "$@"\n`,
    );
    await chmod(script, 0o755);
    flaky = createIngestService({
      db: ctx.database.db,
      repo: createIngestRepository(ctx.database.db),
      audit: ctx.services.audit,
      episodes: ingestEpisodesFrom(ctx.services.catalogAdmin),
      storage: ctx.storage,
      clock: ctx.clock,
      ffmpegPath: script,
      leaseSeconds: LEASE_SECONDS,
      maxAttempts: 3,
    });
  });
  afterAll(() => rm(scriptDir, { recursive: true, force: true }));

  it('retries with backoff (30 s, 60 s), then fails with the reason; an operator retries it', async () => {
    await flaky.acceptSource({
      dramaId: 2,
      epsd: 1,
      file: shortClip,
      name: 'f.mp4',
      operatorId: null,
    });
    expect(await flaky.runNext('w1')).toBe(true);
    let job = await latest(2, 1);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job.error).toMatch(/No space left on device/);
    expect(new Date(job.runAfter).getTime() - ctx.clock.now().getTime()).toBe(30_000);

    // not due yet
    expect(await flaky.runNext('w1')).toBe(false);
    ctx.clock.advance(30_000);
    expect(await flaky.runNext('w1')).toBe(true);
    job = await latest(2, 1);
    expect(job).toMatchObject({ state: 'queued', attempts: 2 });
    expect(new Date(job.runAfter).getTime() - ctx.clock.now().getTime()).toBe(60_000);

    ctx.clock.advance(60_000);
    expect(await flaky.runNext('w1')).toBe(true);
    job = await latest(2, 1);
    expect(job).toMatchObject({ state: 'failed', attempts: 3 });
    expect(job.error).toMatch(/No space left on device/);
    expect(await flaky.runNext('w1')).toBe(false);

    // the operator fixed the disk: a retry starts over and the real encoder finishes it
    const again = await ingest.retry(2, 1, null);
    expect(again).toMatchObject({ state: 'queued', attempts: 0, error: null });
    await expectAppError(ingest.retry(2, 1, null), ResultCode.INGEST_NOT_RETRYABLE);
    expect(await ingest.runNext('w1')).toBe(true);
    expect(await latest(2, 1)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('only a failed job can be retried', async () => {
    await expectAppError(ingest.retry(2, 2, null), ResultCode.INGEST_NOT_RETRYABLE);
    await expectAppError(ingest.retry(1, 1, null), ResultCode.INGEST_NOT_RETRYABLE);
    await expectAppError(ingest.retry(1, 999, null), ResultCode.EPISODE_NOT_FOUND);
  });
});
