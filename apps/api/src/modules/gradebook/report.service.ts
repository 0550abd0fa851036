import { DomainError } from '@klase/core/errors';
import type { StudentGradeReport } from '@klase/core/gradebook/index';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadGradebookAccess, reportStudentId } from './gradebook-access.ts';
import { returnedFeedback } from './gradebook.repo.ts';
import { loadCourseGrades, storedLocked } from './recompute.ts';
import { buildReportLines } from './report-lines.ts';
import { ensureGradebook } from './setup-loader.ts';
import { computeStudentTotals, createTotalsEngine } from './totals.ts';
import { loadDepedReport } from '../grading-policy/deped-report.service.ts';

/**
 * `GET /gradebook/students/:studentId`: one student's report (staff of the class; the student
 * themself; a parent of the enrolled child — anyone else 404). Computed for this student with the
 * same engine and data the stored totals come from, with explanations; what students and parents
 * see is cut down in report-lines.ts.
 */

export const readStudentReport = async (ctx: Ctx, user: UserRow, courseId: string, studentId: string, now = Date.now()): Promise<StudentGradeReport> => {
  const { db } = ctx;
  const g = await loadGradebookAccess(db, user, courseId);
  const sid = await reportStudentId(db, g, user, studentId);
  await ensureGradebook(db, courseId);
  const keys = { courseId, classId: g.classId, schoolId: g.schoolId };
  const data = await loadCourseGrades(db, keys, now, sid);
  const student = data.students[0];
  const cells = data.cells.get(sid);
  if (!student || !cells) throw new DomainError('NOT_FOUND');
  const s = data.rows.settings;
  const report: StudentGradeReport = {
    courseId,
    student: { id: student.id, name: student.name },
    released: true,
    lines: [],
    names: {},
    settings: { gradeDisplayType: s.gradeDisplayType, decimals: s.decimals, hiddenPolicy: s.hiddenPolicy, letters: s.letters, finalMode: s.finalMode },
    periods: data.rows.periods,
    computedAt: new Date(now).toISOString(),
  };
  if (!g.staff && s.status === 'hidden') return { ...report, released: false };
  const te = createTotalsEngine(data.rows, now, true);
  const [stored, feedback, deped] = await Promise.all([
    storedLocked(db, courseId, te, sid),
    returnedFeedback(db, courseId, sid),
    loadDepedReport(db, courseId, sid, now),
  ]);
  const result = computeStudentTotals(te, cells.engine, stored.get(sid));
  const { lines, names } = buildReportLines({ rows: data.rows, cells, result, viewer: g.staff ? 'staff' : 'student', now, feedback });
  return deped ? { ...report, lines, names, deped } : { ...report, lines, names };
};
