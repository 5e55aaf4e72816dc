import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../media/ffmpeg';
import { RENDITIONS } from '../media/hls';

/**
 * Generated demo episodes that read as short dramas: a title card in the drama's palette, two to
 * four scenes (silhouettes against light, camera moves, cuts), an end card with the episode number,
 * and a music bed. Everything is made by ffmpeg's own filters (lavfi); the only outside asset is a
 * TrueType font shipped in an npm package (drawtext needs a font file, and system fonts differ
 * from machine to machine).
 *
 * Cost: each scene is ONE still computed by geq at 270x480 (geq evaluates an expression per pixel
 * and is slow; per frame it would cost more than the encode), which zoompan then moves like a
 * camera over the scene's seconds. Colour comes last from a gradient map (lutrgb), so the scenes
 * are drawn in grey once and every drama's palette costs nothing.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A drama's colours: shadow (silhouettes), mid (the scene's air), light (glows, text). */
export interface DemoPalette {
  shadow: Rgb;
  mid: Rgb;
  light: Rgb;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return {
    r: Math.round(channel(hue + 1 / 3) * 255),
    g: Math.round(channel(hue) * 255),
    b: Math.round(channel(hue - 1 / 3) * 255),
  };
}

/**
 * The palette of a drama from its hue: near-black shadows of the hue, a deep mid tone, and a
 * light shifted towards warm (lamp light reads as warm against any hue).
 */
export function demoPalette(hue: number): DemoPalette {
  return {
    shadow: hslToRgb(hue, 0.5, 0.04),
    mid: hslToRgb(hue, 0.55, 0.3),
    light: hslToRgb(hue + 30, 0.85, 0.8),
  };
}

