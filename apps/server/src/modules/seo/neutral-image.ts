import { deflateSync } from 'node:zlib';

/**
 * The link preview image of an adult-only drama (decision 1490): no frame or poster of it, only
 * the service's mark (the favicon's play sign) on the app's dark background, as a PNG (what link
 * crawlers read), 600×900 like the posters. Made once, in memory.
 */
export const NEUTRAL_PREVIEW_PATH = '/og/adult-only.png';
export const NEUTRAL_PREVIEW_SIZE = { width: 600, height: 900 } as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [0x0b, 0x0b, 0x0f];
const MARK: Rgb = [0xff, 0x3b, 0x6b];
const WHITE: Rgb = [0xff, 0xff, 0xff];

/** The colour of one pixel: a rounded square (the mark) with a play triangle, centred. */
function pixel(x: number, y: number, width: number, height: number): Rgb {
  const size = 240;
  const radius = 60;
  const left = (width - size) / 2;
  const top = (height - size) / 2;
  const [u, v] = [x - left, y - top];
  if (u < 0 || v < 0 || u >= size || v >= size) return BACKGROUND;
  const cx = Math.min(Math.max(u, radius), size - radius);
  const cy = Math.min(Math.max(v, radius), size - radius);
  if ((u - cx) ** 2 + (v - cy) ** 2 > radius ** 2) return BACKGROUND;
  // the favicon's triangle: (12,9) (24,16) (12,23) of 32, scaled
  const s = size / 32;
  const [px, py] = [u / s, v / s];
  const inside = px >= 12 && px <= 24 && Math.abs(py - 16) <= ((24 - px) * 7) / 12;
  return inside ? WHITE : MARK;
}

let made: Buffer | undefined;

export function neutralPreviewPng(): Buffer {
  if (made) return made;
  const { width, height } = NEUTRAL_PREVIEW_SIZE;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y, width, height);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  made = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return made;
}
