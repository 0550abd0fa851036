import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { assignmentSettings, materialAttachments, questionBank, quizQuestions, quizSettings } from '../../../db/schema/assessments.ts';
import { courseElementAssignees, courseElements, courseMaterials, courses, courseUploads } from '../../../db/schema/courses.ts';

/**
 * The rows a course job reads and writes, inside the job's transaction (course-work.ts and
 * copy-assessments.ts): the source's rows are read FOR SHARE so they cannot be deleted until the
 * copy commits (see file-refs.ts).
 */

type CourseRow = typeof courses.$inferSelect;

export const lockCourseRow = async (tx: Db, id: string, mode: 'update' | 'share'): Promise<CourseRow | null> => {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for(mode).limit(1);
  return row ?? null;
};

export type CourseImage = Partial<Pick<typeof courses.$inferInsert, 'imageKey' | 'imageMime' | 'imageVersion'>>;

/** The new course is filled in: its image (if any) and no job any more. */
export const finishCopiedCourse = async (tx: Db, id: string, values: CourseImage & { updatedAt: Date }): Promise<void> => {
  await tx
    .update(courses)
    .set({ ...values, job: null })
    .where(eq(courses.id, id));
};

/** The course of a failed job leaves `job` (only while it is still in `from`); answers the course, or null. */
export const leaveFailedJob = async (tx: Db, id: string, from: 'copying' | 'deleting', to: 'copyFailed' | null): Promise<CourseRow | null> => {
  const [course] = await tx
    .update(courses)
    .set({ job: to })
    .where(and(eq(courses.id, id), eq(courses.job, from)))
    .returning();
  return course ?? null;
};

export const deleteCourse = async (tx: Db, id: string): Promise<void> => {
  await tx.delete(courses).where(eq(courses.id, id));
};

// Elements, their chosen students or groups, materials and uploads ----------------------------

export const elementsOfCourse = (tx: Db, courseId: string) =>
  tx.select().from(courseElements).where(eq(courseElements.courseId, courseId)).orderBy(asc(courseElements.position)).for('share');

export const insertElements = (tx: Db, rows: (typeof courseElements.$inferInsert)[]) => tx.insert(courseElements).values(rows);

export const assigneesOf = (tx: Db, elementIds: string[]) =>
  tx.select().from(courseElementAssignees).where(inArray(courseElementAssignees.elementId, elementIds));

export const insertAssignees = (tx: Db, rows: (typeof courseElementAssignees.$inferInsert)[]) => tx.insert(courseElementAssignees).values(rows);

export const materialsOfCourse = (tx: Db, courseId: string) => tx.select().from(courseMaterials).where(eq(courseMaterials.courseId, courseId)).for('share');

export const insertMaterials = (tx: Db, rows: (typeof courseMaterials.$inferInsert)[]) => tx.insert(courseMaterials).values(rows);

/** The course's uploads that materials use, for these storage keys. */
export const usedUploadsOf = (tx: Db, courseId: string, storageKeys: string[]) =>
  tx
    .select()
    .from(courseUploads)
    .where(and(eq(courseUploads.courseId, courseId), isNotNull(courseUploads.usedAt), inArray(courseUploads.storageKey, storageKeys)));

export const insertUploads = (tx: Db, rows: (typeof courseUploads.$inferInsert)[]) => tx.insert(courseUploads).values(rows);

export const uploadKeysOf = (tx: Db, courseId: string) =>
  tx.select({ key: courseUploads.storageKey }).from(courseUploads).where(eq(courseUploads.courseId, courseId));

// The assessment setup of the source course's materials (copy-assessments.ts) -------------------

/** Every material of the course, as a subquery. */
const materialIdsOf = (tx: Db, courseId: string) => tx.select({ id: courseMaterials.id }).from(courseMaterials).where(eq(courseMaterials.courseId, courseId));

export const assignmentSettingsOfCourse = (tx: Db, courseId: string) =>
  tx
    .select()
    .from(assignmentSettings)
    .where(inArray(assignmentSettings.materialId, materialIdsOf(tx, courseId)));

export const insertAssignmentSettings = (tx: Db, rows: (typeof assignmentSettings.$inferInsert)[]) => tx.insert(assignmentSettings).values(rows);

/** FOR SHARE: an attachment cannot be removed (and its file deleted) until the copy commits. */
export const attachmentsOfCourse = (tx: Db, courseId: string) =>
  tx
    .select()
    .from(materialAttachments)
    .where(inArray(materialAttachments.materialId, materialIdsOf(tx, courseId)))
    .for('share');

export const insertAttachments = (tx: Db, rows: (typeof materialAttachments.$inferInsert)[]) => tx.insert(materialAttachments).values(rows);

export const quizSettingsOfCourse = (tx: Db, courseId: string) =>
  tx
    .select()
    .from(quizSettings)
    .where(inArray(quizSettings.materialId, materialIdsOf(tx, courseId)));

export const insertQuizSettings = (tx: Db, rows: (typeof quizSettings.$inferInsert)[]) => tx.insert(quizSettings).values(rows);

export const quizQuestionsOfCourse = (tx: Db, courseId: string) =>
  tx
    .select()
    .from(quizQuestions)
    .where(inArray(quizQuestions.materialId, materialIdsOf(tx, courseId)));

export const insertQuizQuestions = (tx: Db, rows: (typeof quizQuestions.$inferInsert)[]) => tx.insert(quizQuestions).values(rows);

export const questionBankOf = (tx: Db, courseId: string) => tx.select().from(questionBank).where(eq(questionBank.courseId, courseId));

export const insertBankQuestions = (tx: Db, rows: (typeof questionBank.$inferInsert)[]) => tx.insert(questionBank).values(rows);
