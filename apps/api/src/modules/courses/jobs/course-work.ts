import { randomUUID } from 'node:crypto';
import type { Db } from '../../../platform/context.ts';
import { auditChange } from '../../../kernel/audit.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import type { CourseJobRecord } from './course-jobs.repo.ts';
import { copyAssessmentSetup } from './copy-assessments.ts';
import {
  assigneesOf,
  deleteCourse,
  elementsOfCourse,
  finishCopiedCourse,
  insertAssignees,
  insertElements,
  insertMaterials,
  insertUploads,
  lockCourseRow,
  materialsOfCourse,
  uploadKeysOf,
  usedUploadsOf,
  type CourseImage,
} from './course-work.repo.ts';
import { materialFileKeys } from '../../../kernel/file-refs.ts';

/**
 * The work of the course jobs, each inside the job's one transaction (the worker opens it, holds
 * the job row and marks the job done in it): a crash anywhere rolls everything back.
 */

/** A job that cannot succeed by trying again (its course or source is gone): it fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Test hooks: `duringCopy` runs inside the copy's transaction (`tx`) once the elements are written. */
export interface CourseJobHooks {
  duringCopy?: (tx: Db, job: CourseJobRecord) => Promise<void> | void;
}

const CHUNK = 500;

const insertInChunks = async <T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
};

export interface CopyOutcome {
  elements: number;
  materials: number;
  /** Quiz questions and question-bank questions copied. */
  questions: number;
  bank: number;
}

/** Moves a date by whole days (the job's `shiftDays`); null stays null. */
export const shiftDate =
  (days: number) =>
  (d: Date | null): Date | null =>
    d && days ? new Date(d.getTime() + days * 86_400_000) : d;

/**
 * Copies the source course's elements (positions and types) and its materials with every column (a
 * file by reference: the same storage key, with the upload record the edit form keeps it by),
 * their assessment setup (copy-assessments.ts: assignment settings and attachments, quiz
 * settings and questions, the question bank) and its image (copied to the new course's own key,
 * images being per course), then clears the new course's `job`. Students' progress and work are
 * never copied; from a catalogue course only its published elements and materials are. `written` collects stored keys, so the
 * worker can remove them if the transaction does not commit.
 *
 * Issue 13 (docs/decisions, course copy): the copy is unpublished through and through (course,
 * elements, materials) so the teacher reviews it before students see anything; an element for
 * chosen students or groups keeps that mode, with its choices when copied into the same class,
 * and with nobody chosen in another class (its students and groups are not there), so it stays
 * hidden until the teacher chooses again; every date moves by the job's `shiftDays`.
 */
