import type { Db } from '../db/client.ts';
import { classGroupMembers, classGroups, classStudents, classTeachers, classes } from '../db/schema/classes.ts';
import { courseElements, courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { newAccessCode, newInviteToken } from '../modules/classes/join-codes.ts';
import type { UserRow } from '../platform/rows.ts';
import { uniq } from './factories.ts';

/** Test data for classes, groups and the course tables progress reads. */

export const buildClass = async (
  db: Db,
  opts: { schoolId: string; teachers?: UserRow[]; name?: string; archived?: boolean; codeEnabled?: boolean; linkEnabled?: boolean },
) => {
  const [row] = await db
    .insert(classes)
    .values({
      schoolId: opts.schoolId,
      name: opts.name ?? uniq('Class '),
      gradeLevel: 'Grade 7',
      section: 'Sampaguita',
      schoolYearFrom: 2026,
      schoolYearTo: 2027,
      accessCode: newAccessCode(),
      inviteToken: newInviteToken(),
      codeEnabled: opts.codeEnabled ?? true,
      linkEnabled: opts.linkEnabled ?? true,
      archivedAt: opts.archived ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('class');
  if (opts.teachers?.length) {
    await db.insert(classTeachers).values(opts.teachers.map((t, position) => ({ classId: row.id, userId: t.id, position })));
  }
  return row;
};

export const enrol = async (db: Db, classId: string, students: UserRow[], via: 'code' | 'link' | 'teacher' = 'teacher') => {
  if (students.length === 0) return;
  await db.insert(classStudents).values(students.map((s) => ({ classId, studentId: s.id, joinedVia: via })));
};

export const buildGroup = async (db: Db, classId: string, members: UserRow[], opts: { name?: string; type?: 'manual' | 'generated' } = {}) => {
  const [row] = await db
    .insert(classGroups)
    .values({ classId, name: opts.name ?? uniq('Group '), type: opts.type ?? 'manual' })
    .returning();
  if (!row) throw new Error('group');
  if (members.length) await db.insert(classGroupMembers).values(members.map((m) => ({ groupId: row.id, studentId: m.id, classId })));
  return row;
};

/**
 * A course of the class with one element and `materials` materials (types cycle through page,
 * file, link, assignment). Everything is published unless told otherwise.
 */
export const buildCourse = async (
  db: Db,
  opts: { schoolId: string; classId: string; materials?: number; published?: boolean; unpublishedMaterials?: number; name?: string },
) => {
  const [course] = await db
    .insert(courses)
    .values({ schoolId: opts.schoolId, classId: opts.classId, name: opts.name ?? uniq('Course '), code: uniq('C'), published: opts.published ?? true })
    .returning();
  if (!course) throw new Error('course');
  const [element] = await db.insert(courseElements).values({ courseId: course.id, name: 'Week 1', position: 0, published: true }).returning();
  if (!element) throw new Error('element');
  const types = ['page', 'file', 'link', 'assignment'] as const;
  const count = opts.materials ?? 4;
  const hidden = opts.unpublishedMaterials ?? 0;
  const materials = count + hidden
    ? await db
        .insert(courseMaterials)
        .values(
          Array.from({ length: count + hidden }, (_, i) => ({
            courseId: course.id,
            elementId: element.id,
            name: `Material ${i + 1}`,
            type: types[i % types.length] ?? 'page',
            position: i,
            published: i < count,
          })),
        )
        .returning()
    : [];
  return { course, element, materials };
};

/** Marks materials as opened (and optionally completed) by a student. */
export const recordProgress = async (db: Db, studentId: string, materialIds: string[], opts: { completed?: boolean; at?: Date; seconds?: number } = {}) => {
  if (materialIds.length === 0) return;
  const at = opts.at ?? new Date();
  await db.insert(materialProgress).values(
    materialIds.map((materialId) => ({
      materialId,
      studentId,
      firstAccessAt: at,
      lastAccessAt: at,
      completedAt: opts.completed === false ? null : at,
      timeSpentSeconds: opts.seconds ?? 60,
    })),
  );
};
