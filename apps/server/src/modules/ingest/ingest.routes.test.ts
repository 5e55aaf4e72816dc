import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { Upload, type DetailedError } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  enMessages,
  ingestPaths,
  jaMessages,
  koMessages,
} from '@snapdrama/contract';
import { resolveFfmpegPath } from '../../media/ffmpeg';
import { makeNotAVideo, makeSourceVideo } from '../../test/ingest-fixture';
import { useTestContext } from '../../test/harness';
import { auditLog } from '../audit/audit.tables';
import {
  expectOperatorOnly,
  signInOperator,
  type OperatorCaller,
  useOperator,
} from '../operators/operators.test-support';
import { ingestJobs } from './ingest.tables';

const ctx = useTestContext();
let base: string;
const editor = useOperator(ctx, 'editor');
let dir: string;
let video: Buffer;

beforeAll(async () => {
  base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-ingest-routes-'));
  video = await readFile(
    await makeSourceVideo(resolveFfmpegPath(process.env.FFMPEG_PATH), dir, { seconds: 3 }),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const url = (p: string) => `${API_BASE}${p}`;
const rows = async () => {
  const [jobs] = await ctx.database.db.select({ n: count() }).from(ingestJobs);
  // operators signing in are audited too: only the episodes' entries count here
  const [audits] = await ctx.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.targetType, 'episode'));
  return { jobs: jobs?.n, audits: audits?.n };
};
const staged = async () =>
  (await readdir(ctx.config.ingest.uploadDir)).filter((f) => !f.startsWith('.'));

interface Outcome {
  ok: boolean;
  status?: number;
  body?: { code: number; message: string; data: unknown };
}

/** A tus upload with the console's metadata, as tus-js-client sends it. */
function tusUpload(
  data: Buffer,
  metadata: Record<string, string>,
  options: {
    caller?: OperatorCaller;
    chunkSize?: number;
    uploadUrl?: string;
    onChunk?: (upload: Upload, sent: number) => void;
  } = {},
): { upload: Upload; done: Promise<Outcome> } {
  let upload!: Upload;
  const done = new Promise<Outcome>((resolve) => {
    upload = new Upload(data, {
      endpoint: `${base}${url(ingestPaths.uploads())}`,
      uploadUrl: options.uploadUrl,
      chunkSize: options.chunkSize ?? 256 * 1024,
      retryDelays: [],
      headers: { authorization: (options.caller ?? editor).headers.authorization },
      metadata,
      onChunkComplete: (_size, sent) => options.onChunk?.(upload, sent),
      onSuccess: () => resolve({ ok: true }),
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        const text = response?.getBody();
        resolve({
          ok: false,
          status: response?.getStatus(),
          body: text ? (JSON.parse(text) as Outcome['body']) : undefined,
        });
      },
    });
    upload.start();
  });
  return { upload, done };
}

