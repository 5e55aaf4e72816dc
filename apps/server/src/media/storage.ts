import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Object storage for media and resources, addressed by slash-separated keys. */
export interface Storage {
  /** the object's bytes as a stream, or null when there is none */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  read(key: string): Promise<Buffer | null>;
  write(key: string, data: Buffer | string): Promise<void>;
  /** copy a local file in */
  upload(key: string, localPath: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
};
/** The media type of a stored file, from its name. */
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Keys are relative, slash-separated, with no empty, "." or ".." parts. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 512 || key.startsWith('/') || key.includes('\\')) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  const statFile = async (file: string) => {
    try {
      const s = await stat(file);
      return s.isFile() ? s : null;
    } catch {
      return null;
    }
  };
  return {
    async open(key) {
      if (!isSafeKey(key)) return null;
      const file = resolve(key);
      const s = await statFile(file);
      if (!s) return null;
      return { body: createReadStream(file), size: s.size };
    },
    async read(key) {
      if (!isSafeKey(key)) return null;
      try {
        return await readFile(resolve(key));
      } catch {
        return null;
      }
    },
    async write(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // write then rename, so a reader never sees half a file
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async upload(key, localPath) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await copyFile(localPath, tmp);
      await rename(tmp, file);
    },
    async exists(key) {
      return isSafeKey(key) && (await statFile(resolve(key))) !== null;
    },
  };
}
