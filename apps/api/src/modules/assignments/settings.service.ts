import { assignmentSettingsForm, type AssignmentSettings, type FileInfo } from '@klase/core/assignments/contracts';
import type { AuditAction } from '@klase/core/admin/audit';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import type { EditVersion } from '@klase/core/edit-version';
import type { z } from 'zod';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { removeUnreferencedFiles } from '../../kernel/file-refs.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';
import { openGraded, requireStaff, requireTeacher, maxPointsOf, type GradedMaterial } from './assignment-access.ts';
import { attachmentsOf, deleteAttachment, findAttachment, findSettings, insertAttachment, saveSettings, type AttachmentRecord } from './assignments.repo.ts';
import { attachmentUrl, fileKey, keepOrRemove, storeFile, toFileInfo } from './stored-files.service.ts';

/** An assignment's settings (with defaults until a teacher saves them) and the teacher's attachments. */

type SettingsValues = z.output<typeof assignmentSettingsForm>;

/** What an assignment without saved settings works with (the form's defaults). */
const DEFAULTS = assignmentSettingsForm.parse({});

export interface EffectiveSettings {
  openAt: Date | null;
  allowLate: boolean;
  lateUntil: Date | null;
  submissionType: SettingsValues['submissionType'];
  maxFiles: number;
  maxFileMb: number;
  /** The edit version; 0 while the defaults apply. */
  version: number;
}

/** The saved settings of the material, or the defaults. */
export const effectiveSettings = async (db: Db, materialId: string): Promise<EffectiveSettings> => {
  const row = await findSettings(db, materialId);
  if (row) return row;
  return { ...DEFAULTS, openAt: null, lateUntil: null, version: 0 };
};

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

export const attachmentInfo = (a: AttachmentRecord): FileInfo => toFileInfo(a, attachmentUrl(a.materialId, a.id));

/** The settings as every reader of the assignment sees them. */
export const settingsAnswer = async (db: Db, g: GradedMaterial, s?: EffectiveSettings): Promise<AssignmentSettings> => {
  const settings = s ?? (await effectiveSettings(db, g.material.id));
  return {
    materialId: g.material.id,
    openAt: iso(settings.openAt),
    dueAt: iso(g.material.dueAt),
    allowLate: settings.allowLate,
    lateUntil: iso(settings.lateUntil),
    submissionType: settings.submissionType,
    maxFiles: settings.maxFiles,
    maxFileMb: settings.maxFileMb,
    maxPoints: maxPointsOf(g),
    attachments: (await attachmentsOf(db, g.material.id)).map(attachmentInfo),
    version: settings.version,
  };
};

export const readSettings = async (ctx: Ctx, user: UserRow, materialId: string): Promise<AssignmentSettings> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireStaff(g);
  return settingsAnswer(ctx.db, g);
};

const AUDITED = ['openAt', 'allowLate', 'lateUntil', 'submissionType', 'maxFiles', 'maxFileMb'] as const;

const auditMaterial = (
  tx: Db,
  g: GradedMaterial,
  actor: UserRow,
  action: AuditAction,
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
) =>
  auditChange(tx, {
    schoolId: g.access.course.schoolId,
    actorId: actor.id,
    action,
    targetType: 'material',
    targetId: g.material.id,
    ...diff,
    extra: { courseId: g.access.course.id, classId: g.classAccess.cls.id },
  });

/** Saves the settings; late work's end must come after the material's due date (400 `lateUntil: afterDue`). */
export const writeSettings = async (ctx: Ctx, user: UserRow, materialId: string, v: SettingsValues & EditVersion): Promise<AssignmentSettings> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireTeacher(g);
  const lateUntil = v.lateUntil ? new Date(v.lateUntil) : null;
  const dueAt = g.material.dueAt;
  if (lateUntil && (!dueAt || lateUntil.getTime() <= dueAt.getTime())) {
    throw new DomainError('VALIDATION', { fields: [{ path: 'lateUntil', key: 'afterDue' }] });
  }
  const next: Omit<EffectiveSettings, 'version'> = {
    openAt: v.openAt ? new Date(v.openAt) : null,
    allowLate: v.allowLate,
    lateUntil,
    submissionType: v.submissionType,
    maxFiles: v.maxFiles,
    maxFileMb: v.maxFileMb,
  };
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await effectiveSettings(tx, materialId);
    const row = await saveSettings(tx, { materialId, ...next }, v, user.id);
    const diff = changes(before as unknown as Record<string, unknown>, row as unknown as Record<string, unknown>, AUDITED);
    if (Object.keys(diff.after).length > 0) await auditMaterial(tx, g, user, 'assignment.settings-updated', diff);
    return row;
  });
  return settingsAnswer(ctx.db, g, saved);
};

const ATTACHMENT_AUDITED = ['fileName', 'size', 'mime'] as const;

/** Streams one attachment (900 MB at most, programs refused) and adds it to the assignment. */
export const addAttachment = async (ctx: Ctx, user: UserRow, materialId: string, readFile: (maxBytes: number) => Promise<IncomingFile>): Promise<FileInfo> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireTeacher(g);
  const key = fileKey(g.access.course.id, materialId, 'attachments');
  const stored = await storeFile(ctx.storage, key, await readFile(FILE_MAX_BYTES), FILE_MAX_BYTES, () => new DomainError('UPLOAD_TOO_LARGE'));
  const row = await keepOrRemove(ctx.storage, key, () =>
    ctx.db.transaction(async (tx) => {
      const made = await insertAttachment(tx, { materialId, ...stored, createdBy: user.id });
      await auditMaterial(tx, g, user, 'assignment.attachment-added', { before: null, after: { id: made.id, ...pick(made, ATTACHMENT_AUDITED) } });
      return made;
    }),
  );
  return attachmentInfo(row);
};

export const removeAttachment = async (ctx: Ctx, user: UserRow, materialId: string, fileId: string): Promise<void> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireTeacher(g);
  const row = await ctx.db.transaction(async (tx) => {
    const found = await findAttachment(tx, materialId, fileId);
    if (!found) throw new DomainError('NOT_FOUND');
    await deleteAttachment(tx, materialId, fileId);
    await auditMaterial(tx, g, user, 'assignment.attachment-removed', { before: { id: found.id, ...pick(found, ATTACHMENT_AUDITED) }, after: null });
    return found;
  });
  // A copy of the course shares the file by reference: it stays while a copy's attachment uses it.
  await removeUnreferencedFiles(ctx.db, ctx.storage, [row.storageKey]);
};

/** An attachment, for anyone who can open the assignment. */
export const attachmentFile = async (ctx: Ctx, user: UserRow, materialId: string, fileId: string): Promise<AttachmentRecord> => {
  await openGraded(ctx.db, user, materialId, 'assignment');
  const found = await findAttachment(ctx.db, materialId, fileId);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
};
