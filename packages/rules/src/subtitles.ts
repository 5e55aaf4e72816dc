/**
 * Subtitle files operators upload (SubRip .srt or WebVTT .vtt) turned into the cues of the spec's
 * subtitle JSON (`{ start, end, text: { <lang>: line } }`, seconds), and languages merged into one
 * file per episode.
 */
export interface ParsedCue {
  start: number;
  end: number;
  text: string;
}

export type SubtitleParse =
  { ok: true; format: 'srt' | 'vtt'; cues: ParsedCue[] } | { ok: false; error: string };

export const MAX_SUBTITLE_CUES = 5000;
const TIME = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;

/** `00:01:02,500`, `01:02.500` → seconds; undefined when malformed. */
export function parseTimestamp(text: string): number | undefined {
  const m = TIME.exec(text.trim());
  if (!m) return undefined;
  const [, h = '0', min = '0', s = '0', ms = '0'] = m;
  if (Number(min) > 59 || Number(s) > 59) return undefined;
  // whole milliseconds first, so 2.929 reads as 2.929 (not 2.9290000000000003)
  const millis =
    ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(ms.padEnd(3, '0'));
  return millis / 1000;
}

/** Strips WebVTT/SRT markup (<i>, <b>, <c.x>, {\an8}) and keeps the words. */
function plain(line: string): string {
  return line
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

/** Parses SRT or WebVTT (detected by the WEBVTT header); the first problem is the error. */
export function parseSubtitles(source: string): SubtitleParse {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const vtt = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text);
  const blocks = text
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  const cues: ParsedCue[] = [];
  for (const [index, block] of blocks.entries()) {
    const lines = block.split('\n');
    if (vtt && index === 0) continue; // the header block
    if (vtt && /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const timingAt = lines.findIndex((l) => l.includes('-->'));
    if (timingAt < 0 || timingAt > 1) {
      return { ok: false, error: `cue ${cues.length + 1}: no "start --> end" line` };
    }
    const [rawStart = '', rest = ''] = (lines[timingAt] ?? '').split('-->');
    const rawEnd = rest.trim().split(/\s+/)[0] ?? '';
    const start = parseTimestamp(rawStart);
    const end = parseTimestamp(rawEnd);
    if (start === undefined || end === undefined) {
      return { ok: false, error: `cue ${cues.length + 1}: bad time "${lines[timingAt]}"` };
    }
    if (end <= start) {
      return { ok: false, error: `cue ${cues.length + 1}: ends before it starts` };
    }
    const words = lines
      .slice(timingAt + 1)
      .map(plain)
      .filter(Boolean)
      .join('\n');
    if (words) cues.push({ start, end, text: words });
    if (cues.length > MAX_SUBTITLE_CUES) {
      return { ok: false, error: `more than ${MAX_SUBTITLE_CUES} cues` };
    }
  }
  if (cues.length === 0) return { ok: false, error: 'no cues: not an SRT or WebVTT file' };
  cues.sort((a, b) => a.start - b.start || a.end - b.end);
  return { ok: true, format: vtt ? 'vtt' : 'srt', cues };
}

export interface MergedCue {
  start: number;
  end: number;
  text: Record<string, string>;
}

/**
 * One episode's subtitle file from each language's cues: cues timed alike share an entry, others
 * stand alone; ordered by start. Replacing a language = dropping its text and merging again.
 */
export function mergeSubtitleLanguages(
  byLanguage: Readonly<Record<string, readonly ParsedCue[]>>,
): MergedCue[] {
  const entries = new Map<string, MergedCue>();
  for (const [lang, cues] of Object.entries(byLanguage)) {
    for (const cue of cues) {
      const key = `${cue.start.toFixed(3)}|${cue.end.toFixed(3)}`;
      const entry = entries.get(key) ?? { start: cue.start, end: cue.end, text: {} };
      entry.text[lang] = entry.text[lang] ? `${entry.text[lang]}\n${cue.text}` : cue.text;
      entries.set(key, entry);
    }
  }
  return [...entries.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The cues of one language in a stored file (to merge another language into it). */
export function languageCues(entries: readonly MergedCue[], lang: string): ParsedCue[] {
  return entries.flatMap((e) => {
    const line = e.text[lang];
    return line ? [{ start: e.start, end: e.end, text: line }] : [];
  });
}
