import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GradebookGrid, GradeEntryResult, StudentGradeReport } from '@klase/core/gradebook/index';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { classTeachers } from '../db/schema/classes.ts';
import { gradebookSettings, gradeCategories } from '../db/schema/gradebook.ts';
import type { Agent } from './agent.ts';
import { buildUser, uniq } from './factories.ts';
import { buildGradebookCourse, buildGradeCategory, buildGradeItem } from './gradebook-factories.ts';

/**
 * Shared setups of the gradebook grade tests. `buildWeightedSetup`: a course total by weighted
 * mean of Quizzes (weight 40, mean of three 10-point quizzes, lowest dropped) and Exams (weight
 * 60, one 100-point exam).
 */
export const buildWeightedSetup = async (db: Db, opts: { schoolId: string; classId: string }) => {
  const { course, root } = await buildGradebookCourse(db, opts);
  await db.update(gradeCategories).set({ aggregation: 'weightedMean' }).where(eq(gradeCategories.id, root.id));
  const quizzes = await buildGradeCategory(db, {
    courseId: course.id,
    parentId: root.id,
    name: 'Quizzes',
    aggregation: 'mean',
    dropLowest: 1,
    weight: 40,
    position: 1,
  });
  const exams = await buildGradeCategory(db, { courseId: course.id, parentId: root.id, name: 'Exams', aggregation: 'mean', weight: 60, position: 2 });
  const quiz = (n: number) => buildGradeItem(db, { courseId: course.id, categoryId: quizzes.id, name: `Quiz ${n}`, maxGrade: 10, position: n });
  const q1 = await quiz(1);
  const q2 = await quiz(2);
  const q3 = await quiz(3);
  const e1 = await buildGradeItem(db, { courseId: course.id, categoryId: exams.id, name: 'Periodical exam', maxGrade: 100, position: 1 });
  return { course, root, quizzes, exams, q1, q2, q3, e1 };
};

export const setPolicy = (db: Db, courseId: string, values: Partial<typeof gradebookSettings.$inferInsert>) =>
  db.update(gradebookSettings).set(values).where(eq(gradebookSettings.courseId, courseId));

/** Another teacher of the class. */
export const addTeacher = async (db: Db, schoolId: string, classId: string) => {
  const t = await buildUser(db, { roleId: ROLE.teacher, schoolId, firstName: 'Rosa', lastName: 'Reyes', username: uniq('rosa') });
  await db.insert(classTeachers).values({ classId, userId: t.id, position: 5 });
  return t;
};

const base = (courseId: string) => `/api/courses/${courseId}/gradebook`;

export const gridOf = async (agent: Agent, courseId: string): Promise<GradebookGrid> => {
  const res = await agent.req('GET', base(courseId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GradebookGrid>();
};

export const putGrade = (agent: Agent, courseId: string, itemId: string, studentId: string, body: Record<string, unknown>) =>
  agent.req('PUT', `${base(courseId)}/items/${itemId}/grades/${studentId}`, body);

export const enter = async (agent: Agent, courseId: string, itemId: string, studentId: string, body: Record<string, unknown>): Promise<GradeEntryResult> => {
  const res = await putGrade(agent, courseId, itemId, studentId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GradeEntryResult>();
};

export const reportOf = (agent: Agent, courseId: string, studentId: string) => agent.req('GET', `${base(courseId)}/students/${studentId}`);

export const readReport = async (agent: Agent, courseId: string, studentId: string): Promise<StudentGradeReport> => {
  const res = await reportOf(agent, courseId, studentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudentGradeReport>();
};

/** A student's row of the grid, by id. */
export const rowOf = (grid: GradebookGrid, studentId: string) => {
  const row = grid.students.find((s) => s.id === studentId);
  if (!row) throw new Error(`student ${studentId} not in the grid`);
  return row;
};
