import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CourseDetails, ElementDetails } from '@klase/core/courses/contracts';
import type { MaterialDetails, UploadAnswer } from '@klase/core/materials/contracts';
import type { Db } from '../db/client.ts';
import { courseJobs } from '../db/schema/course-jobs.ts';
import { courseElements, courseMaterials, materialProgress } from '../db/schema/courses.ts';
import type { Agent } from './agent.ts';
import { recordProgress } from './class-factories.ts';
import { uniq } from './factories.ts';
import { fakePng, multipartFile } from './multipart.ts';
import { uploadFile } from './materials-world.ts';

/** Test data and checks for course copy and delete. */

export const IMAGE = fakePng(3000);

const ok = <T>(res: { statusCode: number; body: string; json: <U>() => U }, status: number): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

/**
 * A course built through the API by a teacher of the class: an image, "Week 1" for everyone with
 * a page, two files, a link and a video, "Week 2" for one chosen student with an assignment, a
 * quiz and an activity (unpublished), and a student's progress on the page.
 */
export const buildSourceCourse = async (teacher: Agent, db: Db, classId: string, student: { id: string }) => {
  const course = ok<CourseDetails>(
    await teacher.req('POST', `/api/classes/${classId}/courses`, {
      name: uniq('Science '),
      code: uniq('SCI-'),
      description: 'Living things.',
      gradeLevel: 'Grade 7',
      subject: 'Science',
      sequential: false,
    }),
    201,
  );
  const image = multipartFile('image', 'cover.png', 'image/png', IMAGE);
  ok(await teacher.req('PUT', `/api/courses/${course.id}/image`, image.payload, { headers: image.headers }), 200);
  const week1 = ok<ElementDetails>(await teacher.req('POST', `/api/courses/${course.id}/elements`, { name: 'Week 1', type: 'lesson' }), 201);
  const week2 = ok<ElementDetails>(
    await teacher.req('POST', `/api/courses/${course.id}/elements`, {
      name: 'Week 2',
      type: 'basic',
      assignees: { mode: 'students', studentIds: [student.id] },
    }),
    201,
  );
  ok(await teacher.req('PATCH', `/api/courses/${course.id}/elements/${week1.id}/published`, { published: true }), 200);
  const files: Record<string, Buffer> = { 'notes.txt': Buffer.from('cell notes'), 'slides.txt': Buffer.from('slides of the week') };
  const uploads: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) uploads[name] = ok<UploadAnswer>(await uploadFile(teacher, course.id, name, data), 201).uploadId;
  const forms: [string, Record<string, unknown>][] = [
    [week1.id, { type: 'page', name: 'Read me', contentHtml: '<p>The cell</p>' }],
    [week1.id, { type: 'file', name: 'Notes', uploadId: uploads['notes.txt'], description: 'Print them' }],
    [week1.id, { type: 'file', name: 'Slides', uploadId: uploads['slides.txt'] }],
    [week1.id, { type: 'link', name: 'Encyclopedia', url: 'https://example.org/cell', description: 'Background' }],
    [week1.id, { type: 'video', name: 'Film', url: 'https://www.youtube.com/watch?v=abcdefghijk' }],
    [week2.id, { type: 'assignment', name: 'Essay', instructions: '<p>Write</p>', dueAt: '2030-05-01T08:00:00.000Z', maxPoints: 20 }],
    [week2.id, { type: 'quiz', name: 'Quiz 1', maxPoints: 10 }],
    [week2.id, { type: 'activity', name: 'Lab', instructions: '<p>Microscope</p>', availableFrom: '2030-04-01T08:00:00.000Z' }],
  ];
  const materials: MaterialDetails[] = [];
  for (const [elementId, form] of forms) {
    const m = ok<MaterialDetails>(await teacher.req('POST', `/api/courses/${course.id}/elements/${elementId}/materials`, form), 201);
    if (m.type !== 'activity') ok(await teacher.req('PATCH', `/api/materials/${m.id}/published`, { published: true }), 200);
    materials.push(m);
  }
  const byName = Object.fromEntries(materials.map((m) => [m.name, m.id]));
  await recordProgress(db, student.id, [byName['Read me'] ?? ''], { completed: true });
  return { course, week1, week2, byName, files };
};

export type SourceCourse = Awaited<ReturnType<typeof buildSourceCourse>>;

/** A course's elements and materials as rows, in order, without what a copy changes (ids, course, stamps). */
export const contentOf = async (db: Db, courseId: string) => {
  const elements = await db.select().from(courseElements).where(eq(courseElements.courseId, courseId)).orderBy(asc(courseElements.position));
  const materials = await db.select().from(courseMaterials).where(eq(courseMaterials.courseId, courseId)).orderBy(asc(courseMaterials.name));
  const elementName = new Map(elements.map((e) => [e.id, e.name]));
  return {
    elements: elements.map(({ id: _i, courseId: _c, createdAt: _a, updatedAt: _u, createdBy: _b, updatedBy: _v, ...rest }) => rest),
    materials: materials.map(({ id: _i, courseId: _c, elementId, createdAt: _a, updatedAt: _u, createdBy: _b, updatedBy: _v, ...rest }) => ({
      ...rest,
      element: elementName.get(elementId),
    })),
    materialIds: materials.map((m) => m.id),
  };
};

export const countsOf = async (db: Db, courseId: string) => ({
  elements: await db.$count(courseElements, eq(courseElements.courseId, courseId)),
  materials: await db.$count(courseMaterials, eq(courseMaterials.courseId, courseId)),
});

export const progressCount = async (db: Db, materialIds: string[]): Promise<number> => {
  if (!materialIds.length) return 0;
  const [row] = await db.select({ n: count() }).from(materialProgress).where(inArray(materialProgress.materialId, materialIds));
  return Number(row?.n ?? 0);
};

export const jobsOf = (db: Db, courseId: string, kind: 'copy' | 'delete' = 'copy') =>
  db
    .select()
    .from(courseJobs)
    .where(and(eq(courseJobs.courseId, courseId), eq(courseJobs.kind, kind)));
