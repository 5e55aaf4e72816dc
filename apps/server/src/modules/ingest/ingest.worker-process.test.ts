import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@snapdrama/contract';
import { resolveFfmpegPath } from '../../media/ffmpeg';
import { makeSourceVideo } from '../../test/ingest-fixture';
import { bearer, joinGuest, useTestContext } from '../../test/harness';
import { servicesPresent } from '../../test/services';

/**
 * `npm run worker` as a real process on PostgreSQL: killed with SIGKILL in the middle of a
 * transcode, the job survives, and the worker started again takes it over once the dead one's
 * lease ran out, and finishes it. (PGlite is one process's database: PostgreSQL only.)
 */
describe.runIf(servicesPresent('postgres'))('the worker process', { timeout: 420_000 }, () => {
  const ctx = useTestContext();
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-worker-process-'));
  });
  afterAll(async () => {
    for (const child of children) killGroup(child);
    await rm(dir, { recursive: true, force: true });
  });

  // the worker, tsx and ffmpeg die together, as when a machine or container goes away
  const killGroup = (child: ChildProcess) => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  };

  const startWorker = () => {
    const child = spawn(
      process.execPath,
      [createRequire(import.meta.url).resolve('tsx/cli'), 'src/worker.ts'],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        detached: true,
        stdio: 'ignore',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: ctx.databaseUrl,
          REDIS_URL: '',
          DATA_DIR: ctx.config.dataDir,
          MEDIA_DIR: ctx.config.mediaDir,
          JWT_SECRET: ctx.config.jwtSecret,
          MEDIA_SIGNING_SECRET: ctx.config.mediaSigningSecret,
          INGEST_LEASE_SECONDS: '3',
          INGEST_POLL_MS: '200',
        },
      },
    );
    children.push(child);
    return child;
  };

  const job = async () => {
    const found = await ctx.services.ingest.episodeJob(1, 1);
    if (!found) throw new Error('no job');
    return found;
  };
  const waitFor = async (check: () => Promise<boolean>, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('timed out');
  };

  it('killed mid-transcode, the job is finished by the restarted worker and plays', async () => {
    const file = await makeSourceVideo(resolveFfmpegPath(process.env.FFMPEG_PATH), dir, {
      seconds: 6,
    });
    await ctx.services.ingest.acceptSource({
      dramaId: 1,
      epsd: 1,
      file,
      name: 'cut.mp4',
      operatorId: null,
    });

    const first = startWorker();
    await waitFor(async () => {
      const j = await job();
      return j.state === 'running' && j.percent > 0;
    }, 180_000);
    killGroup(first);
    await new Promise((r) => first.once('exit', r));
    expect(await job()).toMatchObject({ state: 'running', attempts: 1 });

    startWorker();
    await waitFor(async () => (await job()).state === 'done', 240_000);
    expect(await job()).toMatchObject({ state: 'done', attempts: 2, percent: 100 });

    const episode = await ctx.services.catalog.episode(1, 1);
    expect(episode.mediaPrefix).toMatch(/^episodes\/1\/1\/j\d+a2$/);
    const viewer = await joinGuest(ctx.app);
    const start = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      headers: bearer(viewer),
      payload: { dramId: 1, epsd: 1 },
    });
    const auto = start
      .json<{ data: { videoUrlList: { quality: string; videoUrl: string }[] } }>()
      .data.videoUrlList.find((u) => u.quality === 'Auto')?.videoUrl;
    const master = await ctx.app.inject({ method: 'GET', url: auto ?? '' });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('1080p/index.m3u8');
    const base = (auto ?? '').slice(0, (auto ?? '').indexOf('master.m3u8'));
    const child = master.body.split('\n').find((l) => l.startsWith('1080p/')) ?? '';
    const playlist = await ctx.app.inject({ method: 'GET', url: base + child });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
  });
});
