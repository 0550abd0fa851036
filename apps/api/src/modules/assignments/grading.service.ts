import { MAX_FILES_LIMIT, type FileInfo, type gradeRequest, type SubmissionDetails, type SubmissionsAnswer } from '@klase/core/assignments/contracts';
import type { AuditAction } from '@klase/core/admin/audit';
import { fullName } from '@klase/core/admin/users';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import type { z } from 'zod';
import { auditChange, changes } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';
import { assignedStudent, checkGrade, maxPointsOf, openGraded, ownStudentId, requireGrader, requireStaff, type GradedMaterial } from './assignment-access.ts';
import {
  countFiles,
  deleteFile,
  findFile,
  findSubmission,
  findUserName,
  insertFile,
  lockOrCreateSubmission,
  updateSubmission,
  type SubmissionFileRecord,
  type SubmissionRecord,
} from './assignments.repo.ts';
import { materialRubric, scoreRubric, storeSelections, type MaterialRubric } from './rubric-grading.ts';
import { effectiveSettings, settingsAnswer } from './settings.service.ts';
import { fileKey, keepOrRemove, removeStored, storeFile, submissionFileUrl, toFileInfo } from './stored-files.service.ts';
import { hasContent, workAnswer } from './work-answer.ts';
import { workList } from './work-list.ts';
import { noticeReturnedWork } from './grade-notices.ts';

/** Staff's side of an assignment: every student's work, one student's work, grades, feedback and its files. */

type GradeValues = z.output<typeof gradeRequest>;

export const listSubmissions = async (ctx: Ctx, user: UserRow, materialId: string): Promise<SubmissionsAnswer> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireStaff(g);
  return workList(ctx.db, g);
};

const graderName = async (db: Db, id: string | null): Promise<string | null> => {
  if (!id) return null;
  const u = await findUserName(db, id);
  return u ? fullName(u) : null;
};

const detailsOf = async (db: Db, g: GradedMaterial, studentId: string, known?: SubmissionRecord | null): Promise<SubmissionDetails> => {
  const student = await assignedStudent(db, g, studentId);
  const row = known === undefined ? await findSubmission(db, g.material.id, studentId) : known;
  const effective = await effectiveSettings(db, g.material.id);
  const settings = await settingsAnswer(db, g, effective);
  const work = await workAnswer(db, { settings, effective, dueAt: g.material.dueAt, row, now: new Date() }, { staff: true, mayAct: false });
  return {
    ...work,
    studentId,
    studentName: fullName(student),
    submissionId: row?.id ?? null,
    gradedAt: row?.gradedAt?.toISOString() ?? null,
    gradedBy: await graderName(db, row?.gradedBy ?? null),
  };
};

export const submissionDetails = async (ctx: Ctx, user: UserRow, materialId: string, studentId: string): Promise<SubmissionDetails> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireStaff(g);
  return detailsOf(ctx.db, g, studentId);
};

const auditSubmission = (
  tx: Db,
  g: GradedMaterial,
  actor: UserRow,
  action: AuditAction,
  row: SubmissionRecord,
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
) =>
  auditChange(tx, {
    schoolId: g.access.course.schoolId,
    actorId: actor.id,
    action,
    targetType: 'submission',
    targetId: row.id,
    ...diff,
    extra: { materialId: g.material.id, studentId: row.studentId, courseId: g.access.course.id, classId: g.classAccess.cls.id },
  });

export interface GradeChange {
  grade: number | null;
  /** Sanitized; null for none; undefined keeps the saved feedback. */
  feedbackHtml: string | null | undefined;
  /** true: hand back (keeps the first return time); false: take back (activities whose grade is cleared); null: as it is. */
  returned: boolean | null;
}

const GRADE_AUDITED = ['grade', 'feedbackHtml', 'returnedAt'] as const;

/**
 * Writes a student's grade in the caller's transaction (the row is locked, so the last write
 * wins whole) and audits the change with the old and the new grade.
 */
export const applyGrade = async (
  tx: Db,
  g: GradedMaterial,
  actor: UserRow,
  studentId: string,
  c: GradeChange,
  now: Date,
  /** Given: the student (and parents) are notified when the work comes back to them. */
  notices?: Pick<Ctx, 'mailer' | 'config'>,
): Promise<SubmissionRecord> => {
  const row = await lockOrCreateSubmission(tx, g.material.id, studentId, actor.id);
  const returnedAt = c.returned === null ? row.returnedAt : c.returned ? (row.returnedAt ?? now) : null;
  const status = c.returned === null ? row.status : c.returned ? 'returned' : 'draft';
  // Read on the locked row, so a kept feedback is the one saved last.
  const feedbackHtml = c.feedbackHtml === undefined ? row.feedbackHtml : c.feedbackHtml;
  const graded = c.grade !== null || feedbackHtml !== null;
  const next = await updateSubmission(tx, row.id, {
    grade: c.grade,
    feedbackHtml,
    gradedBy: graded ? actor.id : null,
    gradedAt: graded ? now : null,
    returnedAt,
    status,
    updatedBy: actor.id,
  });
  const diff = changes(row, next, GRADE_AUDITED);
  if (Object.keys(diff.after).length > 0) {
    await auditSubmission(tx, g, actor, 'submission.graded', next, {
      before: { ...diff.before, grade: row.grade },
      after: { ...diff.after, grade: next.grade },
    });
  }
  if (notices) await noticeReturnedWork(tx, notices, g, actor.id, row, next);
  return next;
};

