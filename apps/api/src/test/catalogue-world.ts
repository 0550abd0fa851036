import { expect } from 'vitest';
import type { CourseDetails, ElementDetails } from '@klase/core/courses/contracts';
import type { MaterialDetails, UploadAnswer } from '@klase/core/materials/contracts';
import type { Agent } from './agent.ts';
import { uniq } from './factories.ts';
import { fakePng, multipartFile } from './multipart.ts';
import { uploadFile } from './materials-world.ts';

/** Test data for the catalogue: a catalogue course built by the rex admin through the API. */

export const CATALOGUE_IMAGE = fakePng(2500);
export const WORKSHEET = Buffer.from('Label the layers of the Earth: crust, mantle, outer core, inner core.');

const ok = <T>(res: { statusCode: number; body: string; json: <U>() => U }, status: number): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

/**
 * A published catalogue course of the category with an image: "Unit 1" (published) holds a page,
 * a file and a link (published) and a quiz (a draft); "Unit 2" (a draft) holds a page. Answers
 * the course and every material id by name.
 */
export const buildCatalogueCourseApi = async (admin: Agent, categoryId: string) => {
  const course = ok<CourseDetails>(
    await admin.req('POST', '/api/catalogue/courses', {
      name: uniq('Earth Science '),
      code: uniq('ES-'),
      description: 'The layers of the Earth, earthquakes and volcanoes.',
      gradeLevel: 'Grade 8',
      subject: 'Science',
      sequential: true,
      categoryId,
    }),
    201,
  );
  const image = multipartFile('image', 'cover.png', 'image/png', CATALOGUE_IMAGE);
  ok(await admin.req('PUT', `/api/courses/${course.id}/image`, image.payload, { headers: image.headers }), 200);
  const unit1 = ok<ElementDetails>(await admin.req('POST', `/api/courses/${course.id}/elements`, { name: 'Unit 1', type: 'lesson' }), 201);
  const unit2 = ok<ElementDetails>(await admin.req('POST', `/api/courses/${course.id}/elements`, { name: 'Unit 2', type: 'basic' }), 201);
  ok(await admin.req('PATCH', `/api/courses/${course.id}/elements/${unit1.id}/published`, { published: true }), 200);
  const upload = ok<UploadAnswer>(await uploadFile(admin, course.id, 'worksheet.txt', WORKSHEET), 201);
  const forms: [string, Record<string, unknown>, boolean][] = [
    [unit1.id, { type: 'page', name: 'Layers of the Earth', contentHtml: '<p>Crust, mantle and core.</p>' }, true],
    [unit1.id, { type: 'file', name: 'Worksheet', uploadId: upload.uploadId }, true],
    [unit1.id, { type: 'link', name: 'PHIVOLCS', url: 'https://www.phivolcs.dost.gov.ph/', description: 'Earthquake information' }, true],
    [unit1.id, { type: 'quiz', name: 'Draft quiz', maxPoints: 10 }, false],
    [unit2.id, { type: 'page', name: 'Volcanoes', contentHtml: '<p>Taal and Mayon.</p>' }, true],
  ];
  const byName: Record<string, string> = {};
  for (const [elementId, form, publish] of forms) {
    const m = ok<MaterialDetails>(await admin.req('POST', `/api/courses/${course.id}/elements/${elementId}/materials`, form), 201);
    if (publish) ok(await admin.req('PATCH', `/api/materials/${m.id}/published`, { published: true }), 200);
    byName[m.name] = m.id;
  }
  ok(await admin.req('PATCH', `/api/courses/${course.id}/published`, { published: true }), 200);
  return { course, unit1, unit2, byName };
};
