import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../config';

/** s3rver's fixed credentials: it checks request signatures against them */
const S3RVER_KEY = 'S3RVER';

/**
 * A local S3 server (s3rver, speaking the S3 REST protocol) on a loopback port with one bucket,
 * for tests of the S3 adapter and of several instances sharing one bucket.
 */
export async function startS3Server(bucket = 'snapdrama-media'): Promise<{
  config: ObjectStorageConfig;
  env: Record<string, string>;
  close: () => Promise<void>;
}> {
  const directory = await mkdtemp(path.join(tmpdir(), 'snapdrama-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      endpoint,
      bucket,
      region: 'us-east-1',
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
      forcePathStyle: true,
      prefix: '',
    },
    env: {
      STORAGE_URL: endpoint,
      STORAGE_BUCKET: bucket,
      STORAGE_ACCESS_KEY_ID: S3RVER_KEY,
      STORAGE_SECRET_ACCESS_KEY: S3RVER_KEY,
      STORAGE_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
