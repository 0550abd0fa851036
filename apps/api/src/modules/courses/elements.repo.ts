import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import { saveVersioned } from '../../db/versioned.ts';
import type { Db } from '../../db/client.ts';
import { materialFileKeys } from '../../kernel/file-refs.ts';
import { classGroups, classStudents } from '../../db/schema/classes.ts';
import { courseElementAssignees, courseElements, courseMaterials } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { elementAssignedTo } from '../../kernel/assignment-sql.ts';
import type { CourseViewer } from '../../kernel/course-lists.ts';

/** Course elements, their order, assignees and the material entries the course page lists. */

export type ElementRecord = typeof courseElements.$inferSelect;

/** The chosen students and groups of an element (empty for `everyone`). */
export interface AssigneeIds {
  studentIds: readonly string[];
  groupIds: readonly string[];
}

/** The course's elements in order (or the one asked for), as the viewer may see them (students: published and assigned; catalogue readers: published). */
export const elementsOf = (db: Db, courseId: string, viewer: CourseViewer, onlyId?: string): Promise<ElementRecord[]> =>
  db
    .select()
    .from(courseElements)
    .where(
      and(
        eq(courseElements.courseId, courseId),
        onlyId ? eq(courseElements.id, onlyId) : undefined,
        viewer.kind === 'staff' ? undefined : eq(courseElements.published, true),
        viewer.kind === 'students' ? elementAssignedTo(viewer.studentIds) : undefined,
      ),
    )
    .orderBy(asc(courseElements.position), asc(courseElements.id));

/** The element ids of a course in their order. */
export const elementOrder = async (db: Db, courseId: string): Promise<string[]> =>
  (
    await db
      .select({ id: courseElements.id })
      .from(courseElements)
      .where(eq(courseElements.courseId, courseId))
      .orderBy(asc(courseElements.position), asc(courseElements.id))
  ).map((r) => r.id);

/** Gives the elements positions 0, 1, 2, ... in the given order (one statement). */
export const renumberElements = async (db: Db, courseId: string, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  const rows = sql.join(
    ids.map((id, i) => sql`(${id}::uuid, ${i}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${courseElements} set position = v.pos from (values ${rows}) as v(id, pos) where ${courseElements.id} = v.id and ${courseElements.courseId} = ${courseId}`,
  );
};

export const findElement = async (db: Db, courseId: string, elementId: string): Promise<ElementRecord | null> => {
  const [row] = await db
    .select()
    .from(courseElements)
    .where(and(eq(courseElements.id, elementId), eq(courseElements.courseId, courseId)))
    .limit(1);
  return row ?? null;
};

export const insertElement = async (db: Db, values: typeof courseElements.$inferInsert): Promise<ElementRecord> => {
  const [row] = await db.insert(courseElements).values(values).returning();
  if (!row) throw new Error('element not inserted');
  return row;
};

export const updateElement = async (
  db: Db,
  id: string,
  values: Partial<typeof courseElements.$inferInsert> & { updatedBy: string },
): Promise<ElementRecord> => {
  const [row] = await db
    .update(courseElements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(courseElements.id, id))
    .returning();
  if (!row) throw new Error('element not updated');
  return row;
};

/** Saves the element form at the version it was loaded from unless overwriting (EDIT_CONFLICT otherwise). */
export const saveElement = (
  db: Db,
  id: string,
  expect: EditVersion,
  userId: string,
  values: Partial<typeof courseElements.$inferInsert>,
): Promise<ElementRecord> => saveVersioned(db, courseElements, eq(courseElements.id, id), expect, userId, values);

/**
 * Deletes an element (its materials, their progress, students' work and its assignees go with it)
 * and answers every stored file they held: materials' files, assignment attachments, work and
 * feedback files.
 */
export const deleteElement = async (db: Db, id: string): Promise<string[]> => {
  const files = await materialFileKeys(db, { elementId: id });
  await db.delete(courseElements).where(eq(courseElements.id, id));
  return files;
};

export const replaceAssignees = async (db: Db, elementId: string, a: AssigneeIds): Promise<void> => {
  await db.delete(courseElementAssignees).where(eq(courseElementAssignees.elementId, elementId));
  const values = [...a.studentIds.map((studentId) => ({ elementId, studentId })), ...a.groupIds.map((groupId) => ({ elementId, groupId }))];
  if (values.length) await db.insert(courseElementAssignees).values(values);
};

/** The chosen students (with their names) and groups of these elements. */
export const assigneesOf = async (db: Db, elementIds: readonly string[]) => {
  if (elementIds.length === 0) return { students: [], groups: [] };
  const ids = [...elementIds];
  const students = await db
    .select({
      elementId: courseElementAssignees.elementId,
      id: users.id,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      suffix: users.suffix,
    })
    .from(courseElementAssignees)
    .innerJoin(users, eq(users.id, courseElementAssignees.studentId))
    .where(inArray(courseElementAssignees.elementId, ids))
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id));
  const groups = await db
    .select({ elementId: courseElementAssignees.elementId, id: classGroups.id, name: classGroups.name })
    .from(courseElementAssignees)
    .innerJoin(classGroups, eq(classGroups.id, courseElementAssignees.groupId))
    .where(inArray(courseElementAssignees.elementId, ids))
    .orderBy(sql`lower(${classGroups.name})`, asc(classGroups.id));
  return { students, groups };
};

/** The material entries of these elements in order (published ones only when asked). */
export const materialEntriesOf = (db: Db, elementIds: readonly string[], publishedOnly: boolean) =>
  elementIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          elementId: courseMaterials.elementId,
          id: courseMaterials.id,
          name: courseMaterials.name,
          type: courseMaterials.type,
          position: courseMaterials.position,
          published: courseMaterials.published,
          dueAt: courseMaterials.dueAt,
          availableFrom: courseMaterials.availableFrom,
        })
        .from(courseMaterials)
        .where(and(inArray(courseMaterials.elementId, [...elementIds]), publishedOnly ? eq(courseMaterials.published, true) : undefined))
        .orderBy(asc(courseMaterials.position), asc(courseMaterials.id));

/** Which of these students are enrolled in the class. */
export const enrolledAmong = async (db: Db, classId: string, ids: readonly string[]): Promise<string[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: classStudents.studentId })
          .from(classStudents)
          .where(and(eq(classStudents.classId, classId), inArray(classStudents.studentId, [...ids])))
      ).map((r) => r.id);

/** Which of these groups belong to the class. */
export const groupsAmong = async (db: Db, classId: string, ids: readonly string[]): Promise<string[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: classGroups.id })
          .from(classGroups)
          .where(and(eq(classGroups.classId, classId), inArray(classGroups.id, [...ids])))
      ).map((r) => r.id);
