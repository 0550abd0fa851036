import { ROLE, type RoleId } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { classGroupMembers, classGroups, classStudents, classTeachers, classes } from '../db/schema/classes.ts';
import { courseElements, courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { newAccessCode, newInviteToken } from '../modules/classes/join-codes.ts';
import type { UserRow } from '../platform/rows.ts';
import { buildSchool, buildUser, linkParent, uniq } from './factories.ts';

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
  const materials =
    count + hidden
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

/**
 * Two schools for class tests. School A: `teacher` teaches `cls` (Grade 7 - Sampaguita) with
 * `assistant`; `otherTeacher` teaches `otherClass`; students `s1`..`s3` are enrolled in `cls`,
 * `s4` is not enrolled anywhere; `parent` is linked to `s1`; `admin` administers the school.
 * School B: `teacherB` teaches `classB`, `studentB` is enrolled there. Every call builds new rows.
 */
export const buildClassWorld = async (db: Db) => {
  const schoolA = await buildSchool(db);
  const schoolB = await buildSchool(db);
  const person = (roleId: RoleId, schoolId: string, firstName: string, lastName: string, extra: { email?: string | null } = {}) =>
    buildUser(db, { roleId, schoolId, firstName, lastName, username: uniq(firstName.toLowerCase()), ...extra });
  const teacher = await person(ROLE.teacher, schoolA.id, 'Maria', 'Santos');
  const assistant = await person(ROLE.assistantTeacher, schoolA.id, 'Gabriela', 'Silang');
  const otherTeacher = await person(ROLE.teacher, schoolA.id, 'Andres', 'Bautista');
  const admin = await person(ROLE.schoolAdmin, schoolA.id, 'Liza', 'Mendoza');
  const s1 = await person(ROLE.student, schoolA.id, 'Jose', 'Dela Cruz');
  const s2 = await person(ROLE.student, schoolA.id, 'Ana', 'Bonifacio');
  const s3 = await person(ROLE.student, schoolA.id, 'Miguel', 'Villanueva');
  const s4 = await person(ROLE.student, schoolA.id, 'Isabel', 'Garcia');
  const parent = await person(ROLE.parent, schoolA.id, 'Teresa', 'Dela Cruz');
  await linkParent(db, parent, s1);
  const teacherB = await person(ROLE.teacher, schoolB.id, 'Perla', 'Navarro');
  const studentB = await person(ROLE.student, schoolB.id, 'Marisol', 'Pangilinan');
  const cls = await buildClass(db, { schoolId: schoolA.id, teachers: [teacher, assistant], name: uniq('Grade 7 - Sampaguita ') });
  await enrol(db, cls.id, [s1, s2, s3]);
  const otherClass = await buildClass(db, { schoolId: schoolA.id, teachers: [otherTeacher], name: uniq('Grade 8 - Narra ') });
  const classB = await buildClass(db, { schoolId: schoolB.id, teachers: [teacherB], name: uniq('Grade 5 - Masipag ') });
  await enrol(db, classB.id, [studentB]);
  return { schoolA, schoolB, teacher, assistant, otherTeacher, admin, s1, s2, s3, s4, parent, teacherB, studentB, cls, otherClass, classB };
};

export type ClassWorld = Awaited<ReturnType<typeof buildClassWorld>>;
