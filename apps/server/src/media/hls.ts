import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg, type FfmpegRunOptions } from './ffmpeg';
import type { Storage } from './storage';

/** The 9:16 ladder. Names follow the short side, as viewers know them. */
export const RENDITIONS = [
  {
    name: '480p',
    width: 480,
    height: 854,
    videoKbps: 900,
    audioKbps: 96,
    level: '3.0',
    codec: 'avc1.64001e',
  },
  {
    name: '720p',
    width: 720,
    height: 1280,
    videoKbps: 2000,
    audioKbps: 128,
    level: '3.1',
    codec: 'avc1.64001f',
  },
  {
    name: '1080p',
    width: 1080,
    height: 1920,
    videoKbps: 3500,
    audioKbps: 128,
    level: '4.0',
    codec: 'avc1.640028',
  },
] as const;

export type RenditionName = (typeof RENDITIONS)[number]['name'];

/** Segment length in seconds; keyframes every SEGMENT_SECONDS * fps frames keep them aligned. */
export const SEGMENT_SECONDS = 2;
/**
 * The first segment is shorter: the player can start after fetching 1 s of video instead of 2
 * (hls_init_time). A keyframe is forced at that second in every rendition, so they stay aligned.
 */
export const FIRST_SEGMENT_SECONDS = 1;
/** Frames per second of uploads; generated demo content is drawn at film's 24 (decision 0510). */
export const DEFAULT_FPS = 30;

