import { Readable, pipeline } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import { byteLimit, checkStorageKey, type FileStorage } from './storage.ts';

/** Smallest part S3 accepts (every part but the last); the memory one upload holds is about PART_BYTES × PARTS_IN_FLIGHT. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface S3Storage extends FileStorage {
  /** The client every request goes through (tests watch the commands it sends). */
  readonly client: S3Client;
}

/** The S3 client for the settings: static keys when given, else the SDK's default credential chain. */
export const createS3Client = (config: S3Config): S3Client => {
  const options: S3ClientConfig = { region: config.region, forcePathStyle: config.forcePathStyle };
  if (config.endpoint) {
    options.endpoint = config.endpoint;
    // S3-compatible servers do not all know the newer checksum headers the SDK adds by default;
    // ask for checksums only where the protocol requires them.
    options.requestChecksumCalculation = 'WHEN_REQUIRED';
    options.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  return new S3Client(options);
};

/** The object does not exist (NoSuchKey, or a bare 404 from some servers); a missing bucket is a fault, not a missing file. */
const missing = (err: unknown): boolean => {
  const { name, $metadata } = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket');
};

/**
 * Files in an S3-compatible bucket: storage key `k` is object `prefix/k`. Streams go up as a
 * multipart upload read part by part (never the whole file in memory); a failed or oversized
 * stream aborts the multipart upload, so nothing of it is kept.
 */
export const createS3Storage = (config: S3Config, client: S3Client = createS3Client(config)): S3Storage => {
  const Bucket = config.bucket;
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${checkStorageKey(key)}` : checkStorageKey(key));

  const getObject = async (key: string) => {
    const Key = objectKey(key);
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key }));
      if (!(res.Body instanceof Readable)) throw new Error(`S3 answered ${Key} without a body stream`);
      return { body: res.Body, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };

  return {
    client,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentLength: data.length }));
    },
    async get(key) {
      const found = await getObject(key);
      if (!found) return null;
      const parts: Buffer[] = [];
      for await (const chunk of found.body as AsyncIterable<Buffer>) parts.push(chunk);
      return Buffer.concat(parts);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async putStream(key, source, { maxBytes }) {
      const Key = objectKey(key);
      const limit = byteLimit(maxBytes);
      // The source's own failure or the byte limit; it wins over whatever the upload reports.
      let streamError: unknown = null;
      limit.once('error', (err) => {
        streamError = err;
      });
      pipeline(source, limit, () => undefined);
      const upload = new Upload({ client, params: { Bucket, Key, Body: limit }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT, leavePartsOnError: false });
      try {
        await upload.done();
      } catch (err) {
        // Upload has aborted its multipart upload; stop reading the source too.
        limit.destroy();
        throw streamError ?? err;
      }
      return limit.bytes;
    },
    async getStream(key) {
      const found = await getObject(key);
      return found && { stream: found.body, size: found.size };
    },
  };
};
