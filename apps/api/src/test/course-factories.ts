import type { Db } from '../db/client.ts';
import { courseElementAssignees, courseElements, courseMaterials } from '../db/schema/courses.ts';
import { uniq } from './factories.ts';

/** Test data for course elements and materials (the course itself: `buildCourse` in class-factories). */

export type ElementAssignment = { mode: 'everyone' } | { mode: 'students'; ids: string[] } | { mode: 'groups'; ids: string[] };

/** An element of the course, published unless told otherwise, for everyone or for chosen students or groups. */
export const buildElement = async (
  db: Db,
  courseId: string,
  opts: { name?: string; position?: number; published?: boolean; assign?: ElementAssignment } = {},
) => {
  const assign = opts.assign ?? { mode: 'everyone' };
  const [element] = await db
    .insert(courseElements)
    .values({ courseId, name: opts.name ?? uniq('Element '), position: opts.position ?? 10, published: opts.published ?? true, assignMode: assign.mode })
    .returning();
  if (!element) throw new Error('element');
  if (assign.mode !== 'everyone' && assign.ids.length) {
    await db
      .insert(courseElementAssignees)
      .values(assign.ids.map((id) => (assign.mode === 'students' ? { elementId: element.id, studentId: id } : { elementId: element.id, groupId: id })));
  }
  return element;
};

/** A material of the element (a page unless told otherwise), published unless told otherwise. */
export const buildMaterial = async (
  db: Db,
  element: { id: string; courseId: string },
  opts: { name?: string; type?: 'page' | 'file' | 'link' | 'quiz'; position?: number; published?: boolean; fileKey?: string } = {},
) => {
  const [material] = await db
    .insert(courseMaterials)
    .values({
      courseId: element.courseId,
      elementId: element.id,
      name: opts.name ?? uniq('Material '),
      type: opts.type ?? (opts.fileKey ? 'file' : 'page'),
      position: opts.position ?? 0,
      published: opts.published ?? true,
      fileKey: opts.fileKey ?? null,
      fileName: opts.fileKey ? 'notes.pdf' : null,
      fileSize: opts.fileKey ? 5 : null,
      fileMime: opts.fileKey ? 'application/pdf' : null,
    })
    .returning();
  if (!material) throw new Error('material');
  return material;
};