export function masterPlaylist(fps = DEFAULT_FPS): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of RENDITIONS) {
    const bandwidth = Math.round((r.videoKbps * 1.1 + r.audioKbps) * 1000);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${(r.videoKbps + r.audioKbps) * 1000},` +
        `RESOLUTION=${r.width}x${r.height},CODECS="${r.codec},mp4a.40.2",FRAME-RATE=${fps}`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The ffmpeg arguments of the whole ladder, written under `outDir` (one folder per rendition).
 * Each rendition is fitted into its 9:16 frame (scaled down, padded, never stretched). The same
 * arguments serve the pipeline and the benchmark's plain-ffmpeg baseline.
 */
export function hlsLadderArgs(options: {
  input: string[];
  outDir: string;
  /** the input stream of the picture (default 0:v) */
  video?: string;
  /** the input stream of the sound (default 1:a) */
  audio?: string;
  /** x264 preset (default veryfast); generated demo content, smooth and simple, can go faster */
  preset?: string;
  /** output frame rate (default DEFAULT_FPS); keyframes stay on the segment boundaries */
  fps?: number;
  /**
   * The sound is already AAC (48 kHz, stereo, at most the lowest rendition's audio bitrate, so
   * the master playlist's BANDWIDTH stays an upper bound) and is copied into every rendition
   * instead of being encoded once per rendition on ffmpeg's main thread.
   */
  audioCopy?: boolean;
}): string[] {
  const video = options.video ?? '0:v';
  const fps = options.fps ?? DEFAULT_FPS;
  const preset = options.preset ?? 'veryfast';
  const scales = RENDITIONS.map(
    (r, i) =>
      `[s${i}]scale=${r.width}:${r.height}:force_original_aspect_ratio=decrease,` +
      `pad=${r.width}:${r.height}:(ow-iw)/2:(oh-ih)/2,setsar=1[v${r.name}]`,
  );
  const filter = `[${video}]split=${RENDITIONS.length}${RENDITIONS.map((_, i) => `[s${i}]`).join('')};${scales.join(';')}`;
  const args = [...options.input, '-filter_complex', filter];
  for (const r of RENDITIONS) {
    const dir = path.join(options.outDir, r.name);
    args.push(
      '-map',
      `[v${r.name}]`,
      '-map',
      options.audio ?? '1:a',
      '-c:v',
      'libx264',
      '-preset',
      preset,
      // ffmpeg's libx264 wrapper leaves trellis quantisation on under `ultrafast`, whose x264
      // preset turns it off; it cost a third of a demo clip's encode (decision 0510)
      ...(preset === 'ultrafast' ? ['-x264-params', 'trellis=0'] : []),
      '-profile:v',
      'high',
      '-level',
      r.level,
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${r.videoKbps}k`,
      '-maxrate',
      `${Math.round(r.videoKbps * 1.1)}k`,
      '-bufsize',
      `${r.videoKbps * 2}k`,
      '-g',
      String(SEGMENT_SECONDS * fps),
      '-keyint_min',
      String(SEGMENT_SECONDS * fps),
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:eq(n,${FIRST_SEGMENT_SECONDS * fps})+not(mod(n,${SEGMENT_SECONDS * fps}))`,
      '-r',
      String(fps),
      ...(options.audioCopy
        ? ['-c:a', 'copy']
        : ['-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', '2', '-ar', '48000']),
      '-f',
      'hls',
      '-hls_init_time',
      String(FIRST_SEGMENT_SECONDS),
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      path.join(dir, 'seg_%03d.m4s'),
      path.join(dir, 'index.m3u8'),
    );
  }
  return args;
}

/**
 * Encodes one source into the HLS ladder in a single ffmpeg run (split filter, one HLS output per
 * rendition, fmp4 segments, aligned keyframes), writes the master playlist, and uploads all of it
 * under `prefix`. `input` is ffmpeg's input arguments and must give video as 0:v and audio as 1:a
 * unless `video` and `audio` name other streams.
 */
export async function transcodeToHls(
  options: {
    ffmpegPath: string;
    input: string[];
    storage: Storage;
    prefix: string;
    video?: string;
    audio?: string;
    preset?: string;
    fps?: number;
    audioCopy?: boolean;
  } & FfmpegRunOptions,
): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'snapdrama-hls-'));
  try {
    for (const r of RENDITIONS) await mkdir(path.join(work, r.name), { recursive: true });
    const args = hlsLadderArgs({
      input: options.input,
      outDir: work,
      video: options.video,
      audio: options.audio,
      preset: options.preset,
      fps: options.fps,
      audioCopy: options.audioCopy,
    });
    await runFfmpeg(options.ffmpegPath, args, {
      onProgress: options.onProgress,
      signal: options.signal,
    });
    for (const r of RENDITIONS) {
      const dir = path.join(work, r.name);
      for (const file of await readdir(dir)) {
        await options.storage.upload(`${options.prefix}/${r.name}/${file}`, path.join(dir, file));
      }
    }
    // the master goes last: its presence marks a complete ladder
    await options.storage.write(`${options.prefix}/master.m3u8`, masterPlaylist(options.fps));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** ffmpeg input arguments for a synthetic clip: a moving test pattern and a tone. */
export function syntheticClipInput(options: {
  seconds: number;
  hue: number;
  toneHz: number;
}): string[] {
  const { seconds, hue, toneHz } = options;
  return [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=540x960:rate=${DEFAULT_FPS}:duration=${seconds},hue=h=${hue}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${toneHz}:sample_rate=48000:duration=${seconds}`,
  ];
}

/**
 * A poster frame picked from the video: from a point a fifth into it (past title cards and fades),
 * ffmpeg's thumbnail filter takes the most typical frame of the next 60, scaled into 720x1280.
 */
export async function extractPosterFrame(options: {
  ffmpegPath: string;
  sourceFile: string;
  durationSeconds: number;
  outFile: string;
  signal?: AbortSignal;
}): Promise<void> {
  const at = Math.max(0, Math.min(options.durationSeconds * 0.2, 10));
  await runFfmpeg(
    options.ffmpegPath,
    [
      '-ss',
      at.toFixed(2),
      '-i',
      options.sourceFile,
      '-vf',
      'thumbnail=60,scale=720:1280:force_original_aspect_ratio=decrease',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      options.outFile,
    ],
    { signal: options.signal },
  );
}
