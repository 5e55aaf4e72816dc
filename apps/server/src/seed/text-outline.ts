import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as OpenType from 'opentype.js';
import type { Font, PathCommand } from 'opentype.js';

// the package's CommonJS build, under Node and under Vitest alike (its ES build is Vite's choice,
// and Node finds no named exports in the CommonJS one)
const require = createRequire(import.meta.url);
const { parse } = require('opentype.js') as typeof OpenType;

/*
 * Text drawn as outlines: a poster's title as SVG paths in the shipped typeface. An SVG image
 * with <text> in it costs the page that draws it a text layout and a font lookup on its main
 * thread (10 to 90 ms for the first one, decision 0500), and it is drawn in whatever serif the
 * machine has; outlines cost neither and look the same everywhere.
 */

export type Weight = '600SemiBold' | '700Bold';

const fonts = new Map<Weight, Font>();

/** Playfair Display in the given weight, read once (the same npm package as the title cards). */
export function playfair(weight: Weight): Font {
  let font = fonts.get(weight);
  if (!font) {
    const file = require.resolve(
      `@expo-google-fonts/playfair-display/${weight}/PlayfairDisplay_${weight}.ttf`,
    );
    const bytes = readFileSync(file);
    font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    fonts.set(weight, font);
  }
  return font;
}

/** Outlines are drawn on a grid of half a pixel: sharp at a phone's density, half the digits. */
const GRID = 2;

/**
 * Path data for a path's commands, relative and in whole grid steps (coordinates × GRID): each
 * point is rounded where it lies, so the rounding never adds up along the outline. Lines that
 * rounding made empty are left out.
 */
export function compactPathData(commands: readonly PathCommand[]): string {
  let out = '';
  let last = '';
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const put = (n: number) => {
    out += n < 0 || /[a-z]$/.test(out) ? `${n}` : ` ${n}`;
  };
  for (const c of commands) {
    if (c.type === 'Z') {
      out += 'z';
      last = 'z';
      x = startX;
      y = startY;
      continue;
    }
    const points =
      c.type === 'Q'
        ? [c.x1, c.y1, c.x, c.y]
        : c.type === 'C'
          ? [c.x1, c.y1, c.x2, c.y2, c.x, c.y]
          : [c.x, c.y];
    const grid = points.map((v) => Math.round(v * GRID));
    const endX = grid[grid.length - 2] ?? x;
    const endY = grid[grid.length - 1] ?? y;
    const letter = c.type.toLowerCase();
    if (letter === 'l' && endX === x && endY === y) continue;
    // a repeated command needs no letter, except a move (its pairs after the first are lines)
    if (letter !== last || letter === 'm') out += letter;
    last = letter;
    for (let i = 0; i < grid.length; i += 2) {
      put((grid[i] ?? 0) - x);
      put((grid[i + 1] ?? 0) - y);
    }
    x = endX;
    y = endY;
    if (letter === 'm') {
      startX = x;
      startY = y;
    }
  }
  return out.replace(/^ /, '');
}

/**
 * One line of text as an SVG path element, its baseline at (x, y), anchored at its start or its
 * middle as SVG's text-anchor does; letterSpacing in pixels after every character, as SVG's
 * letter-spacing. `undefined` when the font lacks one of the characters (the caller draws the
 * line as <text> then).
 */
export function textOutline(
  font: Font,
  text: string,
  options: {
    x: number;
    y: number;
    size: number;
    anchor: 'start' | 'middle';
    letterSpacing?: number;
    attributes: string;
  },
): string | undefined {
  if ([...text].some((c) => !/\s/.test(c) && font.charToGlyphIndex(c) === 0)) return undefined;
  const spacing = { letterSpacing: (options.letterSpacing ?? 0) / options.size };
  const width = font.getAdvanceWidth(text, options.size, spacing);
  const left = options.anchor === 'middle' ? options.x - width / 2 : options.x;
  const path = font.getPath(text, 0, 0, options.size, spacing);
  const round = (n: number) => Math.round(n * 10) / 10;
  return (
    `<path transform="translate(${round(left)} ${round(options.y)}) scale(${1 / GRID})" ` +
    `d="${compactPathData(path.commands)}" ${options.attributes}/>`
  );
}
