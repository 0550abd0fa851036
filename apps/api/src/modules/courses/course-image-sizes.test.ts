import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@klase/core/constants';
import { COURSE_IMAGE_FIELD } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import type { Agent } from '../../test/agent.ts';
import { signIn } from '../../test/agent.ts';
import { buildCourse } from '../../test/class-factories.ts';
import { buildUser } from '../../test/factories.ts';
import { fakePng, multipartFile } from '../../test/multipart.ts';
import { variantKeys } from '../../platform/image-variants.ts';
import { useClassWorld } from '../../test/class-world.ts';

/** A real 1200 x 800 photo-like JPEG (a gradient), as a phone's camera makes them. */
const cameraJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([
      { input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><circle cx="600" cy="400" r="300" fill="#f5a623"/></svg>') },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();

describe('course images and photos at the size the page shows, as AVIF or WebP', () => {
  const ctx = useClassWorld();
  const upload = (agent: Agent, url: string, field: string, data: Buffer) => {
    const mp = multipartFile(field, 'cover.jpg', 'image/jpeg', data);
    return agent.req('PUT', url, mp.payload, { headers: mp.headers });
  };

  it('resizes on the first request, keeps the variant, negotiates the format by Accept and removes the variants with the image', async () => {
    const { t, w } = ctx;
    const { course } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, published: true });
    const teacher = await signIn(t.app, w.teacher.username);
    const original = await cameraJpeg();
    expect((await upload(teacher, `/api/courses/${course.id}/image`, COURSE_IMAGE_FIELD, original)).statusCode).toBe(200);
    const key = `courses/${course.id}/image-1`;
    const student = await signIn(t.app, w.s1.username);

    // A phone's browser takes WebP: a 300 px request gets the 320 px WebP, much lighter than the upload.
    const webp = await student.req('GET', `/api/courses/${course.id}/image?v=1&w=300`, undefined, { headers: { accept: 'image/webp,image/*,*/*;q=0.8' } });
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('accept');
    const meta = await sharp(webp.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 213 });
    expect(webp.rawPayload.length).toBeLessThan(original.length / 4);
    expect(await t.app.storage.get(`${key}.w320.webp`)).not.toBeNull();

    const avif = await student.req('GET', `/api/courses/${course.id}/image?v=1&w=100`, undefined, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 128 });

    // No modern format accepted: the uploaded type, resized; never enlarged past the original.
    const jpeg = await student.req('GET', `/api/courses/${course.id}/image?v=1&w=5000`, undefined, { headers: { accept: 'image/jpeg' } });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ width: IMAGE_WIDTHS.at(-1)! });
    // Without `w`, the original as uploaded.
    expect((await student.req('GET', `/api/courses/${course.id}/image?v=1`)).rawPayload.equals(original)).toBe(true);

    // The kept variant answers the next request (the stored bytes are what is sent).
    await t.app.storage.put(`${key}.w320.webp`, Buffer.from('kept'));
    expect(
      (await student.req('GET', `/api/courses/${course.id}/image?v=1&w=320`, undefined, { headers: { accept: 'image/webp' } })).rawPayload.toString(),
    ).toBe('kept');

    // Outsiders still get 404; a width that is not a number is a translated 400.
    const outsider = await signIn(t.app, (await buildUser(t.db, { schoolId: w.schoolB.id, roleId: ROLE.student })).username);
    expect((await outsider.req('GET', `/api/courses/${course.id}/image?w=300`)).statusCode).toBe(404);
    const bad = await student.req('GET', `/api/courses/${course.id}/image?w=wide`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');

    expect((await teacher.req('DELETE', `/api/courses/${course.id}/image`)).statusCode).toBe(200);
    for (const k of [key, ...variantKeys(key)]) expect(await t.app.storage.get(k), k).toBeNull();
  });

  it('serves a picture sharp cannot decode as uploaded instead of failing', async () => {
    const { t, w } = ctx;
    const { course } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, published: true });
    const teacher = await signIn(t.app, w.teacher.username);
    const broken = fakePng(3000);
    const mp = multipartFile(COURSE_IMAGE_FIELD, 'cover.png', 'image/png', broken);
    expect((await teacher.req('PUT', `/api/courses/${course.id}/image`, mp.payload, { headers: mp.headers })).statusCode).toBe(200);
    const got = await teacher.req('GET', `/api/courses/${course.id}/image?w=200`, undefined, { headers: { accept: 'image/webp' } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(broken)).toBe(true);
  });

  it('resizes profile photos the same way', async () => {
    const { t, w } = ctx;
    const student = await signIn(t.app, w.s1.username);
    expect((await upload(student, '/api/account/photo', 'photo', await cameraJpeg())).statusCode).toBe(200);
    const got = await student.req('GET', `/api/users/${w.s1.id}/photo?w=72`, undefined, { headers: { accept: 'image/webp' } });
    expect(got.headers['content-type']).toBe('image/webp');
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ width: 128, height: 85 });
  });
});
