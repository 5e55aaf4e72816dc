// The part of opentype.js (2.x, which ships no types) that the posters use. Not
// @types/opentype.js: it is for 1.x and brings the DOM's types into the server's build.
declare module 'opentype.js' {
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };

  export interface Path {
    commands: PathCommand[];
    toPathData(decimalPlaces?: number): string;
  }

  export interface RenderOptions {
    kerning?: boolean;
    /** in ems, after every glyph */
    letterSpacing?: number;
  }

  export interface Font {
    getPath(text: string, x: number, y: number, fontSize: number, options?: RenderOptions): Path;
    getAdvanceWidth(text: string, fontSize: number, options?: RenderOptions): number;
    /** 0 (.notdef) when the font has no glyph for the character */
    charToGlyphIndex(char: string): number;
  }

  export function parse(buffer: ArrayBuffer): Font;
}
