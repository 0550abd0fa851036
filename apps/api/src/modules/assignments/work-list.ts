import { workState, type SubmissionRow, type SubmissionsAnswer, type WorkState } from '@klase/core/assignments/contracts';
import { fullName } from '@klase/core/admin/users';
import type { Db } from '../../platform/context.ts';
import { photoUrlOf } from '../../kernel/people.ts';
import { maxPointsOf, type GradedMaterial } from './assignment-access.ts';
import { assignedStudents, filesOf, submissionsOf, type StudentPerson, type SubmissionRecord } from './assignments.repo.ts';

/** Every student a graded material is assigned to, with the state of their work and the counts (staff). */

const TO_GRADE: readonly WorkState[] = ['submitted', 'late'];

/** Work handed in (not a draft, not a grade given without work). */
export const handedIn = (row: SubmissionRecord | null): boolean => Boolean(row?.submittedAt) && row?.status !== 'draft';

export interface WorkListEntry {
  student: StudentPerson;
  row: SubmissionRecord | null;
}

/** The assigned students and their rows, by sort name. */
export const workEntries = async (db: Db, g: GradedMaterial, only?: readonly string[]): Promise<WorkListEntry[]> => {
  const students = await assignedStudents(db, g.classAccess.cls.id, g.element, only);
  const rows = new Map(
    (
      await submissionsOf(
        db,
        g.material.id,
        students.map((s) => s.id),
      )
    ).map((r) => [r.studentId, r]),
  );
  return students.map((student) => ({ student, row: rows.get(student.id) ?? null }));
};

export const workList = async (db: Db, g: GradedMaterial, now = new Date()): Promise<SubmissionsAnswer> => {
  const entries = await workEntries(db, g);
  const files = await filesOf(
    db,
    entries.flatMap((e) => (e.row ? [e.row.id] : [])),
    'work',
  );
  const fileCount = new Map<string, number>();
  for (const f of files) fileCount.set(f.submissionId, (fileCount.get(f.submissionId) ?? 0) + 1);
  const dueAt = g.material.dueAt;
  const rows: SubmissionRow[] = entries.map(({ student, row }) => ({
    studentId: student.id,
    name: fullName(student),
    photoUrl: photoUrlOf(student),
    submissionId: row?.id ?? null,
    state: workState(row, dueAt, now),
    submittedAt: handedIn(row) ? (row?.submittedAt?.toISOString() ?? null) : null,
    late: handedIn(row) && (row?.late ?? false),
    fileCount: row ? (fileCount.get(row.id) ?? 0) : 0,
    grade: row?.grade ?? null,
    feedbackHtml: row?.feedbackHtml ?? null,
    returnedAt: row?.returnedAt?.toISOString() ?? null,
  }));
  const counted = (test: (r: SubmissionRow) => boolean) => rows.filter(test).length;
  return {
    materialId: g.material.id,
    maxPoints: maxPointsOf(g),
    dueAt: dueAt?.toISOString() ?? null,
    counts: {
      total: rows.length,
      submitted: counted((r) => r.submittedAt !== null),
      late: counted((r) => r.late),
      missing: counted((r) => r.state === 'missing'),
      toGrade: counted((r) => TO_GRADE.includes(r.state)),
      returned: counted((r) => r.state === 'returned'),
    },
    rows,
  };
};
