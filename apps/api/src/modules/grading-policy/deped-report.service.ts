import type { DepedCourseReport } from '@klase/core/deped/contracts';
import { descriptorOf, remarksOf } from '@klase/core/deped/engine';
import type { Db } from '../../platform/context.ts';
import { loadDepedGrades, type DepedCourseGrades } from './deped-grades.service.ts';

/**
 * A learner's DepEd block of a course (the grade report, the dashboard): the four quarters with every
 * step of the computation (raw totals, highest possible, PS, WS, initial grade, the table row), the
 * final grade and remarks once all four quarters have grades, and the headline: the quarterly grade
 * of the latest quarter that has one, with its descriptor. The headline is the one grade a student or
 * parent sees for a DepEd learning area; the gradebook's own totals are not shown as grades.
 */
export const depedReportOf = (g: DepedCourseGrades, studentId: string): DepedCourseReport | null => {
  const s = g.students.get(studentId);
  if (!s) return null;
  const latest = [...s.results].reverse().find((r) => r.quarterly !== null);
  return {
    subjectGroup: g.subjectGroup,
    mapehPart: g.mapehPart,
    quarters: s.results,
    final: s.final,
    finalDescriptor: descriptorOf(s.final, g.descriptors),
    headline: latest?.quarterly != null && latest.descriptor ? { quarter: latest.quarter, grade: latest.quarterly, descriptor: latest.descriptor } : null,
    remarks: remarksOf(s.final),
  };
};

/** One learner's DepEd block of a course; null when the course is no DepEd learning area. */
export const loadDepedReport = async (db: Db, courseId: string, studentId: string, now = Date.now()): Promise<DepedCourseReport | null> => {
  const g = await loadDepedGrades(db, courseId, { studentIds: [studentId], now });
  return g ? depedReportOf(g, studentId) : null;
};
