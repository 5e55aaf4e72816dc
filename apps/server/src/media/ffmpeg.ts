import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseFfmpegProgress } from '@snapdrama/rules';

/** The ffmpeg binary: FFMPEG_PATH when set, else the one shipped in @ffmpeg-installer. */
export function resolveFfmpegPath(configured: string | undefined): string {
  if (configured) return configured;
  const require = createRequire(import.meta.url);
  const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

export interface FfmpegRunOptions {
  /** hears ffmpeg's `-progress` reports: seconds of output written so far */
  onProgress?: (encodedSeconds: number) => void;
  /** kills ffmpeg (SIGKILL) when aborted; the promise then rejects */
  signal?: AbortSignal;
}

export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  options: FfmpegRunOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new Error('ffmpeg aborted'));
      return;
    }
    const progress = options.onProgress ? ['-progress', 'pipe:1', '-nostats'] : [];
    const child = spawn(
      ffmpegPath,
      ['-hide_banner', '-loglevel', 'error', '-y', ...progress, ...args],
      { stdio: ['ignore', options.onProgress ? 'pipe' : 'ignore', 'pipe'] },
    );
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > 8000) stderr = stderr.slice(-8000);
    });
    const onProgress = options.onProgress;
    if (onProgress && child.stdout) {
      // ffmpeg writes one key=value block per report, each ending with a progress= line
      let pending = '';
      child.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        let end: number;
        while ((end = pending.search(/progress=\w+\n/)) >= 0) {
          const lineEnd = pending.indexOf('\n', end) + 1;
          const report = parseFfmpegProgress(pending.slice(0, lineEnd));
          pending = pending.slice(lineEnd);
          if (report.encodedSeconds !== null) onProgress(report.encodedSeconds);
        }
        if (pending.length > 64_000) pending = '';
      });
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? code}): ${stderr.trim()}`));
    });
  });
}

export interface ProbeResult {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
}

/**
 * What ffmpeg says of a file it is asked to open without an output (`ffmpeg -i file`): the
 * container's duration and the first video stream's codec and size. Null when there is no
 * decodable video stream (not a video, or a corrupt one); `reason` says why.
 */
export function parseProbe(
  stderr: string,
): { ok: true; probe: ProbeResult } | { ok: false; reason: string } {
  const videoLine = /Stream #\d+:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Video: ([^\n]+)/.exec(stderr);
  if (!videoLine?.[1]) {
    const invalid =
      /Invalid data found|moov atom not found|could not find codec|No such file/i.exec(stderr);
    return {
      ok: false,
      reason: invalid ? `not a readable video (${invalid[0]})` : 'the file has no video stream',
    };
  }
  const codec = videoLine[1].split(/[ ,(]/)[0] ?? 'unknown';
  const size = /\b(\d{2,5})x(\d{2,5})\b/.exec(videoLine[1]);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!size) return { ok: false, reason: 'the video stream has no picture size' };
  if (!duration) return { ok: false, reason: 'the video has no duration' };
  const durationSeconds =
    Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  if (!(durationSeconds > 0)) return { ok: false, reason: 'the video is empty (0 s)' };
  return {
    ok: true,
    probe: {
      durationSeconds,
      width: Number(size[1]),
      height: Number(size[2]),
      videoCodec: codec,
      hasAudio: /Stream #\d+:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Audio: /.test(stderr),
    },
  };
}

/** Probes a local file with ffmpeg itself (the shipped build has no ffprobe). */
export function probeMedia(
  ffmpegPath: string,
  file: string,
): Promise<{ ok: true; probe: ProbeResult } | { ok: false; reason: string }> {
  return new Promise((resolve, reject) => {
    // no output named: ffmpeg prints the input's streams and exits 1 ("At least one output...")
    const child = spawn(ffmpegPath, ['-hide_banner', '-i', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(parseProbe(stderr)));
  });
}
