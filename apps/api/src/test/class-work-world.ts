import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { courseElements, courseMaterials } from '../db/schema/courses.ts';
import type { UserRow } from '../platform/rows.ts';
import { buildClass, enrol } from './class-factories.ts';
import { buildSchool, buildUser, linkParent, uniq } from './factories.ts';

/**
 * A school with one class (teacher, assistant, five enrolled students with distinct last names,
 * a parent of the first), a second class of the same school with its own teacher, a school
 * administrator, and a teacher of another school. Every call builds new rows.
 */
export const buildClassWorld = async (db: Db) => {
  const school = await buildSchool(db);
  const otherSchool = await buildSchool(db);
  const user = (roleId: (typeof ROLE)[keyof typeof ROLE], extra: { firstName?: string; lastName?: string; schoolId?: string } = {}): Promise<UserRow> =>
    buildUser(db, { username: uniq('u'), roleId, schoolId: school.id, ...extra });
  const teacher = await user(ROLE.teacher, { firstName: 'Maria', lastName: 'Reyes' });
  const assistant = await user(ROLE.assistantTeacher);
  const otherTeacher = await user(ROLE.teacher);
  const schoolAdmin = await user(ROLE.schoolAdmin);
  const foreignTeacher = await buildUser(db, { username: uniq('u'), roleId: ROLE.teacher, schoolId: otherSchool.id });
  // Created out of alphabetical order on purpose.
  const names: [string, string][] = [
    ['Carlo', 'Santos'],
    ['Ana', 'Bautista'],
    ['Eduardo', 'Villanueva'],
    ['Bea', 'Aquino'],
    ['Dino', 'Mendoza'],
  ];
  const students: UserRow[] = [];
  for (const [firstName, lastName] of names) students.push(await user(ROLE.student, { firstName, lastName }));
  const outsider = await user(ROLE.student, { firstName: 'Olga', lastName: 'Outside' });
  const parent = await user(ROLE.parent);
  const [firstStudent] = students;
  if (!firstStudent) throw new Error('students');
  await linkParent(db, parent, firstStudent);
  const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher, assistant] });
  await enrol(db, cls.id, students);
  const otherClass = await buildClass(db, { schoolId: school.id, teachers: [otherTeacher] });
  await enrol(db, otherClass.id, [outsider]);
  return { school, otherSchool, teacher, assistant, otherTeacher, schoolAdmin, foreignTeacher, students, outsider, parent, cls, otherClass };
};

export type ClassWorld = Awaited<ReturnType<typeof buildClassWorld>>;

/** The world's `i`-th student (throws when there is none). */
export const studentAt = (w: ClassWorld, i: number): UserRow => {
  const s = w.students[i];
  if (!s) throw new Error(`no student ${i}`);
  return s;
};

/** An unpublished element with published materials (not assigned: the element is hidden). */
export const hiddenElement = async (db: Db, courseId: string, materials: number) => {
  const [element] = await db.insert(courseElements).values({ courseId, name: 'Draft week', position: 1, published: false }).returning();
  if (!element) throw new Error('element');
  return db
    .insert(courseMaterials)
    .values(
      Array.from({ length: materials }, (_, i) => ({
        courseId,
        elementId: element.id,
        name: `Draft ${i + 1}`,
        type: 'quiz' as const,
        position: i,
        published: true,
      })),
    )
    .returning();
};

/** Ids of rows of a table answer. */
export const idsOf = (body: { data: { id: string }[] }): string[] => body.data.map((r) => r.id);
