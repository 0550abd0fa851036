import type { Locale } from '@klase/core/constants';
import type { materialOrderRequest } from '@klase/core/courses/contracts';
import type { MaterialDetails, materialForm } from '@klase/core/materials/contracts';
import { DomainError } from '@klase/core/errors';
import type { EditVersion } from '@klase/core/edit-version';
import type { MaterialGradesChoice, MaterialGradesSummary } from '@klase/core/gradebook/contracts';
import type { z } from 'zod';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { publishStatus } from '../../kernel/course-sql.ts';
import { materialFileKeys, removeUnreferencedFiles } from '../../kernel/file-refs.ts';
import { loadCourseAccess, requireManage, type CourseAccess } from '../courses/course-access.ts';
import { findElement } from '../courses/elements.service.ts';
import { lockQuiz, restoreQuizGrades } from '../quizzes/quizzes.service.ts';
import { openMaterial, type OpenedMaterial } from './material-access.ts';
import { hasGradebook, keepGradesAsManualItem } from './material-grades.ts';
import { gradedStudentCount } from './material-grades.repo.ts';
import { materialMessage } from './messages.ts';
import { notifyMaterialPublished } from '../notifications/notifications.service.ts';
import {
  deleteMaterial,
  deleteUploadByKey,
  findMaterial,
  insertMaterial,
  materialIdsOfElement,
  materialsOfCourse,
  nextPosition,
  placeMaterial,
  takeUpload,
  saveMaterial,
  updateMaterial,
  uploadByKey,
  type MaterialValues,
} from './materials.repo.ts';

/** Materials of a course: create and edit per type, read, publish, delete, reorder. */

type FormValues = z.output<typeof materialForm>;
type OrderValues = z.output<typeof materialOrderRequest>;

/** What the audit log keeps of a material (rich text is left out: it can be 200 kB). */
const AUDITED = [
  'name',
  'type',
  'elementId',
  'position',
  'published',
  'availableFrom',
  'url',
  'description',
  'dueAt',
  'maxPoints',
  'fileName',
  'fileSize',
  'fileMime',
] as const;

const invalid = (path: string, key = 'invalidChoice'): DomainError => new DomainError('VALIDATION', { fields: [{ path, key }] });

/** The columns of the form's type; every other type's columns are cleared. */
const columnsOf = (v: FormValues): Partial<MaterialValues> => {
  const blank = { contentHtml: null, url: null, description: null, instructions: null, dueAt: null, maxPoints: null };
  const common = { name: v.name, availableFrom: v.availableFrom ? new Date(v.availableFrom) : null };
  switch (v.type) {
    case 'page':
      return { ...blank, ...common, contentHtml: sanitizeRichText(v.contentHtml) };
    case 'file':
      return { ...blank, ...common, description: v.description };
    case 'link':
    case 'video':
      return { ...blank, ...common, url: v.url, description: v.description };
    default:
      return { ...blank, ...common, instructions: sanitizeRichText(v.instructions), dueAt: v.dueAt ? new Date(v.dueAt) : null, maxPoints: v.maxPoints };
  }
};

const fileColumns = (u: { storageKey: string; fileName: string; size: number; mime: string }) => ({
  fileKey: u.storageKey,
  fileName: u.fileName,
  fileSize: u.size,
  fileMime: u.mime,
});

/** An unused upload of the course, taken for the material in the caller's transaction. */
const takeUploadOrFail = async (tx: Db, courseId: string, uploadId: string) => {
  const upload = await takeUpload(tx, courseId, uploadId);
  if (!upload) throw invalid('uploadId');
  return upload;
};

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

export const toDetails = (
  o: Pick<OpenedMaterial, 'material' | 'element' | 'access'>,
  extra: { completedAt: Date | null; uploadId?: string },
): MaterialDetails => {
  const m = o.material;
  return {
    id: m.id,
    courseId: m.courseId,
    classId: o.access.course.classId,
    elementId: m.elementId,
    elementName: o.element.name,
    type: m.type,
    name: m.name,
    published: m.published,
    status: publishStatus(m.published),
    position: m.position,
    availableFrom: iso(m.availableFrom),
    contentHtml: m.contentHtml,
    url: m.url,
    description: m.description,
    instructions: m.instructions,
    dueAt: iso(m.dueAt),
    maxPoints: m.maxPoints,
    file:
      m.fileKey && m.fileName
        ? {
            name: m.fileName,
            size: m.fileSize ?? 0,
            mime: m.fileMime ?? 'application/octet-stream',
            downloadUrl: `/api/materials/${m.id}/file`,
            ...(extra.uploadId ? { uploadId: extra.uploadId } : {}),
          }
        : null,
    completedAt: iso(extra.completedAt),
    updatedAt: m.updatedAt.toISOString(),
    version: m.version,
  };
};

