import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../config';
import { contentTypeOf, createLocalStorage, isSafeKey, type Storage } from './storage';

export interface S3Storage extends Storage {
  /** ends the client's keep-alive sockets */
  close(): void;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/**
 * Storage in any S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, GCS interoperability). Every
 * instance reads the same objects, so media written by one instance or worker is served by all.
 * The bucket stays private: viewers get our signed URLs, answered by the service or by a CDN in
 * front of it, never the bucket's own addresses.
 */
export function createS3Storage(config: ObjectStorageConfig): S3Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // media requests are many and small: retry a throttled or dropped call before failing it
    maxAttempts: 3,
    // the SDK's default since 3.729 sends stream bodies aws-chunked with a trailing CRC, which
    // S3-compatible servers (s3rver, older MinIO, some CDNs' buckets) store as part of the object;
    // checksums only where the operation requires them keeps every provider byte-exact
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return `${config.prefix}${key}`;
  };
  const get = async (key: string) => {
    if (!isSafeKey(key)) return null;
    try {
      return await client.send(
        new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    async open(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      if (!(object.Body instanceof Readable)) throw new Error('S3 body is not a Node stream');
      return { body: object.Body, size: object.ContentLength ?? 0 };
    },
    async read(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async write(key, data) {
      // a PUT replaces the object at once: readers see the old or the new bytes, never half
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: typeof data === 'string' ? Buffer.from(data) : data,
          ContentType: contentTypeOf(key),
        }),
      );
    },
    async upload(key, localPath) {
      const { size } = await stat(localPath);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: createReadStream(localPath),
          // a stream body needs its length up front (S3 refuses chunked uploads without it)
          ContentLength: size,
          ContentType: contentTypeOf(key),
        }),
      );
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** The bucket when one is configured, else the local media folder. */
export function createConfiguredStorage(config: {
  objectStorage: ObjectStorageConfig | undefined;
  mediaDir: string;
}): Storage & { close(): void } {
  if (config.objectStorage) return createS3Storage(config.objectStorage);
  return { ...createLocalStorage(config.mediaDir), close() {} };
}