export const copyCourseContent = async (
  tx: Db,
  storage: FileStorage,
  job: CourseJobRecord,
  written: string[],
  hooks: CourseJobHooks = {},
): Promise<CopyOutcome> => {
  if (!job.courseId) throw new PermanentJobError('the new course is gone');
  const target = await lockCourseRow(tx, job.courseId, 'update');
  if (target?.job !== 'copying') throw new PermanentJobError('the new course is gone or not copying');
  // FOR SHARE: the source's rows cannot be deleted until this copy commits (see file-refs.ts).
  const source = job.sourceCourseId ? await lockCourseRow(tx, job.sourceCourseId, 'share') : null;
  if (!source) throw new PermanentJobError('the source course is gone');
  const now = new Date();
  const stamp = { createdAt: now, updatedAt: now, createdBy: job.createdBy, updatedBy: job.createdBy };

  // A catalogue course gives its published content only: its drafts stay in the catalogue.
  const catalogue = source.classId === null;
  const allElements = await elementsOfCourse(tx, source.id);
  const elements = catalogue ? allElements.filter((e) => e.published) : allElements;
  const elementIds = new Map(elements.map((e) => [e.id, randomUUID()]));
  const newElementId = (id: string): string => {
    const mapped = elementIds.get(id);
    if (!mapped) throw new Error(`element ${id} not copied`);
    return mapped;
  };
  await insertInChunks(
    elements.map((e) => ({ ...e, ...stamp, id: newElementId(e.id), courseId: target.id, published: false })),
    (chunk) => insertElements(tx, chunk),
  );
  if (source.classId !== null && source.classId === target.classId && elements.length) {
    const chosen = await assigneesOf(tx, [...elementIds.keys()]);
    await insertInChunks(
      chosen.map((a) => ({ ...a, id: randomUUID(), elementId: newElementId(a.elementId) })),
      (chunk) => insertAssignees(tx, chunk),
    );
  }
  await hooks.duringCopy?.(tx, job);

  const allMaterials = await materialsOfCourse(tx, source.id);
  const materials = catalogue ? allMaterials.filter((m) => m.published && elementIds.has(m.elementId)) : allMaterials;
  const materialIds = new Map(materials.map((m) => [m.id, randomUUID()]));
  const shift = shiftDate(job.shiftDays);
  await insertInChunks(
    materials.map((m) => ({
      ...m,
      ...stamp,
      id: materialIds.get(m.id) ?? randomUUID(),
      courseId: target.id,
      elementId: newElementId(m.elementId),
      published: false,
      dueAt: shift(m.dueAt),
      availableFrom: shift(m.availableFrom),
    })),
    (chunk) => insertMaterials(tx, chunk),
  );
  const assessments = await copyAssessmentSetup(tx, { sourceCourseId: source.id, targetCourseId: target.id, materialIds, stamp, insert: insertInChunks, shift });
  const fileKeys = [...new Set(materials.flatMap((m) => (m.fileKey ? [m.fileKey] : [])))];
  if (fileKeys.length) {
    const uploads = await usedUploadsOf(tx, source.id, fileKeys);
    await insertInChunks(
      uploads.map((u) => ({ ...u, id: randomUUID(), courseId: target.id, createdBy: job.createdBy, createdAt: now })),
      (chunk) => insertUploads(tx, chunk),
    );
  }

  let image: CourseImage = {};
  const bytes = source.imageKey && source.imageMime ? await storage.get(source.imageKey) : null;
  if (bytes && source.imageMime) {
    const key = `courses/${target.id}/image-1`;
    await storage.put(key, bytes);
    written.push(key);
    image = { imageKey: key, imageMime: source.imageMime, imageVersion: 1 };
  }
  await finishCopiedCourse(tx, target.id, { ...image, updatedAt: now });
  const outcome = { elements: elements.length, materials: materials.length, ...assessments };
  await auditChange(tx, {
    schoolId: target.schoolId,
    actorId: job.createdBy,
    action: 'course.copied',
    targetType: 'course',
    targetId: target.id,
    before: null,
    after: { sourceCourseId: source.id, ...outcome, shiftDays: job.shiftDays },
  });
  return outcome;
};

/** What a deletion leaves to remove from storage once it committed. */
export interface DeletedFiles {
  materialKeys: string[];
  imageKey: string | null;
}

/**
 * Deletes the course (its elements, materials, progress, uploads, assessment setup and students'
 * work go with it) and answers the stored keys its rows held: the materials' files, assignment
 * attachments, work and feedback files, and uploads.
 */
export const deleteCourseRows = async (tx: Db, job: CourseJobRecord): Promise<DeletedFiles> => {
  const course = job.courseId ? await lockCourseRow(tx, job.courseId, 'update') : null;
  if (!course) return { materialKeys: [], imageKey: null };
  if (course.job !== 'deleting') throw new PermanentJobError('the course is not being deleted');
  const materialKeys = await materialFileKeys(tx, { courseId: course.id });
  // Uploads never used by a material have keys of their own.
  const uploadKeys = await uploadKeysOf(tx, course.id);
  await deleteCourse(tx, course.id);
  await auditChange(tx, {
    schoolId: course.schoolId,
    actorId: job.createdBy,
    action: 'course.deleted',
    targetType: 'course',
    targetId: course.id,
    before: { name: course.name, code: course.code, classId: course.classId },
    after: null,
  });
  return { materialKeys: [...materialKeys, ...uploadKeys.map((r) => r.key)], imageKey: course.imageKey };
};