export const rgbCss = (c: Rgb) => `rgb(${c.r},${c.g},${c.b})`;
const rgbHex = (c: Rgb) =>
  `0x${[c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Deterministic 0..1 from integers, so an episode always renders the same. */
function hash01(...n: number[]): number {
  let h = 2166136261;
  for (const v of n) {
    h ^= v + 0x9e3779b9;
    h = Math.imul(h, 16777619);
    h ^= h >>> 13;
  }
  return ((h >>> 0) % 10_000) / 10_000;
}

const f = (n: number) => n.toFixed(4);

// --- scene stills (grey, 0 = shadow, 128 = mid, 255 = light), geq expressions -------------------

/** soft light blob centred at (cx, cy) in frame fractions; radius in widths */
const glow = (cx: number, cy: number, radius: number, amp: number) =>
  `${f(amp)}*exp(-(pow(X/W-${f(cx)},2)+pow((Y-${f(cy)}*H)/W,2))/${f(radius * radius)})`;

/** head and shoulders seen from behind or in profile, head centre (cx, cy), head radius r (widths) */
function bust(cx: number, cy: number, r: number): string {
  const head = `lt(pow((X-${f(cx)}*W)/(${f(r * 0.86)}*W),2)+pow((Y-${f(cy)}*H)/(${f(r)}*W),2),1)`;
  const neck = `between(X,${f(cx - r * 0.38)}*W,${f(cx + r * 0.38)}*W)*between(Y,${f(cy)}*H,${f(cy)}*H+${f(r * 1.6)}*W)`;
  const shoulders = `lt(pow((X-${f(cx)}*W)/(${f(r * 2.3)}*W),2)+pow((Y-${f(cy)}*H-${f(r * 2.9)}*W)/(${f(r * 1.3)}*W),2),1)`;
  const torso = `between(X,${f(cx - r * 2.1)}*W,${f(cx + r * 2.1)}*W)*gte(Y,${f(cy)}*H+${f(r * 2.9)}*W)`;
  return `max(max(${head},${neck}),max(${shoulders},${torso}))`;
}

/** a standing figure in a coat, feet at (cx, feetY), height h (both in frame heights) */
function figure(cx: number, feetY: number, h: number, lean: number): string {
  const top = feetY - h;
  const dx = `(X-${f(cx)}*W)/H`;
  const y = '(Y/H)';
  const head = `lt(hypot(${dx}-${f(lean * 0.008)},${y}-${f(top + h * 0.065)}),${f(h * 0.065)})`;
  const coatTop = top + h * 0.15;
  const coatBottom = top + h * 0.72;
  const halfWidth = `(${f(h * 0.08)}+${f(h * 0.07)}*(${y}-${f(coatTop)})/${f(coatBottom - coatTop)})`;
  const coat = `lt(abs(${dx}),${halfWidth})*between(${y},${f(coatTop)},${f(coatBottom)})`;
  const shoulders = `lt(pow(${dx}/${f(h * 0.095)},2)+pow((${y}-${f(coatTop + h * 0.03)})/${f(h * 0.05)},2),1)`;
  const neck = `lt(abs(${dx}-${f(lean * 0.004)}),${f(h * 0.025)})*between(${y},${f(top + h * 0.1)},${f(coatTop + 0.01)})`;
  const leg = (off: number) =>
    `lt(abs(${dx}-${f(off * h)}-(${y}-${f(coatBottom)})*${f(lean * off * 4)}),${f(h * 0.024)})*between(${y},${f(coatBottom - 0.01)},${f(feetY)})`;
  return `max(max(max(${head},${neck}),max(${coat},${shoulders})),max(${leg(-0.04)},${leg(0.04)}))`;
}

/** silhouettes are cut into the light: value = light where no mask, ~shadow inside */
const cutOut = (light: string, mask: string) => `(${light})*(1-${mask})+4*${mask}`;

type SceneKind = 'confrontation' | 'city' | 'dusk' | 'bokeh';
export const SCENE_KINDS: SceneKind[] = ['confrontation', 'city', 'dusk', 'bokeh'];

function sceneStill(kind: SceneKind, seed: number): string {
  const j = (i: number, span: number) => (hash01(seed, i) - 0.5) * span;
  switch (kind) {
    case 'confrontation': {
      // two people face each other against a lit window
      const light = `24+70*(1-Y/H)+${glow(0.5 + j(1, 0.1), 0.36, 0.3, 200)}+${glow(0.5, 0.36, 0.08, 60)}`;
      const mask = `max(${bust(0.17 + j(2, 0.06), 0.6, 0.085)},${bust(0.84 + j(3, 0.06), 0.56 + j(4, 0.04), 0.095)})`;
      return cutOut(light, mask);
    }
    case 'city': {
      // a skyline at night with lit windows and someone watching it
      const col = 'floor(X/(W/9))';
      const roof = `(0.64+0.14*abs(sin(${col}*12.9898+${seed % 97})))*H`;
      const building = `gte(Y,${roof})`;
      const window =
        `between(mod(X,W/9),W/45,W/9-W/45)*lt(mod(Y,14),7)*` +
        `gt(sin(${col}*78.233+floor(Y/14)*3.71+${seed % 89}),0.35)*gte(Y,${roof}+10)`;
      const sky = `18+150*pow(Y/H,2.2)+${glow(0.72 + j(5, 0.16), 0.18, 0.07, 230)}+${glow(0.72 + j(5, 0.16), 0.18, 0.22, 50)}`;
      const cityLight = `(${sky})*(1-${building})+(8+150*${window})*${building}`;
      return cutOut(cityLight, bust(0.74 + j(6, 0.08), 0.56, 0.1));
    }
    case 'dusk': {
      // two figures apart on a horizon at sunset
      const light = `30+180*exp(-pow((Y/H-0.62)/0.2,2))+${glow(0.5 + j(7, 0.3), 0.6, 0.1, 255)}`;
      const ground = 'gte(Y,0.68*H)';
      const mask = `max(${ground},max(${figure(0.3 + j(8, 0.1), 0.7, 0.3, 1)},${figure(0.7 + j(9, 0.1), 0.69, 0.24, -0.6)}))`;
      return cutOut(light, mask);
    }
    case 'bokeh': {
      // over the shoulder, city lights out of focus behind
      const dots = [0, 1, 2, 3, 4, 5]
        .map((i) =>
          glow(
            0.15 + hash01(seed, 10 + i) * 0.75,
            0.1 + hash01(seed, 20 + i) * 0.5,
            0.04 + hash01(seed, 30 + i) * 0.05,
            90 + hash01(seed, 40 + i) * 120,
          ),
        )
        .join('+');
      const light = `40+50*Y/H+${dots}`;
      return cutOut(light, bust(0.3 + j(11, 0.06), 0.66, 0.15));
    }
  }
}

const titleStill = () =>
  `12+${glow(0.5, 0.44, 0.45, 120)}+${glow(0.5, 0.44, 0.14, 60)}+40*exp(-pow((Y/H-0.44)/0.004,2))*lt(abs(X/W-0.5),0.3)`;
const endStill = () => `8+${glow(0.5, 0.5, 0.55, 90)}`;

// --- camera ------------------------------------------------------------------------------------

type Move = 'push-in' | 'pull-out' | 'pan-left' | 'pan-right';
const MOVES: Move[] = ['push-in', 'pan-left', 'pull-out', 'pan-right'];

/** zoompan over a still upscaled to 1080x1920 (zoompan crops in whole input pixels: upscale first) */
function camera(move: Move, frames: number, fps: number): string {
  const p = `(on/${frames})`;
  const z = {
    'push-in': `1.05+0.18*${p}`,
    'pull-out': `1.23-0.18*${p}`,
    'pan-left': '1.25',
    'pan-right': '1.25',
  }[move];
  const x = {
    'push-in': 'iw/2-iw/zoom/2',
    'pull-out': 'iw/2-iw/zoom/2',
    'pan-left': `(iw-iw/zoom)*(0.9-0.8*${p})`,
    'pan-right': `(iw-iw/zoom)*(0.1+0.8*${p})`,
  }[move];
  return `zoompan=z='${z}':x='${x}':y='ih/2-ih/zoom/2':d=${frames}:s=540x960:fps=${fps}`;
}

/** the drama's gradient map: grey 0 -> shadow, 128 -> mid, 255 -> light */
function gradientMap(p: DemoPalette): string {
  const ch = (k: keyof Rgb) =>
    `if(lt(val,128),${p.shadow[k]}+(${p.mid[k] - p.shadow[k]})*val/128,${p.mid[k]}+(${p.light[k] - p.mid[k]})*(val-128)/127)`;
  return `format=rgb24,lutrgb=r='${ch('r')}':g='${ch('g')}':b='${ch('b')}'`;
}

/** a file path as a quoted filter option value: inside '...' only a quote would end it */
function graphPath(p: string): string {
  if (p.includes("'"))
    throw new Error(`demo video: a path with a quote cannot go into a filter: ${p}`);
  return p.replace(/\\/g, '/');
}

export interface DemoEpisodeVideo {
  title: string;
  palette: DemoPalette;
  /** the episode number on the end card, or null for a clip several episodes share */
  episode: number | null;
  /** varies scenes, order and camera between clips */
  variant: number;
  seconds: number;
  fontFile: string;
  /** where the card texts are written (drawtext reads them from files: no quoting of titles) */
  workDir: string;
  fps?: number;
  /** the episode's music bed, already encoded (encodeMusicBed) */
  musicFile: string;
}

function wrapTitle(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(' ')) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** How an episode's seconds are split: title card, scenes, end card. */
export function episodePlan(seconds: number, variant: number) {
  const title = Math.min(2.5, seconds * 0.2);
  const end = Math.min(2, seconds * 0.17);
  const count = 2 + (variant % 3);
  const middle = seconds - title - end;
  const start = variant % SCENE_KINDS.length;
  const scenes = Array.from({ length: count }, (_, i) => ({
    kind:
      SCENE_KINDS[(start + i * (variant % 2 === 0 ? 1 : 3)) % SCENE_KINDS.length] ??
      'confrontation',
    move: MOVES[(variant + i) % MOVES.length] ?? 'push-in',
    seconds: middle / count,
  }));
  return { title, end, scenes };
}

/**
 * ffmpeg input arguments of one generated episode: input 0 is the picture (540x960), input 1 the
 * music bed (AAC, for transcodeToHls's `audioCopy`). Writes the card texts into workDir.
 */
export async function demoEpisodeInput(v: DemoEpisodeVideo): Promise<string[]> {
  const fps = v.fps ?? 30;
  const plan = episodePlan(v.seconds, v.variant);
  const frames = (s: number) => Math.max(1, Math.round(s * fps));
  const font = graphPath(v.fontFile);
  const light = rgbHex(v.palette.light);

  const lines = wrapTitle(v.title, 16);
  const texts: { file: string; text: string }[] = lines.map((text, i) => ({
    file: path.join(v.workDir, `title-${i}.txt`),
    text,
  }));
  const epText = v.episode === null ? 'NEXT EPISODE' : `EP ${v.episode}`;
  texts.push({ file: path.join(v.workDir, 'end.txt'), text: epText });
  texts.push({
    file: path.join(v.workDir, 'next.txt'),
    text: v.episode === null ? 'to be continued' : 'next episode  ›',
  });
  texts.push({ file: path.join(v.workDir, 'name.txt'), text: v.title.toUpperCase() });
  for (const t of texts) await writeFile(t.file, t.text);
  const textFile = (i: number) => graphPath(texts[i]?.file ?? '');

  // the still is finished (softened, coloured, vignetted) once; per frame only the camera moves
  const still = (expr: string, vignette = true) =>
    `color=c=black:s=270x480:r=1:d=1,format=gray,geq=lum='min(255,${expr})',gblur=sigma=0.8,` +
    `${gradientMap(v.palette)},${vignette ? 'vignette=PI/4.5,' : ''}format=yuv420p,` +
    'scale=1080:1920:flags=bicubic';

  const segments: string[] = [];
  // title card: slow push in, the title fades in over the first second
  const titleFrames = frames(plan.title);
  const endFrames = frames(plan.end);
  // the scenes take the frames left, so the picture is exactly as long as the sound
  const sceneFrames = plan.scenes.map((scene) => frames(scene.seconds));
  const total = Math.round(v.seconds * fps);
  sceneFrames[sceneFrames.length - 1] =
    total - titleFrames - endFrames - sceneFrames.slice(0, -1).reduce((a, b) => a + b, 0);
  const fontSize = lines.length > 2 ? 58 : 68;
  const top = 0.44 * 960 - (lines.length * fontSize * 1.15) / 2 - 20;
  const titleText = lines
    .map(
      (_, i) =>
        `drawtext=fontfile='${font}':textfile='${textFile(i)}':fontsize=${fontSize}:fontcolor=${light}:` +
        `x=(w-text_w)/2:y=${Math.round(top + i * fontSize * 1.15)}:alpha='min(1,t/0.8)'`,
    )
    .join(',');
  segments.push(
    `${still(titleStill(), false)},${camera('push-in', titleFrames, fps)},` +
      `${titleText},fade=in:st=0:d=${f(Math.min(0.4, plan.title / 3))},` +
      `fade=out:st=${f(plan.title * 0.8)}:d=${f(plan.title * 0.2)},trim=end_frame=${titleFrames}`,
  );
  for (const [i, scene] of plan.scenes.entries()) {
    const n = Math.max(1, sceneFrames[i] ?? frames(scene.seconds));
    // a light that breathes (a lamp, a passing car) on top of the camera move
    const flicker = `eq=brightness='0.035*sin(t*${f(5 + i * 2.3)})*sin(t*${f(1.7 + i)})':eval=frame`;
    segments.push(
      `${still(sceneStill(scene.kind, v.variant * 31 + i))},${camera(scene.move, n, fps)},` +
        `${flicker},trim=end_frame=${n}`,
    );
  }
  segments.push(
    `${still(endStill(), false)},${camera('pull-out', endFrames, fps)},` +
      `drawtext=fontfile='${font}':textfile='${textFile(lines.length)}':fontsize=${epText.length > 6 ? 56 : 120}:fontcolor=${light}:x=(w-text_w)/2:y=380:alpha='min(1,t/0.5)',` +
      `drawtext=fontfile='${font}':textfile='${textFile(lines.length + 1)}':fontsize=40:fontcolor=white@0.85:x=(w-text_w)/2:y=540:alpha='min(1,max(0,(t-0.4)/0.5))',` +
      `drawtext=fontfile='${font}':textfile='${textFile(lines.length + 2)}':fontsize=${Math.min(26, Math.floor(800 / Math.max(1, v.title.length)))}:fontcolor=${light}@0.7:x=(w-text_w)/2:y=300,` +
      `fade=in:st=0:d=0.2,trim=end_frame=${endFrames}`,
  );
  const labels = segments.map((_, i) => `[p${i}]`);
  const video =
    segments.map((s, i) => `${s},setsar=1,format=yuv420p${labels[i]}`).join(';') +
    `;${labels.join('')}concat=n=${segments.length}:v=1:a=0`;

  return ['-f', 'lavfi', '-i', video, '-i', v.musicFile];
}

// --- music ---------------------------------------------------------------------------------------

/**
 * The lowest rendition's audio bitrate: every rendition copies the bed (hlsLadderArgs's
 * audioCopy), so the master playlist's BANDWIDTH, counted with each rendition's own audio
 * bitrate, stays an upper bound.
 */
export const MUSIC_BED_KBPS = Math.min(...RENDITIONS.map((r) => r.audioKbps));

/**
 * Encodes an episode's music bed once, as AAC in `file`, for every rendition to copy: encoding it
 * per rendition cost three AAC encodes on the ladder's main thread (decision 0510).
 */
export async function encodeMusicBed(options: {
  ffmpegPath: string;
  file: string;
  seconds: number;
  variant: number;
  signal?: AbortSignal;
}): Promise<void> {
  await runFfmpeg(
    options.ffmpegPath,
    [
      '-f',
      'lavfi',
      '-i',
      musicBed(options.seconds, options.variant),
      '-c:a',
      'aac',
      '-b:a',
      `${MUSIC_BED_KBPS}k`,
      '-ac',
      '2',
      '-ar',
      '48000',
      options.file,
    ],
    { signal: options.signal },
  );
}

/** minor-key progressions (semitones from the root for i, VI, III, VII and friends) */
const PROGRESSIONS = [
  [0, 8, 3, 10],
  [0, 5, 8, 7],
  [0, 10, 8, 7],
  [0, 3, 8, 10],
];

/**
 * A pad in a minor key: each chord (root, minor or major third, fifth, plus a low root) swells and
 * fades; a soft triangle voice an octave up carries the tune; an echo makes a room of it.
 */
export function musicBed(seconds: number, variant: number): string {
  const progression = PROGRESSIONS[variant % PROGRESSIONS.length] ?? [0, 8, 3, 10];
  const rootHz = 110 * 2 ** ((variant % 5) / 12);
  const chordSeconds = seconds / progression.length;
  const chords = progression.map((step, i) => {
    const base = rootHz * 2 ** (step / 12);
    // the chord's third: minor on the tonic and subdominant, major on the others
    const third = step === 0 || step === 5 ? 3 : 4;
    const notes = [base / 2, base, base * 2 ** (third / 12), base * 2 ** (7 / 12)];
    const envelope = `min(1,t/0.6)*min(1,(${f(chordSeconds)}-t)/0.35)*(0.75+0.25*cos(t*2.1))`;
    const pad = notes.map((hz) => `sin(2*PI*${f(hz)}*t)`).join('+');
    const melodyHz = base * 2 * 2 ** ((i % 2 === 0 ? 7 : 3) / 12);
    const melody = `0.14*asin(sin(2*PI*${f(melodyHz)}*t))*exp(-t*1.2)`;
    // one source per chord: each sample evaluates only its own chord's expression
    return `aevalsrc='${envelope}*(0.11*(${pad})+${melody})':s=48000:d=${f(chordSeconds)}[c${i}]`;
  });
  return (
    `${chords.join(';')};${progression.map((_, i) => `[c${i}]`).join('')}concat=n=${progression.length}:v=0:a=1,` +
    'lowpass=f=2400,aecho=0.8:0.7:180|320:0.35|0.2,volume=5dB,afade=t=in:d=0.5,' +
    `afade=t=out:st=${f(seconds - 0.6)}:d=0.6`
  );
}
