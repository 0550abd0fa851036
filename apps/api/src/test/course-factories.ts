import type { Db } from '../db/client.ts';
import { ROLE } from '@klase/core/roles';
import { catalogueCategories, courseElementAssignees, courseElements, courseMaterials, courses } from '../db/schema/courses.ts';
import type { UserRow } from '../platform/rows.ts';
import { buildUser, uniq } from './factories.ts';

/** Test data for course elements and materials (a class's course: `buildCourse` in class-factories) and the catalogue. */

/** The rex admin (role 12): no school, builds the catalogue. */
export const buildRexAdmin = (db: Db): Promise<UserRow> =>
  buildUser(db, { roleId: ROLE.rexAdmin, schoolId: null, firstName: 'Carmela', lastName: 'Aquino', username: uniq('rexadmin') });

export const buildCategory = async (db: Db, opts: { name?: string; description?: string } = {}) => {
  const [row] = await db
    .insert(catalogueCategories)
    .values({ name: opts.name ?? uniq('Category '), description: opts.description ?? '' })
    .returning();
  if (!row) throw new Error('category');
  return row;
};

/** A catalogue course (no class, no school) of the category, published unless told otherwise, without elements. */
export const buildCatalogueCourse = async (db: Db, opts: { categoryId: string; name?: string; code?: string; published?: boolean; subject?: string }) => {
  const [row] = await db
    .insert(courses)
    .values({
      schoolId: null,
      classId: null,
      categoryId: opts.categoryId,
      name: opts.name ?? uniq('Catalogue '),
      code: opts.code ?? uniq('CAT-').toUpperCase(),
      subject: opts.subject ?? 'Science',
      gradeLevel: 'Grade 7',
      published: opts.published ?? true,
    })
    .returning();
  if (!row) throw new Error('catalogue course');
  return row;
};

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