/** Staff read the upload id too (the edit form sends it back to keep the file). */
const staffDetails = async (db: Db, o: Pick<OpenedMaterial, 'material' | 'element' | 'access'>): Promise<MaterialDetails> => {
  const upload = o.material.fileKey ? await uploadByKey(db, o.material.courseId, o.material.fileKey) : null;
  return toDetails(o, { completedAt: null, uploadId: upload?.id });
};

export const materialDetails = async (ctx: Ctx, user: UserRow, materialId: string): Promise<MaterialDetails> => {
  const opened = await openMaterial(ctx.db, user, materialId);
  if (opened.access.staff) return staffDetails(ctx.db, opened);
  const stop = opened.path?.elements.flatMap((e) => e.stops).find((s) => s.materialId === materialId);
  return toDetails(opened, { completedAt: stop?.completedAt ? new Date(stop.completedAt) : null });
};

/** A material of a course the caller manages (404 when it does not exist or is out of reach). */
const managedMaterial = async (db: Db, user: UserRow, materialId: string) => {
  const found = await findMaterial(db, materialId);
  if (!found) throw new DomainError('NOT_FOUND');
  const access = await loadCourseAccess(db, user, found.material.courseId);
  requireManage(access);
  return { ...found, access };
};

const auditMaterial = (
  tx: Db,
  access: CourseAccess,
  actor: UserRow,
  action: string,
  materialId: string,
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
) =>
  auditChange(tx, {
    schoolId: access.course.schoolId,
    actorId: actor.id,
    action,
    targetType: 'material',
    targetId: materialId,
    ...diff,
    extra: { courseId: access.course.id, classId: access.course.classId },
  });

export const createMaterial = async (ctx: Ctx, access: CourseAccess, actor: UserRow, elementId: string, v: FormValues): Promise<MaterialDetails> => {
  requireManage(access);
  const courseId = access.course.id;
  const id = await ctx.db.transaction(async (tx) => {
    const element = await findElement(tx, courseId, elementId);
    if (!element) throw new DomainError('NOT_FOUND');
    const file = v.type === 'file' ? fileColumns(await takeUploadOrFail(tx, courseId, v.uploadId)) : {};
    const row = await insertMaterial(tx, {
      courseId,
      elementId,
      type: v.type,
      name: v.name,
      position: await nextPosition(tx, elementId),
      published: false,
      ...columnsOf(v),
      ...file,
      createdBy: actor.id,
      updatedBy: actor.id,
    });
    await auditMaterial(tx, access, actor, 'material.created', row.id, { before: null, after: pick(row, AUDITED) });
    return row.id;
  });
  const found = await findMaterial(ctx.db, id);
  if (!found) throw new DomainError('NOT_FOUND');
  return staffDetails(ctx.db, { ...found, access });
};

export const editMaterial = async (ctx: Ctx, actor: UserRow, materialId: string, v: FormValues, expect: EditVersion): Promise<MaterialDetails> => {
  const { material: before, access } = await managedMaterial(ctx.db, actor, materialId);
  if (v.type !== before.type) throw invalid('type');
  const courseId = access.course.id;
  const replacedKey = await ctx.db.transaction(async (tx) => {
    // A quiz's grades are rescaled below: its change lock first, the order grading takes locks in.
    if (v.type === 'quiz') await lockQuiz(tx, materialId, 'change');
    const current = await findMaterial(tx, materialId);
    if (!current) throw new DomainError('NOT_FOUND');
    let file = {};
    let oldKey: string | null = null;
    if (v.type === 'file') {
      const kept = current.material.fileKey ? await uploadByKey(tx, courseId, current.material.fileKey) : null;
      if (kept?.id !== v.uploadId) {
        file = fileColumns(await takeUploadOrFail(tx, courseId, v.uploadId));
        oldKey = current.material.fileKey;
        if (oldKey) await deleteUploadByKey(tx, courseId, oldKey);
      }
    }
    const row = await saveMaterial(tx, materialId, expect, actor.id, { ...columnsOf(v), ...file });
    // Issue 13: a quiz is worth the form's maximum points and its grades are scaled to them, so a change rescales them.
    if (v.type === 'quiz' && row.maxPoints !== current.material.maxPoints) await restoreQuizGrades(tx, materialId, new Date());
    await auditMaterial(tx, access, actor, 'material.updated', materialId, changes(current.material, row, AUDITED));
    return oldKey;
  });
  await removeUnreferencedFiles(ctx.db, ctx.storage, [replacedKey]);
  const found = await findMaterial(ctx.db, materialId);
  if (!found) throw new DomainError('NOT_FOUND');
  return staffDetails(ctx.db, { ...found, access });
};

