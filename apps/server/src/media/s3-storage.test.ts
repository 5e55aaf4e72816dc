import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { createS3Storage, type S3Storage } from './s3-storage';
import { copyFolderToStorage } from './media-copy';
import { createLocalStorage } from './storage';

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

describe('S3 storage against a local S3 server', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let storage: S3Storage;
  let folder: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = createS3Storage({ ...s3.config, prefix: 'env-a/' });
    folder = await mkdtemp(path.join(tmpdir(), 'snapdrama-s3-test-'));
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('writes, reads, streams and checks objects', async () => {
    expect(await storage.exists('media/1/1/master.m3u8')).toBe(false);
    expect(await storage.read('media/1/1/master.m3u8')).toBeNull();
    expect(await storage.open('media/1/1/master.m3u8')).toBeNull();

    await storage.write('media/1/1/master.m3u8', '#EXTM3U\n');
    expect(await storage.exists('media/1/1/master.m3u8')).toBe(true);
    expect((await storage.read('media/1/1/master.m3u8'))?.toString('utf8')).toBe('#EXTM3U\n');
    const opened = await storage.open('media/1/1/master.m3u8');
    expect(opened?.size).toBe(8);
    if (!opened) throw new Error('the object should open');
    expect(await text(opened.body)).toBe('#EXTM3U\n');

    // overwrite replaces the whole object
    await storage.write('media/1/1/master.m3u8', Buffer.from('#EXTM3U\n#EXT-X-VERSION:7\n'));
    expect((await storage.read('media/1/1/master.m3u8'))?.toString('utf8')).toContain('VERSION');
  });

  it('uploads a local file with its length and keeps the key prefix apart', async () => {
    const file = path.join(folder, 'seg_00001.m4s');
    const bytes = Buffer.alloc(300_000, 7);
    await writeFile(file, bytes);
    await storage.upload('media/1/1/480p/seg_00001.m4s', file);
    const opened = await storage.open('media/1/1/480p/seg_00001.m4s');
    expect(opened?.size).toBe(bytes.length);

    // another prefix on the same bucket sees none of it
    const other = createS3Storage({ ...s3.config, prefix: 'env-b/' });
    expect(await other.exists('media/1/1/480p/seg_00001.m4s')).toBe(false);
    other.close();
  });

  it('refuses unsafe keys', async () => {
    expect(await storage.exists('../etc/passwd')).toBe(false);
    expect(await storage.read('a/../../b')).toBeNull();
    expect(await storage.open('/abs')).toBeNull();
    await expect(storage.write('a//b', 'x')).rejects.toThrow(/unsafe/);
  });

  it('copies a local media folder into the bucket, skipping objects already there', async () => {
    const local = path.join(folder, 'media-root');
    const source = createLocalStorage(local);
    await source.write('media/demo/1/master.m3u8', '#EXTM3U\n');
    await source.write('media/demo/1/480p/init.mp4', Buffer.alloc(1000, 1));
    await source.write('resources/posters/1.svg', '<svg/>');
    await writeFile(path.join(local, '.readyz'), 'probe');

    const target = createS3Storage({ ...s3.config, prefix: 'copy/' });
    const first = await copyFolderToStorage(local, target, { skipExisting: true });
    expect(first).toEqual({ copied: 3, skipped: 0 });
    expect((await target.read('resources/posters/1.svg'))?.toString('utf8')).toBe('<svg/>');
    expect((await target.open('media/demo/1/480p/init.mp4'))?.size).toBe(1000);
    expect(await target.exists('.readyz')).toBe(false);

    const again = await copyFolderToStorage(local, target, { skipExisting: true });
    expect(again).toEqual({ copied: 0, skipped: 3 });
    target.close();
  });
});