/** Sanitized feedback, or null when it says nothing. */
export const cleanFeedback = (html: string): string | null => {
  const clean = sanitizeRichText(html);
  return hasContent(clean) ? clean : null;
};

/**
 * The grade to write: the rubric's sum when the item has a rubric (with the choices to keep; a
 * grade cleared forgets them), else the points given (0..maxPoints: GRADE_OVER_MAX).
 */
const gradeToWrite = (
  g: GradedMaterial,
  rubric: MaterialRubric | null,
  v: GradeValues,
): { grade: number | null; selections: Record<string, string> | null } => {
  if (!rubric) {
    if (v.rubric !== undefined) throw new DomainError('VALIDATION', { fields: [{ path: 'rubric', key: 'invalidChoice' }] });
    checkGrade(v.grade, maxPointsOf(g));
    return { grade: v.grade, selections: null };
  }
  if (v.rubric === undefined) {
    if (v.grade !== null) throw new DomainError('VALIDATION', { fields: [{ path: 'rubric', key: 'required' }] });
    return { grade: null, selections: null };
  }
  return { grade: scoreRubric(rubric, v.rubric), selections: v.rubric };
};

/** Grades one student's work with feedback (points, or the levels of the item's rubric); `returnToStudent` hands it back. */
export const gradeSubmission = async (ctx: Ctx, user: UserRow, materialId: string, studentId: string, v: GradeValues): Promise<SubmissionDetails> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireGrader(g);
  await assignedStudent(ctx.db, g, studentId);
  const row = await ctx.db.transaction(async (tx) => {
    // Read in the transaction: a rubric set or changed meanwhile is the one the choices are checked against.
    const rubric = await materialRubric(tx, materialId);
    const { grade, selections } = gradeToWrite(g, rubric, v);
    const change: GradeChange = { grade, feedbackHtml: cleanFeedback(v.feedbackHtml), returned: v.returnToStudent ? true : null };
    const next = await applyGrade(tx, g, user, studentId, change, new Date(), ctx);
    if (rubric) await storeSelections(tx, next.id, rubric.rubricId, selections, user.id);
    return next;
  });
  return detailsOf(ctx.db, g, studentId, row);
};

const FILE_AUDITED = (f: SubmissionFileRecord) => ({ id: f.id, fileName: f.fileName, size: f.size, mime: f.mime });

/** Streams one feedback file (900 MB at most, 20 per student, programs refused). */
export const addFeedbackFile = async (
  ctx: Ctx,
  user: UserRow,
  materialId: string,
  studentId: string,
  readFile: (maxBytes: number) => Promise<IncomingFile>,
): Promise<FileInfo> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireGrader(g);
  await assignedStudent(ctx.db, g, studentId);
  const tooMany = () => new DomainError('TOO_MANY_FILES', { params: { max: MAX_FILES_LIMIT } });
  const existing = await findSubmission(ctx.db, materialId, studentId);
  if (existing && (await countFiles(ctx.db, existing.id, 'feedback')) >= MAX_FILES_LIMIT) throw tooMany();
  const key = fileKey(g.access.course.id, materialId, 'feedback');
  const stored = await storeFile(ctx.storage, key, await readFile(FILE_MAX_BYTES), FILE_MAX_BYTES, () => new DomainError('UPLOAD_TOO_LARGE'));
  const file = await keepOrRemove(ctx.storage, key, () =>
    ctx.db.transaction(async (tx) => {
      const row = await lockOrCreateSubmission(tx, materialId, studentId, user.id);
      if ((await countFiles(tx, row.id, 'feedback')) >= MAX_FILES_LIMIT) throw tooMany();
      const made = await insertFile(tx, { submissionId: row.id, kind: 'feedback', ...stored, createdBy: user.id });
      await auditSubmission(tx, g, user, 'submission.feedback-file-added', row, { before: null, after: FILE_AUDITED(made) });
      return made;
    }),
  );
  return toFileInfo(file, submissionFileUrl(materialId, file.id));
};

export const removeFeedbackFile = async (ctx: Ctx, user: UserRow, materialId: string, studentId: string, fileId: string): Promise<void> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireGrader(g);
  const key = await ctx.db.transaction(async (tx) => {
    const found = await findFile(tx, materialId, fileId);
    if (!found || found.studentId !== studentId || found.file.kind !== 'feedback') throw new DomainError('NOT_FOUND');
    await deleteFile(tx, found.submission.id, fileId);
    await auditSubmission(tx, g, user, 'submission.feedback-file-removed', found.submission, { before: FILE_AUDITED(found.file), after: null });
    return found.file.storageKey;
  });
  await removeStored(ctx.storage, [key]);
};

/**
 * A work or feedback file: staff always; the student whose work it is and their parents (feedback
 * files once the work is returned). Anyone else 404.
 */
export const submissionFile = async (ctx: Ctx, user: UserRow, materialId: string, fileId: string): Promise<SubmissionFileRecord> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  const found = await findFile(ctx.db, materialId, fileId);
  if (!found) throw new DomainError('NOT_FOUND');
  if (g.access.staff) return found.file;
  const own = await ownStudentId(ctx.db, g, user, found.studentId);
  if (own !== found.studentId) throw new DomainError('NOT_FOUND');
  if (found.file.kind === 'feedback' && found.submission.status !== 'returned') throw new DomainError('NOT_FOUND');
  return found.file;
};
