import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MB } from '@klase/core/constants';
import { COURSE_IMAGE_FIELD, type CourseDetails } from '@klase/core/courses/contracts';
import { courses } from '../../db/schema/courses.ts';
import type { Agent } from '../../test/agent.ts';
import { signIn } from '../../test/agent.ts';
import { buildCourse } from '../../test/class-factories.ts';
import { fakeJpeg, fakePng, multipartFile } from '../../test/multipart.ts';
import { useClassWorld } from '../../test/class-world.ts';

/** The first bytes of a Windows executable ("MZ"). */
const exe = (size = 400): Buffer => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(size, 0)]);
const gif = (): Buffer => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 1)]);

describe('course image', () => {
  const ctx = useClassWorld();

  const upload = (agent: Agent, courseId: string, name: string, type: string, data: Buffer, field = COURSE_IMAGE_FIELD) => {
    const mp = multipartFile(field, name, type, data);
    return agent.req('PUT', `/api/courses/${courseId}/image`, mp.payload, { headers: mp.headers });
  };
  const newCourse = async (published = true) => (await buildCourse(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, published })).course;

  it('uploads a png, serves it to the class with cache headers, replaces it with a jpeg and removes it', async () => {
    const { t, w } = ctx;
    const course = await newCourse();
    const teacher = await signIn(t.app, w.teacher.username);
    const png = fakePng(4000);
    const res = await upload(teacher, course.id, 'cover.png', 'image/png', png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CourseDetails>().imageUrl).toBe(`/api/courses/${course.id}/image?v=1`);
    for (const u of [w.teacher, w.assistant, w.s1, w.parent, w.admin]) {
      const got = await (await signIn(t.app, u.username)).req('GET', `/api/courses/${course.id}/image?v=1`);
      expect(got.statusCode, u.username).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['cache-control']).toBe('private, max-age=3600');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(png)).toBe(true);
    }
    const list = (await teacher.req('GET', `/api/courses?classId=${w.cls.id}&search=${encodeURIComponent(course.name)}`)).json();
    expect(list.data[0].imageUrl).toBe(`/api/courses/${course.id}/image?v=1`);

    const jpeg = fakeJpeg(3000);
    expect((await upload(teacher, course.id, 'cover.jpg', 'image/jpeg', jpeg)).json().imageUrl).toBe(`/api/courses/${course.id}/image?v=2`);
    const second = await teacher.req('GET', `/api/courses/${course.id}/image`);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.rawPayload.equals(jpeg)).toBe(true);
    expect(await t.app.storage.get(`courses/${course.id}/image-1`)).toBeNull();

    const removed = await teacher.req('DELETE', `/api/courses/${course.id}/image`);
    expect(removed.json()).toMatchObject({ imageUrl: null });
    expect((await teacher.req('GET', `/api/courses/${course.id}/image`)).statusCode).toBe(404);
    expect(await t.app.storage.get(`courses/${course.id}/image-2`)).toBeNull();
    expect((await teacher.req('DELETE', `/api/courses/${course.id}/image`)).statusCode).toBe(200);
  });

  it('checks the content, not the name: a GIF, a PNG named .exe, an executable named .png', async () => {
    const { t, w } = ctx;
    const course = await newCourse();
    const teacher = await signIn(t.app, w.teacher.username);
    const gifRes = await upload(teacher, course.id, 'cover.gif', 'image/gif', gif());
    expect(gifRes.statusCode).toBe(415);
    expect(gifRes.json()).toEqual({ code: 'FILE_TYPE', message: 'File must be in jpeg or png format.' });
    const disguised = await upload(teacher, course.id, 'cover.png', 'image/png', exe());
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('FILE_TYPE');
    expect((await teacher.req('GET', `/api/courses/${course.id}`)).json().imageUrl).toBeNull();

    const renamed = await upload(teacher, course.id, 'setup.exe', 'application/octet-stream', fakePng(500));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const served = await teacher.req('GET', `/api/courses/${course.id}/image`);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses 2 MB + 1 byte (and exactly 2 MB) with FILE_TOO_LARGE and keeps the old image', async () => {
    const { t, w } = ctx;
    const course = await newCourse();
    const teacher = await signIn(t.app, w.teacher.username);
    await upload(teacher, course.id, 'small.png', 'image/png', fakePng(100));
    for (const size of [2 * MB + 1, 2 * MB]) {
      const res = await upload(teacher, course.id, 'big.png', 'image/png', fakePng(size));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'File must be less than 2 MB.' });
    }
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.imageVersion).toBe(1);
    expect((await upload(teacher, course.id, 'fits.jpg', 'image/jpeg', fakeJpeg(2 * MB - 1))).statusCode).toBe(200);
  });

  it('needs the image field of a multipart body; only the class teacher uploads; hidden courses hide the image', async () => {
    const { t, w } = ctx;
    const course = await newCourse(false);
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await upload(teacher, course.id, 'a.png', 'image/png', fakePng(), 'photo')).statusCode).toBe(400);
    expect((await teacher.req('PUT', `/api/courses/${course.id}/image`, { image: 'x' })).json().code).toBe('BAD_REQUEST');
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await upload(assistant, course.id, 'a.png', 'image/png', fakePng())).statusCode).toBe(403);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await upload(other, course.id, 'a.png', 'image/png', fakePng())).statusCode).toBe(404);
    expect((await upload(teacher, course.id, 'a.png', 'image/png', fakePng())).statusCode).toBe(200);
    expect((await other.req('GET', `/api/courses/${course.id}/image`)).statusCode).toBe(404);
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('GET', `/api/courses/${course.id}/image`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}/image` })).statusCode).toBe(401);
  });
});
