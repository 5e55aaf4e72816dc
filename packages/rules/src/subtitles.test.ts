import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subtitleAt } from './player';
import {
  languageCues,
  mergeSubtitleLanguages,
  parseSubtitles,
  parseTimestamp,
  type ParsedCue,
} from './subtitles';

describe('parseTimestamp', () => {
  it.each([
    ['00:00:01,000', 1],
    ['00:01:02,500', 62.5],
    ['01:00:00.250', 3600.25],
    ['01:02.5', 62.5],
    ['12:34.567', 754.567],
    ['00:60:00,000', undefined],
    ['1:2:3', undefined],
    ['abc', undefined],
  ])('%s → %s', (text, seconds) => {
    expect(parseTimestamp(text)).toBe(seconds);
  });
});

describe('parseSubtitles', () => {
  it('reads SubRip with CRLF, a BOM, two-line cues and markup', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i>\r\nthere\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n{\\an8}Bye &amp; go\r\n';
    expect(parseSubtitles(srt)).toEqual({
      ok: true,
      format: 'srt',
      cues: [
        { start: 1, end: 2.5, text: 'Hello\nthere' },
        { start: 3, end: 4, text: 'Bye & go' },
      ],
    });
  });

  it('reads WebVTT with header, notes, identifiers, settings and short times', () => {
    const vtt =
      'WEBVTT - title\n\nNOTE a comment\n\nintro\n00:01.000 --> 00:02.000 align:start line:0\n<v Roger>안녕하세요</v>\n\n00:00:05.000 --> 00:00:06.000\nこんにちは\n';
    expect(parseSubtitles(vtt)).toEqual({
      ok: true,
      format: 'vtt',
      cues: [
        { start: 1, end: 2, text: '안녕하세요' },
        { start: 5, end: 6, text: 'こんにちは' },
      ],
    });
  });

  it.each([
    ['', 'no cues'],
    ['just some text\nwith lines', 'no "start --> end"'],
    ['1\n00:00:05,000 --> 00:00:04,000\nbackwards', 'ends before it starts'],
    ['1\n00:00:xx,000 --> 00:00:04,000\nbad', 'bad time'],
    ['\u0089PNG\r\n\u001a\n binary junk', 'no "start --> end"'],
  ])('refuses %j with a clear error', (text, error) => {
    const result = parseSubtitles(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  it('SRT written from any cues reads back the same cues (property)', () => {
    const stamp = (s: number) => {
      const ms = Math.round(s * 1000);
      const p = (n: number, w = 2) => String(n).padStart(w, '0');
      return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
    };
    const cue = fc
      .record({
        start: fc.integer({ min: 0, max: 3_000_000 }),
        length: fc.integer({ min: 1, max: 10_000 }),
        text: fc.stringMatching(/^[A-Za-z가-힣 ]{0,20}[A-Za-z가-힣]$/),
      })
      .map((c) => ({
        start: c.start / 1000,
        end: (c.start + c.length) / 1000,
        text: c.text.trim(),
      }));
    fc.assert(
      fc.property(fc.array(cue, { minLength: 1, maxLength: 20 }), (cues) => {
        const srt = cues
          .map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}`)
          .join('\n\n');
        const parsed = parseSubtitles(srt);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const sorted = [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
        expect(parsed.cues.map((c) => [c.start, c.end])).toEqual(
          sorted.map((c) => [c.start, c.end]),
        );
      }),
    );
  });
});

describe('merging languages', () => {
  const en: ParsedCue[] = [
    { start: 1, end: 2, text: 'Hi' },
    { start: 3, end: 4, text: 'Bye' },
  ];
  const ko: ParsedCue[] = [
    { start: 1, end: 2, text: '안녕' },
    { start: 2.5, end: 3.5, text: '잘 가' },
  ];

  it('cues timed alike share an entry; the player finds each language at its own times', () => {
    const merged = mergeSubtitleLanguages({ en, ko });
    expect(merged).toEqual([
      { start: 1, end: 2, text: { en: 'Hi', ko: '안녕' } },
      { start: 2.5, end: 3.5, text: { ko: '잘 가' } },
      { start: 3, end: 4, text: { en: 'Bye' } },
    ]);
    expect(subtitleAt(merged, 3.2, 'en')).toBe('Bye');
    expect(subtitleAt(merged, 3.2, 'ko')).toBe('잘 가');
    expect(subtitleAt(merged, 1.5, 'ko')).toBe('안녕');
  });

  it('a language can be taken back out and replaced', () => {
    const merged = mergeSubtitleLanguages({ en, ko });
    expect(languageCues(merged, 'en')).toEqual(en);
    const replaced = mergeSubtitleLanguages({
      ko: languageCues(merged, 'ko'),
      en: [{ start: 9, end: 10, text: 'New' }],
    });
    expect(replaced.map((e) => e.text)).toEqual([{ ko: '안녕' }, { ko: '잘 가' }, { en: 'New' }]);
  });
});
