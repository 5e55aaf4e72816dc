import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import type { Language } from '@snapdrama/contract';
import type { Storage } from '../../media/storage';

/**
 * Link-preview pictures (issue 42): messengers (KakaoTalk, LINE, Facebook, X, iMessage) draw no
 * SVG, so a shared link's `og:image` is a PNG drawn here from the drama's poster with its title in
 * the link's language. `wide` is Open Graph's 1200x630 (Facebook, X, LINE, iMessage); `square` is
 * the 800x800 KakaoTalk's feed template shows best. An 18/19-rated drama shows no frame of itself:
 * a neutral card with its title and rating only.
 */
export const SHARE_IMAGE_SIZES = {
  wide: { width: 1200, height: 630 },
  square: { width: 800, height: 800 },
} as const;
export type ShareImageKind = keyof typeof SHARE_IMAGE_SIZES;
export const SHARE_IMAGE_KINDS = Object.keys(SHARE_IMAGE_SIZES) as ShareImageKind[];

/** Bump when the drawing changes: every cached picture is drawn again under a new name. */
const DRAWING_VERSION = 1;

export interface ShareImageInput {
  kind: ShareImageKind;
  lang: Language;
  title: string;
  /** the poster's bytes (JPEG, PNG or SVG) in the kind's orientation; none draws the card only */
  poster?: { bytes: Buffer; type: 'jpeg' | 'png' | 'svg' };
  /** '18' or '19': the neutral card, no poster */
  adultRating?: string;
}

/** A poster's bytes as the picture embeds them: JPEG, PNG or SVG; anything else is left out. */
export function posterImageOf(bytes: Buffer | undefined): ShareImageInput['poster'] {
  if (!bytes) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, type: 'jpeg' };
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return { bytes, type: 'png' };
  const head = bytes.subarray(0, 256).toString('utf8').trimStart();
  if (head.startsWith('<svg') || head.startsWith('<?xml')) return { bytes, type: 'svg' };
  return undefined;
}

const fontDir = (pkg: string) =>
  path.join(path.dirname(fileURLToPath(import.meta.resolve(pkg))), '..', 'fonts');
