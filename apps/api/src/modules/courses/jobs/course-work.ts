import { randomUUID } from 'node:crypto';
import type { Db } from '../../../platform/context.ts';
import { auditChange } from '../../../kernel/audit.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import type { CourseJobRecord } from './course-jobs.repo.ts';
import { copyAssessmentSetup, type CopyStamp } from './copy-assessments.ts';
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

type CourseRow = NonNullable<Awaited<ReturnType<typeof lockCourseRow>>>;

/** One copy under way: its transaction and job, the two courses locked, and the stamp of every row written. */
interface CopyRun {
  tx: Db;
  job: CourseJobRecord;
  source: CourseRow;
  target: CourseRow;
  now: Date;
  stamp: CopyStamp;
  /** A catalogue course gives its published content only: its drafts stay in the catalogue. */
  catalogue: boolean;
}

/** Locks the new course (it must still be copying) and, FOR SHARE, the source (see file-refs.ts). */
const startCopy = async (tx: Db, job: CourseJobRecord): Promise<CopyRun> => {
  if (!job.courseId) throw new PermanentJobError('the new course is gone');
  const target = await lockCourseRow(tx, job.courseId, 'update');
  if (target?.job !== 'copying') throw new PermanentJobError('the new course is gone or not copying');
  // FOR SHARE: the source's rows cannot be deleted until this copy commits (see file-refs.ts).
  const source = job.sourceCourseId ? await lockCourseRow(tx, job.sourceCourseId, 'share') : null;
  if (!source) throw new PermanentJobError('the source course is gone');
  const now = new Date();
  const stamp = { createdAt: now, updatedAt: now, createdBy: job.createdBy, updatedBy: job.createdBy };
  return { tx, job, source, target, now, stamp, catalogue: source.classId === null };
};

/** Copied elements: source id → the copy's id, and the lookup that refuses an element not copied. */
interface ElementMap {
  count: number;
  ids: Map<string, string>;
  newId: (id: string) => string;
}

/** The elements, unpublished, and their chosen students and groups when copied into the same class. */
const copyElements = async (run: CopyRun): Promise<ElementMap> => {
  const { tx, source, target, stamp } = run;
  const allElements = await elementsOfCourse(tx, source.id);
  const elements = run.catalogue ? allElements.filter((e) => e.published) : allElements;
  const ids = new Map(elements.map((e) => [e.id, randomUUID()]));
  const newId = (id: string): string => {
    const mapped = ids.get(id);
    if (!mapped) throw new Error(`element ${id} not copied`);
    return mapped;
  };
  await insertInChunks(
    elements.map((e) => ({ ...e, ...stamp, id: newId(e.id), courseId: target.id, published: false })),
    (chunk) => insertElements(tx, chunk),
  );
  if (source.classId !== null && source.classId === target.classId && elements.length) {
    const chosen = await assigneesOf(tx, [...ids.keys()]);
    await insertInChunks(
      chosen.map((a) => ({ ...a, id: randomUUID(), elementId: newId(a.elementId) })),
      (chunk) => insertAssignees(tx, chunk),
    );
  }
  return { count: elements.length, ids, newId };
};

/** The materials, unpublished and with their dates moved, and the upload records their files are kept by. */
const copyMaterials = async (run: CopyRun, elements: ElementMap, shift: (d: Date | null) => Date | null) => {
  const { tx, source, target, stamp, job, now } = run;
  const allMaterials = await materialsOfCourse(tx, source.id);
  const materials = run.catalogue ? allMaterials.filter((m) => m.published && elements.ids.has(m.elementId)) : allMaterials;
  const materialIds = new Map(materials.map((m) => [m.id, randomUUID()]));
  await insertInChunks(
    materials.map((m) => ({
      ...m,
      ...stamp,
      id: materialIds.get(m.id) ?? randomUUID(),
      courseId: target.id,
      elementId: elements.newId(m.elementId),
      published: false,
      dueAt: shift(m.dueAt),
      availableFrom: shift(m.availableFrom),
    })),
    (chunk) => insertMaterials(tx, chunk),
  );
  const assessments = await copyAssessmentSetup(tx, {
    sourceCourseId: source.id,
    targetCourseId: target.id,
    materialIds,
    stamp,
    insert: insertInChunks,
    shift,
  });
  const fileKeys = [...new Set(materials.flatMap((m) => (m.fileKey ? [m.fileKey] : [])))];
  if (fileKeys.length) {
    const uploads = await usedUploadsOf(tx, source.id, fileKeys);
    await insertInChunks(
      uploads.map((u) => ({ ...u, id: randomUUID(), courseId: target.id, createdBy: job.createdBy, createdAt: now })),
      (chunk) => insertUploads(tx, chunk),
    );
  }
  return { count: materials.length, assessments };
};

/** The source's image, stored again under the new course's own key (noted in `written`). */
const copyImage = async (run: CopyRun, storage: FileStorage, written: string[]): Promise<CourseImage> => {
  const { source, target } = run;
  const bytes = source.imageKey && source.imageMime ? await storage.get(source.imageKey) : null;
  if (!bytes || !source.imageMime) return {};
  const key = `courses/${target.id}/image-1`;
  await storage.put(key, bytes);
  written.push(key);
  return { imageKey: key, imageMime: source.imageMime, imageVersion: 1 };
};

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
  const run = await startCopy(tx, job);
  const { source, target, now } = run;
  const elements = await copyElements(run);
  await hooks.duringCopy?.(tx, job);
  const materials = await copyMaterials(run, elements, shiftDate(job.shiftDays));
  const image = await copyImage(run, storage, written);
  await finishCopiedCourse(tx, target.id, { ...image, updatedAt: now });
  const outcome = { elements: elements.count, materials: materials.count, ...materials.assessments };
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
