import { descriptorOf } from '@klase/core/deped/engine';
import type { GridDeped, GridDepedGrades } from '@klase/core/gradebook/views';
import type { Db } from '../../platform/context.ts';
import { loadDepedGrades, type DepedCourseGrades } from './deped-grades.service.ts';

/**
 * The grader grid's DepEd parts (docs/decisions/0059-deped-grader-grid.md): for a DepEd learning
 * area, every student's quarterly grades (initial, transmuted, descriptor) and final grade, from the
 * same `loadDepedGrades` as the student's report, the SF9 and the E-Class Record, so the teacher's
 * grid and the learner's report show one number. One call for all the grid's students.
 */

export type GridDepedData = { deped: GridDeped; byStudent: Map<string, GridDepedGrades> };

/** One student's grid DepEd grades (pure); undefined when the student is not in the grades. */
export const gridDepedGradesOf = (g: DepedCourseGrades, studentId: string): GridDepedGrades | undefined => {
  const s = g.students.get(studentId);
  if (!s) return undefined;
  return {
    quarters: s.results.map((r) => ({ quarter: r.quarter, initial: r.initial, quarterly: r.quarterly, descriptor: r.descriptor })),
    final: s.final,
    finalDescriptor: descriptorOf(s.final, g.descriptors),
  };
};

/** The grid's DepEd data of a course (`studentIds`: only those); null when the course is no DepEd learning area. */
export const loadGridDeped = async (db: Db, courseId: string, opts: { studentIds?: string[]; now?: number } = {}): Promise<GridDepedData | null> => {
  const g = await loadDepedGrades(db, courseId, opts);
  if (!g) return null;
  const byStudent = new Map<string, GridDepedGrades>();
  for (const id of g.students.keys()) {
    const grades = gridDepedGradesOf(g, id);
    if (grades) byStudent.set(id, grades);
  }
  return { deped: { quarters: g.quarters.map((q) => ({ quarter: q.quarter, periodId: q.periodId })) }, byStudent };
};
