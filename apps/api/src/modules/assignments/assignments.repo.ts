import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import { upsertVersioned } from '../../db/versioned.ts';
import type { Db } from '../../db/client.ts';
import { assignmentSettings, materialAttachments, submissionFiles, submissions } from '../../db/schema/assessments.ts';
import { classStudents } from '../../db/schema/classes.ts';
import { materialProgress } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { personColumns, type PersonFields } from '../../kernel/people.ts';
import { elementListsStudent } from '../../kernel/assignment-sql.ts';

/** Assignment settings, attachments, submissions and their files (every query bound to a material id). */

export type SettingsRecord = typeof assignmentSettings.$inferSelect;
export type AttachmentRecord = typeof materialAttachments.$inferSelect;
export type SubmissionRecord = typeof submissions.$inferSelect;
export type SubmissionFileRecord = typeof submissionFiles.$inferSelect;
export type FileKind = SubmissionFileRecord['kind'];
export type StudentPerson = PersonFields;

export const findSettings = async (db: Db, materialId: string): Promise<SettingsRecord | null> => {
  const [row] = await db.select().from(assignmentSettings).where(eq(assignmentSettings.materialId, materialId)).limit(1);
  return row ?? null;
};

/** Saves the settings form at the version it was loaded from unless overwriting (EDIT_CONFLICT otherwise). */
export const saveSettings = async (db: Db, values: typeof assignmentSettings.$inferInsert, expect: EditVersion, userId: string): Promise<SettingsRecord> => {
  const { materialId, createdBy: _by, ...changed } = values;
  const key = { target: assignmentSettings.materialId, where: eq(assignmentSettings.materialId, materialId) };
  return upsertVersioned(db, assignmentSettings, key, expect, userId, { insert: values, update: changed });
};

/** The name parts of a user (e.g. who graded a submission). */
export const findUserName = async (db: Db, id: string): Promise<Pick<typeof users.$inferSelect, 'firstName' | 'middleName' | 'lastName' | 'suffix'> | null> => {
  const [u] = await db
    .select({ firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u ?? null;
};

// ---------------------------------------------------------------------------------------------
// The teacher's attachments

export const attachmentsOf = (db: Db, materialId: string): Promise<AttachmentRecord[]> =>
  db
    .select()
    .from(materialAttachments)
    .where(eq(materialAttachments.materialId, materialId))
    .orderBy(asc(materialAttachments.position), asc(materialAttachments.createdAt));

export const findAttachment = async (db: Db, materialId: string, fileId: string): Promise<AttachmentRecord | null> => {
  const [row] = await db
    .select()
    .from(materialAttachments)
    .where(and(eq(materialAttachments.materialId, materialId), eq(materialAttachments.id, fileId)))
    .limit(1);
  return row ?? null;
};

export const insertAttachment = async (db: Db, values: typeof materialAttachments.$inferInsert): Promise<AttachmentRecord> => {
  const [next] = await db
    .select({ n: sql<number>`coalesce(max(${materialAttachments.position}) + 1, 0)::int` })
    .from(materialAttachments)
    .where(eq(materialAttachments.materialId, values.materialId));
  const [row] = await db
    .insert(materialAttachments)
    .values({ ...values, position: Number(next?.n ?? 0) })
    .returning();
  if (!row) throw new Error('attachment insert');
  return row;
};

export const deleteAttachment = async (db: Db, materialId: string, fileId: string): Promise<void> => {
  await db.delete(materialAttachments).where(and(eq(materialAttachments.materialId, materialId), eq(materialAttachments.id, fileId)));
};

// ---------------------------------------------------------------------------------------------
// Submissions

export const findSubmission = async (db: Db, materialId: string, studentId: string): Promise<SubmissionRecord | null> => {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.materialId, materialId), eq(submissions.studentId, studentId)))
    .limit(1);
  return row ?? null;
};

/** The student's row locked for the rest of the transaction (FOR UPDATE); null when there is none. */
export const lockSubmission = async (tx: Db, materialId: string, studentId: string): Promise<SubmissionRecord | null> => {
  const [row] = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.materialId, materialId), eq(submissions.studentId, studentId)))
    .for('update')
    .limit(1);
  return row ?? null;
};

/** The student's row, made when missing (two callers at once make one row), locked for the transaction. */
export const lockOrCreateSubmission = async (tx: Db, materialId: string, studentId: string, actorId: string): Promise<SubmissionRecord> => {
  await tx.insert(submissions).values({ materialId, studentId, createdBy: actorId, updatedBy: actorId }).onConflictDoNothing();
  const row = await lockSubmission(tx, materialId, studentId);
  if (!row) throw new Error('submission row');
  return row;
};