/** Noto Sans KR covers Hangul, Latin, kana and common kanji; Noto Sans JP the rest of Japanese. */
const FONT_FILES = [
  path.join(fontDir('@embedpdf/fonts-kr'), 'NotoSansKR-Bold.otf'),
  path.join(fontDir('@embedpdf/fonts-jp'), 'NotoSansJP-Bold.otf'),
];
const FAMILY: Record<Language, string> = {
  ko: 'Noto Sans KR',
  en: 'Noto Sans KR',
  ja: 'Noto Sans JP',
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A glyph's advance in ems, near enough to wrap a title: CJK is square, Latin about half. */
const advance = (char: string) =>
  /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(char)
    ? 1
    : /[A-Z0-9]/.test(char)
      ? 0.66
      : char === ' '
        ? 0.26
        : 0.55;
const widthOf = (text: string) => [...text].reduce((sum, c) => sum + advance(c), 0);

/**
 * The title in at most `maxLines` lines of `maxWidth` px, breaking between words (Korean keeps
 * words whole, as the app's `keep-all`; a word longer than a line, or Japanese, breaks anywhere),
 * at the largest size from `size` down that fits; the last line ends in an ellipsis if cut.
 */
export function fitTitle(
  title: string,
  maxWidth: number,
  maxLines: number,
  size: number,
): { lines: string[]; size: number } {
  for (let s = size; ; s -= 4) {
    const lines = wrap(title, maxWidth / s);
    if (lines.length <= maxLines || s <= 28) {
      if (lines.length <= maxLines) return { lines, size: s };
      const kept = lines.slice(0, maxLines);
      let last = kept[maxLines - 1] ?? '';
      while (last.length > 0 && widthOf(`${last}…`) > maxWidth / s) last = last.slice(0, -1);
      kept[maxLines - 1] = `${last.trimEnd()}…`;
      return { lines: kept, size: s };
    }
  }
}

function wrap(text: string, ems: number): string[] {
  const lines: string[] = [];
  let line = '';
  const tokens = text.trim().split(/(\s+)/).filter(Boolean);
  for (const token of tokens) {
    const candidate = line + token;
    if (widthOf(candidate.trimEnd()) <= ems) {
      line = candidate;
      continue;
    }
    if (line.trim()) lines.push(line.trim());
    line = /^\s+$/.test(token) ? '' : token;
    // a word wider than the line (or a run of Japanese, which has no spaces) breaks by glyph
    while (widthOf(line) > ems) {
      let cut = '';
      for (const char of line) {
        if (widthOf(cut + char) > ems) break;
        cut += char;
      }
      lines.push(cut);
      line = line.slice(cut.length);
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

/** The picture as SVG (drawn to PNG by `renderShareImage`). */
export function shareImageSvg(input: ShareImageInput): string {
  const { width, height } = SHARE_IMAGE_SIZES[input.kind];
  const pad = input.kind === 'wide' ? 64 : 56;
  const family = FAMILY[input.lang];
  const neutral = input.adultRating !== undefined || !input.poster;
  const titleWidth = input.kind === 'wide' ? width * 0.62 : width - pad * 2;
  const { lines, size } = fitTitle(input.title, titleWidth, 3, input.kind === 'wide' ? 68 : 64);
  const lineHeight = Math.round(size * 1.25);
  const brandY = height - pad;
  const lastBaseline = brandY - 64;
  const firstBaseline = lastBaseline - lineHeight * (lines.length - 1);
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="${pad}" y="${firstBaseline + i * lineHeight}" font-size="${size}">${escapeXml(line)}</text>`,
    )
    .join('');
  const art =
    input.poster && input.adultRating === undefined
      ? `<image href="data:image/${input.poster.type === 'svg' ? 'svg+xml' : input.poster.type};base64,${input.poster.bytes.toString('base64')}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>`
      : '';
  // the title sits on a shade that keeps it readable over any poster
  const shade =
    input.kind === 'wide'
      ? `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b0b0f" stop-opacity="0.92"/><stop offset="0.55" stop-color="#0b0b0f" stop-opacity="0.55"/><stop offset="1" stop-color="#0b0b0f" stop-opacity="0"/></linearGradient>`
      : `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#0b0b0f" stop-opacity="0"/><stop offset="1" stop-color="#0b0b0f" stop-opacity="0.92"/></linearGradient>`;
  const card = `<linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d1d2b"/><stop offset="1" stop-color="#3a1426"/></linearGradient>`;
  const badge =
    input.adultRating !== undefined
      ? `<g transform="translate(${width - pad - 72} ${pad})"><circle cx="36" cy="36" r="33" fill="#ffffff" stroke="#d0021b" stroke-width="6"/><text x="36" y="50" font-size="38" text-anchor="middle" fill="#111111">${escapeXml(input.adultRating)}</text></g>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${shade}${card}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#card)"/>` +
    art +
    (neutral ? '' : `<rect width="${width}" height="${height}" fill="url(#shade)"/>`) +
    badge +
    `<g font-family="${family}" font-weight="700" fill="#ffffff">${titleText}` +
    `<text x="${pad}" y="${brandY}" font-size="30" fill="#ff5c85">SnapDrama</text></g>` +
    `</svg>`
  );
}

/** The picture as PNG. */
export function renderShareImage(input: ShareImageInput): Buffer {
  const resvg = new Resvg(shareImageSvg(input), {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FAMILY[input.lang] },
  });
  return resvg.render().asPng();
}

/** What a picture is drawn from; any change names a new picture. */
export function shareImageVersion(parts: {
  kind: ShareImageKind;
  lang: Language;
  title: string;
  posterPath: string | undefined;
  adultRating: string | undefined;
}): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        DRAWING_VERSION,
        parts.kind,
        parts.lang,
        parts.title,
        parts.posterPath ?? '',
        parts.adultRating ?? '',
      ]),
    )
    .digest('hex')
    .slice(0, 16);
}

/**
 * Pictures kept in storage (disk or bucket) under their version: drawn once per drama, kind,
 * language and version; a second request meanwhile waits for the same drawing.
 */
export function createShareImages(storage: Pick<Storage, 'read' | 'write'>) {
  const drawing = new Map<string, Promise<Buffer>>();
  return {
    key: (dramaId: number, kind: ShareImageKind, lang: Language, version: string) =>
      `resources/share/${dramaId}/${kind}-${lang}-${version}.png`,
    async get(key: string, draw: () => Promise<ShareImageInput>): Promise<Buffer> {
      const kept = await storage.read(key);
      if (kept) return kept;
      const pending = drawing.get(key);
      if (pending) return pending;
      const work = (async () => {
        const png = renderShareImage(await draw());
        await storage.write(key, png);
        return png;
      })().finally(() => drawing.delete(key));
      drawing.set(key, work);
      return work;
    },
  };
}