describe('who may use the ingest API', () => {
  it('every route refuses nobody, guests, viewers and the support role', async () => {
    for (const request of [
      { method: 'GET', url: url(ingestPaths.episode(1, 1)) },
      { method: 'GET', url: url(ingestPaths.drama(1)) },
      { method: 'POST', url: url(ingestPaths.retry(1, 1)) },
      { method: 'POST', url: url(ingestPaths.uploads()) },
      { method: 'PATCH', url: `${url(ingestPaths.uploads())}/abc` },
      { method: 'DELETE', url: `${url(ingestPaths.uploads())}/abc` },
    ] as const) {
      await expectOperatorOnly(ctx, request, ['admin', 'editor'], rows);
    }
  });

  it('admins and editors may', async () => {
    for (const role of ['admin', 'editor'] as const) {
      const operator = await signInOperator(ctx, role);
      const res = await ctx.app.inject({
        method: 'GET',
        url: url(ingestPaths.drama(1)),
        headers: operator.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: { episodes: { epsd: number; job: unknown }[] } }>().data;
      expect(data.episodes.length).toBeGreaterThan(1);
      expect(data.episodes[0]).toEqual({ epsd: 1, job: null });
    }
  });
});

describe('uploading a source with tus', () => {
  it('an upload interrupted mid-way resumes from the server offset and is queued once', async () => {
    const before = await rows();
    const meta = { dramaId: '1', epsd: '2', filename: 'pilot.mp4' };
    let location: string | undefined;
    // the connection drops after the second piece (the client goes away mid-upload)
    const first = tusUpload(video, meta, {
      chunkSize: 64 * 1024,
      onChunk: (upload, sent) => {
        if (sent >= 128 * 1024 && !location) {
          location = upload.url ?? undefined;
          void upload.abort();
        }
      },
    });
    const interrupted = await Promise.race([
      first.done,
      new Promise<'aborted'>((r) => setTimeout(() => r('aborted'), 3000)),
    ]);
    expect(interrupted).toBe('aborted');
    expect(location).toMatch(new RegExp(`^${base}${API_BASE}${ingestPaths.uploads()}/[0-9a-f]+$`));

    // the server kept what arrived; nothing is queued yet
    const head = await fetch(location ?? '', {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', authorization: editor.headers.authorization },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(128 * 1024);
    expect(offset).toBeLessThan(video.length);
    expect(await ctx.services.ingest.episodeJob(1, 2)).toBeNull();

    // a new client (page reloaded) continues the same upload from that offset
    let firstSent = -1;
    const resumed = tusUpload(video, meta, {
      uploadUrl: location,
      chunkSize: 64 * 1024,
      onChunk: (_u, sent) => {
        if (firstSent < 0) firstSent = sent;
      },
    });
    expect(await resumed.done).toEqual({ ok: true });
    expect(firstSent).toBe(offset + 64 * 1024);

    const job = await ctx.services.ingest.episodeJob(1, 2);
    expect(job).toMatchObject({
      state: 'queued',
      sourceName: 'pilot.mp4',
      sourceBytes: video.length,
      width: 360,
      height: 640,
    });
    // the stored source is byte for byte what was sent; the staged copy is gone
    const [row] = await ctx.database.db.select().from(ingestJobs);
    const stored = await ctx.storage.read(row?.sourceKey ?? '');
    const sha = (b: Buffer | null | undefined) =>
      createHash('sha256')
        .update(b ?? '')
        .digest('hex');
    expect(sha(stored)).toBe(sha(video));
    expect(await staged()).toEqual([]);
    const after = await rows();
    expect(after.jobs).toBe((before.jobs ?? 0) + 1);
    const audit = await ctx.services.audit.list({ action: 'episode.video_upload' });
    expect(audit.entries[0]).toMatchObject({
      operatorId: editor.operatorId,
      targetType: 'episode',
      targetId: '1/2',
    });
  });

  it('a file that is not a video is refused with 415150 and its reason; nothing is kept', async () => {
    const before = await rows();
    const notes = await readFile(await makeNotAVideo(dir));
    const result = await tusUpload(notes, { dramaId: '1', epsd: '3', filename: 'notes.mp4' }).done;
    expect(result.ok).toBe(false);
    expect(result.status).toBe(415);
    expect(result.body?.code).toBe(ResultCode.INGEST_NOT_VIDEO);
    // in the caller's words, not the developer's (issue 47); no Accept-Language: English
    expect(result.body?.message).toBe(enMessages['error.415150']);
    expect(await rows()).toEqual(before);
    expect(await staged()).toEqual([]);
  });

  it('bad metadata and unknown episodes are refused before a byte is stored', async () => {
    const before = await rows();
    for (const [metadata, status, code] of [
      [{ epsd: '1', filename: 'a.mp4' }, 400, ResultCode.INGEST_UPLOAD_INVALID],
      [{ dramaId: 'x', epsd: '1', filename: 'a.mp4' }, 400, ResultCode.INGEST_UPLOAD_INVALID],
      [{ dramaId: '1', epsd: '0', filename: 'a.mp4' }, 400, ResultCode.INGEST_UPLOAD_INVALID],
      [{ dramaId: '1', epsd: '1', filename: ' ' }, 400, ResultCode.INGEST_UPLOAD_INVALID],
      [{ dramaId: '1', epsd: '999', filename: 'a.mp4' }, 404, ResultCode.EPISODE_NOT_FOUND],
      [{ dramaId: '99999', epsd: '1', filename: 'a.mp4' }, 404, ResultCode.DRAMA_NOT_FOUND],
    ] as const) {
      const result = await tusUpload(video, metadata).done;
      expect(result.status, JSON.stringify(metadata)).toBe(status);
      expect(result.body?.code, JSON.stringify(metadata)).toBe(code);
    }
    expect(await rows()).toEqual(before);
    expect(await staged()).toEqual([]);
  });

  it('an upload larger than the limit is refused at creation', async () => {
    const res = await fetch(`${base}${url(ingestPaths.uploads())}`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(21 * 1024 ** 3),
        'upload-metadata': `dramaId ${btoa('1')},epsd ${btoa('4')},filename ${btoa('big.mp4')}`,
        authorization: editor.headers.authorization,
      },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: number }).code).toBe(ResultCode.INGEST_UPLOAD_TOO_LARGE);
  });

  it('refuses in the console’s language (tus’s own refusals and ours)', async () => {
    const tooLarge = await fetch(`${base}${url(ingestPaths.uploads())}`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(21 * 1024 ** 3),
        'upload-metadata': `dramaId ${btoa('1')},epsd ${btoa('4')},filename ${btoa('big.mp4')}`,
        'accept-language': 'ko-KR',
        authorization: editor.headers.authorization,
      },
    });
    expect(((await tooLarge.json()) as { message: string }).message).toBe(
      koMessages['error.413150'],
    );
    // tus's own plain-text refusal (no Tus-Resumable header)
    const noVersion = await fetch(`${base}${url(ingestPaths.uploads())}`, {
      method: 'POST',
      headers: { 'accept-language': 'ja', authorization: editor.headers.authorization },
    });
    const body = (await noVersion.json()) as { code: number; message: string };
    expect(body.message).toBe(jaMessages[`error.${body.code}` as keyof typeof jaMessages]);
  });
});