export const updateSubmission = async (db: Db, id: string, values: Partial<typeof submissions.$inferInsert>): Promise<SubmissionRecord> => {
  const [row] = await db
    .update(submissions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(submissions.id, id))
    .returning();
  if (!row) throw new Error('submission update');
  return row;
};

/** The rows of these students on the material. */
export const submissionsOf = (db: Db, materialId: string, studentIds: readonly string[]): Promise<SubmissionRecord[]> =>
  studentIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(submissions)
        .where(and(eq(submissions.materialId, materialId), inArray(submissions.studentId, [...studentIds])));

// ---------------------------------------------------------------------------------------------
// Work and feedback files

export const filesOf = (db: Db, submissionIds: readonly string[], kind?: FileKind): Promise<SubmissionFileRecord[]> =>
  submissionIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(submissionFiles)
        .where(and(inArray(submissionFiles.submissionId, [...submissionIds]), kind ? eq(submissionFiles.kind, kind) : undefined))
        .orderBy(asc(submissionFiles.createdAt), asc(submissionFiles.id));

export const countFiles = async (db: Db, submissionId: string, kind: FileKind): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.submissionId, submissionId), eq(submissionFiles.kind, kind)));
  return Number(row?.n ?? 0);
};

export const insertFile = async (db: Db, values: typeof submissionFiles.$inferInsert): Promise<SubmissionFileRecord> => {
  const [row] = await db.insert(submissionFiles).values(values).returning();
  if (!row) throw new Error('submission file insert');
  return row;
};

/** A file of the material's submissions, with the student it belongs to. */
export const findFile = async (
  db: Db,
  materialId: string,
  fileId: string,
): Promise<{ file: SubmissionFileRecord; studentId: string; submission: SubmissionRecord } | null> => {
  const [row] = await db
    .select({ file: submissionFiles, submission: submissions })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(and(eq(submissionFiles.id, fileId), eq(submissions.materialId, materialId)))
    .limit(1);
  return row ? { ...row, studentId: row.submission.studentId } : null;
};

export const deleteFile = async (db: Db, submissionId: string, fileId: string): Promise<void> => {
  await db.delete(submissionFiles).where(and(eq(submissionFiles.submissionId, submissionId), eq(submissionFiles.id, fileId)));
};

// ---------------------------------------------------------------------------------------------
// Who the material is for

/**
 * Students of the class the element is assigned to (everyone, or chosen students, or members of
 * chosen groups), by sort name. `only` narrows to some students.
 */
export const assignedStudents = async (
  db: Db,
  classId: string,
  element: { id: string; assignMode: 'everyone' | 'students' | 'groups' },
  only?: readonly string[],
): Promise<StudentPerson[]> => {
  const chosen: SQL | undefined = element.assignMode === 'everyone' ? undefined : elementListsStudent(element.id, classStudents.studentId);
  if (only && only.length === 0) return [];
  return db
    .select(personColumns)
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), chosen, only ? inArray(classStudents.studentId, [...only]) : undefined))
    .orderBy(asc(personColumns.sortName), asc(users.id));
};

// ---------------------------------------------------------------------------------------------
// Completion in the journey

/**
 * Completes the material for the student at `at` (the first completion is kept) and counts a
 * submission when `submitted`; in the caller's transaction.
 */
export const completeMaterial = async (tx: Db, materialId: string, studentId: string, at: Date, submitted: boolean): Promise<void> => {
  const add = submitted ? 1 : 0;
  await tx
    .insert(materialProgress)
    .values({ materialId, studentId, firstAccessAt: at, lastAccessAt: at, completedAt: at, submissions: add })
    .onConflictDoUpdate({
      target: [materialProgress.materialId, materialProgress.studentId],
      set: {
        completedAt: sql`coalesce(${materialProgress.completedAt}, excluded.completed_at)`,
        submissions: sql`${materialProgress.submissions} + ${add}`,
      },
    });
};

/** Takes the completion back (an activity's grade was cleared). */
export const uncompleteMaterial = async (tx: Db, materialId: string, studentId: string): Promise<void> => {
  await tx
    .update(materialProgress)
    .set({ completedAt: null })
    .where(and(eq(materialProgress.materialId, materialId), eq(materialProgress.studentId, studentId)));
};
