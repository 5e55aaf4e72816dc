import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveFfmpegPath, runFfmpeg } from '../apps/server/src/media/ffmpeg';
import { RENDITIONS, hlsLadderArgs } from '../apps/server/src/media/hls';
import { makeSourceVideo } from '../apps/server/src/test/ingest-fixture';
import { startApp } from './lib';

const SOURCE_SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_TRANSCODE_ROUNDS ?? 2);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Transcode throughput: seconds of 1080x1920 source turned into the full 480p/720p/1080p HLS
 * ladder per second of wall time, through the ingest pipeline (accept: probe and store; the
 * worker: fetch, probe, encode with progress and lease renewals, upload the ladder, poster
 * frame, publish the media), against plain ffmpeg with the very same encoding arguments on the
 * same file. Rounds alternate so both meet the same machine load; medians are compared.
 */
export async function run(): Promise<void> {
  const ffmpegPath = resolveFfmpegPath(process.env.FFMPEG_PATH);
  const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-bench-transcode-'));
  const app = await startApp({ seed: true });
  try {
    console.log(`making a ${SOURCE_SECONDS} s 1080x1920 H.264/AAC source...`);
    const source = await makeSourceVideo(ffmpegPath, dir, {
      seconds: SOURCE_SECONDS,
      width: 1080,
      height: 1920,
      name: 'source.mp4',
    });
    const plain: number[] = [];
    const pipeline: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // plain ffmpeg: the pipeline's encoding arguments, output to a local folder, nothing else
      const out = path.join(dir, `plain-${round}`);
      for (const r of RENDITIONS) await mkdir(path.join(out, r.name), { recursive: true });
      let started = performance.now();
      await runFfmpeg(
        ffmpegPath,
        hlsLadderArgs({ input: ['-i', source], outDir: out, video: '0:v:0', audio: '0:a:0' }),
      );
      plain.push((performance.now() - started) / 1000);
      await rm(out, { recursive: true, force: true });

      // the pipeline, from the finished upload to the episode pointing at its new ladder
      started = performance.now();
      await app.services.ingest.acceptSource({
        dramaId: 1,
        epsd: round,
        file: source,
        name: 'source.mp4',
        operatorId: null,
      });
      if (!(await app.services.ingest.runNext('bench-worker')))
        throw new Error('the job was not claimed');
      pipeline.push((performance.now() - started) / 1000);
      const job = await app.services.ingest.episodeJob(1, round);
      if (job?.state !== 'done') throw new Error(`the job ended ${job?.state}: ${job?.error}`);
      console.log(
        `round ${round}: plain ffmpeg ${plain.at(-1)?.toFixed(2)} s, pipeline ${pipeline.at(-1)?.toFixed(2)} s`,
      );
    }
    const plainS = median(plain);
    const pipelineS = median(pipeline);
    console.table([
      {
        target: 'plain ffmpeg (same arguments)',
        'wall s (median)': Number(plainS.toFixed(2)),
        'source s per wall s': Number((SOURCE_SECONDS / plainS).toFixed(3)),
      },
      {
        target: 'ingest pipeline (accept + worker)',
        'wall s (median)': Number(pipelineS.toFixed(2)),
        'source s per wall s': Number((SOURCE_SECONDS / pipelineS).toFixed(3)),
      },
    ]);
    console.log(
      `overhead ratio (pipeline / plain ffmpeg wall time): ${(pipelineS / plainS).toFixed(3)}x ` +
        `(${((pipelineS / plainS - 1) * 100).toFixed(1)} %) over ${ROUNDS} rounds of ${SOURCE_SECONDS} s`,
    );
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}