describe('episode state and retry', () => {
  it('bad parameters get 400 and change nothing', async () => {
    const before = await rows();
    for (const bad of [
      '/admin/ingest/episodes/0/1',
      '/admin/ingest/episodes/1/x',
      '/admin/ingest/dramas/-1',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: url(bad), headers: editor.headers });
      expect(res.statusCode, bad).toBe(400);
    }
    const retry = await ctx.app.inject({
      method: 'POST',
      url: url('/admin/ingest/episodes/abc/1/retry'),
      headers: editor.headers,
    });
    expect(retry.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('a retry of an episode without a failed transcode is refused with 409151', async () => {
    const before = await rows();
    for (const epsd of [1, 2]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: url(ingestPaths.retry(1, epsd)),
        headers: editor.headers,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ code: number }>().code).toBe(ResultCode.INGEST_NOT_RETRYABLE);
    }
    expect(await rows()).toEqual(before);
  });

  it('the episode route answers the latest job; unknown episodes 404', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: url(ingestPaths.episode(1, 2)),
      headers: editor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { job: { state: string; epsd: number } } }>().data.job).toMatchObject({
      state: 'queued',
      epsd: 2,
    });
    const missing = await ctx.app.inject({
      method: 'GET',
      url: url(ingestPaths.episode(1, 999)),
      headers: editor.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: number }>().code).toBe(ResultCode.EPISODE_NOT_FOUND);
  });
});
