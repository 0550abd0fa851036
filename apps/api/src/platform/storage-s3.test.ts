import { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../config.ts';
import { describeFileStorage, readAll, startS3Server } from './storage-contract.ts';
import { createS3Storage } from './storage-s3.ts';

interface SentCommand {
  command: string;
  key?: string;
  uploadId?: string;
  bytes: number;
  ok: boolean;
}

/** Records every command the client sends (and whether the server accepted it). */
const watchCommands = (client: S3Client): SentCommand[] => {
  const sent: SentCommand[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: string; UploadId?: string; Body?: unknown };
      const entry: SentCommand = {
        command: context.commandName ?? '',
        key: input.Key,
        uploadId: input.UploadId,
        bytes: input.Body instanceof Uint8Array ? input.Body.byteLength : 0,
        ok: false,
      };
      sent.push(entry);
      const out = await next(args);
      entry.ok = true;
      if (entry.command === 'CreateMultipartUploadCommand') entry.uploadId = (out.output as { UploadId?: string }).UploadId;
      return out;
    },
    { step: 'initialize', name: 'klaseTestCommandLog' },
  );
  return sent;
};

const PREFIX = 'school-a/files';

describeFileStorage('S3 (s3rver)', async () => {
  const server = await startS3Server();
  const storage = createS3Storage({ ...server.config, prefix: PREFIX });
  const sent = watchCommands(storage.client);
  const of = (key: string) => sent.filter((c) => c.key === `${PREFIX}/${key}`);
  return {
    storage,
    received: async (key) =>
      of(key).reduce((sum, c) => sum + (c.ok && (c.command === 'UploadPartCommand' || c.command === 'PutObjectCommand') ? c.bytes : 0), 0),
    // A multipart upload begun for the key is left behind unless it was completed or an abort was sent for it.
    // (s3rver 3.7.1 does not implement AbortMultipartUpload and answers 405: the abort is checked as sent.)
    leftovers: async (key) => {
      const closed = new Set(
        of(key)
          .filter((c) => c.command === 'AbortMultipartUploadCommand' || (c.command === 'CompleteMultipartUploadCommand' && c.ok))
          .map((c) => c.uploadId),
      );
      return of(key)
        .filter((c) => c.command === 'CreateMultipartUploadCommand' && c.ok && !closed.has(c.uploadId))
        .map((c) => c.uploadId ?? '');
    },
    close: async () => {
      storage.client.destroy();
      await server.close();
    },
  };
});

describe('S3 file storage', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  it('stores key k as object prefix/k, and as k without a prefix', async () => {
    const prefixed = createS3Storage({ ...server.config, prefix: 'tenant/one' });
    const plain = createS3Storage(server.config);
    await prefixed.put('photos/u1/a.png', Buffer.from('prefixed'));
    await plain.put('photos/u1/a.png', Buffer.from('plain'));
    const raw = async (Key: string) =>
      (await readAll((await plain.client.send(new GetObjectCommand({ Bucket: server.config.bucket, Key }))).Body as Readable)).toString();
    expect(await raw('tenant/one/photos/u1/a.png')).toBe('prefixed');
    expect(await raw('photos/u1/a.png')).toBe('plain');
    expect((await prefixed.get('photos/u1/a.png'))?.toString()).toBe('prefixed');
    expect((await plain.get('photos/u1/a.png'))?.toString()).toBe('plain');
    prefixed.client.destroy();
    plain.client.destroy();
  });

  it('sends a large stream as a multipart upload of 5 MB parts', async () => {
    const storage = createS3Storage(server.config);
    const sent = watchCommands(storage.client);
    const ok = Buffer.alloc(11 * 1024 * 1024, 7);
    expect(await storage.putStream('courses/m/files/parts', Readable.from([ok]), { maxBytes: ok.length })).toBe(ok.length);
    expect(sent.filter((c) => c.command === 'UploadPartCommand' && c.ok).map((c) => c.bytes)).toEqual([5 * 1024 * 1024, 5 * 1024 * 1024, 1024 * 1024]);
    expect(sent.some((c) => c.command === 'CompleteMultipartUploadCommand' && c.ok)).toBe(true);
    expect((await storage.get('courses/m/files/parts'))?.equals(ok)).toBe(true);
    storage.client.destroy();
  });

  it('treats a missing bucket as a fault, not as a missing file', async () => {
    const storage = createS3Storage({ ...server.config, bucket: 'no-such-bucket' });
    await expect(storage.get('photos/u1/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.getStream('photos/u1/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    storage.client.destroy();
  });
});

describe('S3 configuration', () => {
  const s3 = (env: Record<string, string>): S3Config | undefined => loadConfig(env).s3;

  it('keeps files under DATA_DIR without S3_BUCKET', () => {
    expect(s3({})).toBeUndefined();
    expect(s3({ S3_BUCKET: '' })).toBeUndefined();
  });

  it('reads a bucket with its defaults, and an S3-compatible server with path-style addressing', () => {
    expect(s3({ S3_BUCKET: 'klase-files' })).toEqual({
      bucket: 'klase-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      s3({
        S3_BUCKET: 'klase',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'ap-southeast-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: '/school-a/files/',
      }),
    ).toEqual({
      bucket: 'klase',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-southeast-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'school-a/files',
    });
    expect(s3({ S3_BUCKET: 'klase', S3_ENDPOINT: 'https://s3.school.example', S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle).toBe(false);
    expect(s3({ S3_BUCKET: 'klase', S3_FORCE_PATH_STYLE: 'true' })?.forcePathStyle).toBe(true);
  });

  it('stops the start with the reason when the bucket is half-configured', () => {
    expect(() => s3({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3 storage: S3_ENDPOINT, S3_ACCESS_KEY_ID set without S3_BUCKET (set S3_BUCKET to keep files in a bucket, or remove them to keep files under DATA_DIR)',
    );
    expect(() => s3({ S3_BUCKET: 'klase', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(() => s3({ S3_BUCKET: 'klase', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(() => s3({ S3_BUCKET: 'Klase_Files' })).toThrow('S3_BUCKET "Klase_Files" is not a bucket name');
    expect(() => s3({ S3_BUCKET: 'klase', S3_ENDPOINT: '127.0.0.1:9000' })).toThrow('S3_ENDPOINT "127.0.0.1:9000" is not an http(s) address');
    expect(() => s3({ S3_BUCKET: 'klase', S3_ENDPOINT: 'ftp://files.example' })).toThrow('is not an http(s) address');
    expect(() => s3({ S3_BUCKET: 'klase', S3_PREFIX: 'a/../b' })).toThrow('S3_PREFIX "a/../b" may hold only');
    expect(() => s3({ S3_BUCKET: 'klase', S3_PREFIX: 'a b' })).toThrow('S3_PREFIX "a b" may hold only');
    expect(() => s3({ S3_BUCKET: 'klase', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow();
  });
});
