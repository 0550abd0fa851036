import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialDetails, UploadAnswer } from '@klase/core/materials/contracts';
import { courseMaterials } from '../../db/schema/courses.ts';
import { buildJourneyCourse, uploadFile } from '../../test/materials-world.ts';
import { signIn } from '../../test/agent.ts';
import { buildClassWorld } from '../../test/class-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readAll, startS3Server } from '../../platform/storage-contract.ts';
import type { S3Storage } from '../../platform/storage-s3.ts';

describe('course files in an S3 bucket (the app configured with S3 settings)', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;

  beforeAll(async () => {
    server = await startS3Server();
    // No deps.storage: the app builds its storage from the S3 settings, as server.ts does.
    t = await createTestApp({ loginIpLimit: 10_000, s3: { ...server.config, prefix: 'klase' } });
  });
  afterAll(async () => {
    await t?.close();
    (t?.app.storage as S3Storage | undefined)?.client.destroy();
    await server?.close();
  });

  it('uploads a course file into the bucket and serves it back only to people who may open it', async () => {
    const w = await buildClassWorld(t.db);
    const { course, elementIds } = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      sequential: false,
      elements: [{ name: 'Files', materials: [] }],
    });
    const teacher = await signIn(t.app, w.teacher.username);
    const student = await signIn(t.app, w.s1.username);
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(6 * 1024 * 1024)]);

    const up = await uploadFile(teacher, course.id, 'Aralin 1.pdf', data, 'application/pdf');
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json<UploadAnswer>()).toMatchObject({ fileName: 'Aralin 1.pdf', size: data.length, mime: 'application/pdf' });
    const made = await teacher.req('POST', `/api/courses/${course.id}/elements/${elementIds.Files}/materials`, {
      type: 'file',
      name: 'Aralin 1',
      uploadId: up.json().uploadId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const material = made.json<MaterialDetails>();
    expect((await teacher.req('PATCH', `/api/materials/${material.id}/published`, { published: true })).statusCode).toBe(200);

    // The bytes are in the bucket under the configured prefix, not under DATA_DIR.
    const [row] = await t.db.select().from(courseMaterials).where(eq(courseMaterials.id, material.id));
    const objectKey = `klase/${row?.fileKey}`;
    const client = (t.app.storage as S3Storage).client;
    const listed = await client.send(new ListObjectsV2Command({ Bucket: server.config.bucket, Prefix: `klase/courses/${course.id}/` }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([objectKey]);
    const inBucket = await client.send(new GetObjectCommand({ Bucket: server.config.bucket, Key: objectKey }));
    expect((await readAll(inBucket.Body as Readable)).equals(data)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);

    for (const agent of [teacher, student]) {
      const res = await agent.req('GET', `/api/materials/${material.id}/file`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(data.length));
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Aralin 1.pdf"/);
    }
    // Access is checked on every download, whatever the storage: another school's student gets nothing.
    const stranger = await signIn(t.app, w.studentB.username);
    expect((await stranger.req('GET', `/api/materials/${material.id}/file`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/materials/${material.id}/file` })).statusCode).toBe(401);

    // Deleting the material removes the object from the bucket.
    expect((await teacher.req('DELETE', `/api/materials/${material.id}`)).statusCode).toBe(200);
    const after = await client.send(new ListObjectsV2Command({ Bucket: server.config.bucket, Prefix: `klase/courses/${course.id}/` }));
    expect(after.Contents ?? []).toEqual([]);
    expect((await student.req('GET', `/api/materials/${material.id}/file`)).statusCode).toBe(404);
  });
});
