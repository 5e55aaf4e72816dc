/**
 * Copies the local media folder (MEDIA_DIR, default DATA_DIR/media: HLS media, posters, subtitles)
 * into the bucket configured by STORAGE_URL / STORAGE_BUCKET, under the same keys. Objects already
 * in the bucket are kept, so an interrupted copy can simply be run again; `--overwrite` replaces
 * them.
 *
 *   STORAGE_BUCKET=... npm run media:copy -w @snapdrama/server [-- --overwrite]
 */
import { loadConfig } from '../src/config';
import { copyFolderToStorage } from '../src/media/media-copy';
import { createS3Storage } from '../src/media/s3-storage';

const config = loadConfig();
if (!config.objectStorage) {
  console.error('STORAGE_BUCKET (and STORAGE_URL for a non-AWS endpoint) must name the bucket');
  process.exit(1);
}
const target = createS3Storage(config.objectStorage);
const started = Date.now();
try {
  const { copied, skipped } = await copyFolderToStorage(config.mediaDir, target, {
    skipExisting: !process.argv.includes('--overwrite'),
    onFile: (key) => console.log(`copied ${key}`),
  });
  console.log(
    `${copied} copied, ${skipped} already in s3://${config.objectStorage.bucket}/${config.objectStorage.prefix} (${Date.now() - started} ms)`,
  );
} finally {
  target.close();
}