export const publishMaterial = async (ctx: Ctx, actor: UserRow, materialId: string, published: boolean, locale: Locale) => {
  const { access } = await managedMaterial(ctx.db, actor, materialId);
  await ctx.db.transaction(async (tx) => {
    const current = await findMaterial(tx, materialId);
    if (!current) throw new DomainError('NOT_FOUND');
    const row = await updateMaterial(tx, materialId, { published, updatedBy: actor.id });
    await auditMaterial(
      tx,
      access,
      actor,
      published ? 'material.published' : 'material.unpublished',
      materialId,
      changes(current.material, row, ['published']),
    );
    if (published && !current.material.published) await notifyMaterialPublished(tx, ctx, materialId, actor.id);
  });
  return materialMessage(locale, published ? 'published' : 'unpublished');
};

/**
 * Deletes a material with its progress and, for graded materials, its settings, attachments and
 * students' work; its stored files (the material's file, attachments, work and feedback files)
 * leave storage once the deletion is committed, unless a copy of the course still uses them.
 * A graded material of a class with grades needs `grades` (400 `grades: required`): `keep` turns
 * its grade item into a manual column with the counted grades first, `discard` lets them go.
 */
export const removeMaterial = async (ctx: Ctx, actor: UserRow, materialId: string, grades: MaterialGradesChoice | undefined, locale: Locale) => {
  const { access } = await managedMaterial(ctx.db, actor, materialId);
  const keys = await ctx.db.transaction(async (tx) => {
    const current = await findMaterial(tx, materialId);
    if (!current) throw new DomainError('NOT_FOUND');
    const m = current.material;
    const gradebook = hasGradebook(m, access.course.classId);
    if (gradebook && grades === undefined && (await gradedStudentCount(tx, materialId)) > 0) throw invalid('grades', 'required');
    const keptAs = gradebook && grades === 'keep' ? await keepGradesAsManualItem(tx, m, actor.id) : null;
    const held = await materialFileKeys(tx, { materialId });
    await deleteMaterial(tx, materialId);
    if (m.fileKey) await deleteUploadByKey(tx, access.course.id, m.fileKey);
    const after = gradebook && grades ? { grades, gradeItemId: keptAs } : null;
    await auditMaterial(tx, access, actor, 'material.deleted', materialId, { before: pick(m, AUDITED), after });
    return held;
  });
  await removeUnreferencedFiles(ctx.db, ctx.storage, keys);
  return materialMessage(locale, 'deleted');
};

/** What the delete confirmation asks about: a graded material and how many students have a grade of it. */
export const materialGrades = async (ctx: Ctx, actor: UserRow, materialId: string): Promise<MaterialGradesSummary> => {
  const { material, access } = await managedMaterial(ctx.db, actor, materialId);
  const graded = hasGradebook(material, access.course.classId);
  return { graded, gradeCount: graded ? await gradedStudentCount(ctx.db, materialId) : 0 };
};

/**
 * Puts the element's materials in the given order. The list holds every material of the element
 * and may bring in materials of other elements of the same course (they move here); anything
 * else (another course's material, a repeated id, a material of the element left out) is 400.
 */
export const orderMaterials = async (ctx: Ctx, access: CourseAccess, actor: UserRow, elementId: string, v: OrderValues, locale: Locale) => {
  requireManage(access);
  const courseId = access.course.id;
  await ctx.db.transaction(async (tx) => {
    const element = await findElement(tx, courseId, elementId);
    if (!element) throw new DomainError('NOT_FOUND');
    const ids = v.materialIds;
    if (new Set(ids).size !== ids.length) throw invalid('materialIds');
    const found: { id: string; elementId: string; position: number }[] = await materialsOfCourse(tx, courseId, ids);
    if (found.length !== ids.length) throw invalid('materialIds');
    const listed = new Set(ids);
    if ((await materialIdsOfElement(tx, elementId)).some((id) => !listed.has(id))) throw invalid('materialIds');
    const before = new Map(found.map((m) => [m.id, m]));
    for (const [position, id] of ids.entries()) {
      const was = before.get(id);
      if (was?.elementId !== elementId || was.position !== position) await placeMaterial(tx, id, elementId, position, actor.id);
    }
    await auditChange(tx, {
      schoolId: access.course.schoolId,
      actorId: actor.id,
      action: 'material.reordered',
      targetType: 'element',
      targetId: elementId,
      before: {
        materials: found
          .filter((m) => m.elementId === elementId)
          .sort((a, b) => a.position - b.position)
          .map((m) => m.id),
      },
      after: { materials: ids },
      extra: { courseId, classId: access.course.classId },
    });
  });
  return materialMessage(locale, 'reordered');
};
