import type { draftRequest, FileInfo, MySubmission } from '@klase/core/assignments/contracts';
import { MB } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import type { z } from 'zod';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';
import { openGraded, ownStudentId, requireStudentWrite, type GradedMaterial } from './assignment-access.ts';
import {
  completeMaterial,
  countFiles,
  deleteFile,
  findFile,
  findSubmission,
  insertFile,
  lockOrCreateSubmission,
  lockSubmission,
  updateSubmission,
  type SubmissionRecord,
} from './assignments.repo.ts';
import { effectiveSettings, settingsAnswer, type EffectiveSettings } from './settings.service.ts';
import { fileKey, keepOrRemove, removeStored, storeFile, submissionFileUrl, toFileInfo } from './stored-files.service.ts';
import { hasContent, workAnswer, workWindow } from './work-answer.ts';

/** A student's own work on an assignment: the draft, its files, submitting; parents read their child's. */

type DraftValues = z.output<typeof draftRequest>;

const invalid = (path: string): DomainError => new DomainError('VALIDATION', { fields: [{ path, key: 'invalidChoice' }] });

const answerFor = async (
  db: Db,
  g: GradedMaterial,
  studentId: string,
  mayAct: boolean,
  known?: { effective: EffectiveSettings; row: SubmissionRecord | null },
) => {
  const effective = known?.effective ?? (await effectiveSettings(db, g.material.id));
  const row = known ? known.row : await findSubmission(db, g.material.id, studentId);
  const settings = await settingsAnswer(db, g, effective);
  return workAnswer(db, { settings, effective, dueAt: g.material.dueAt, row, now: new Date() }, { staff: false, mayAct });
};

/**
 * The caller's work (students) or their child's (parents, `childId`), read-only for parents. An
 * activity reads the same way, read-only for everyone: its grade and feedback once returned
 * (activities are returned when graded); nothing to hand in, so nothing blocks.
 */
export const mySubmission = async (ctx: Ctx, user: UserRow, materialId: string, childId: string | undefined): Promise<MySubmission> => {
  const g = await openGraded(ctx.db, user, materialId, ['assignment', 'activity']);
  const studentId = await ownStudentId(ctx.db, g, user, childId);
  if (g.material.type === 'activity') return { ...(await answerFor(ctx.db, g, studentId, false)), blockedBy: null };
  return answerFor(ctx.db, g, studentId, studentId === user.id);
};

/** Opens the assignment for a change of the caller's work, refused when the work cannot change now. */
const openForChange = async (ctx: Ctx, user: UserRow, materialId: string) => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireStudentWrite(g, user);
  const effective = await effectiveSettings(ctx.db, materialId);
  const check = (row: SubmissionRecord | null): void => {
    const block = workWindow(effective, g.material.dueAt, row, new Date()).editBlock;
    if (block) throw new DomainError(block);
  };
  check(await findSubmission(ctx.db, materialId, user.id));
  return { g, effective, check };
};

/** A change to submitted work takes it back to a draft (to be submitted again). */
const draftAgain = (actorId: string) => ({ status: 'draft' as const, updatedBy: actorId });

/** Saves the draft text (sanitized). Unchanged text leaves submitted work as it is. */
export const saveDraft = async (ctx: Ctx, user: UserRow, materialId: string, v: DraftValues): Promise<MySubmission> => {
  const { g, effective, check } = await openForChange(ctx, user, materialId);
  if (effective.submissionType === 'files') throw invalid('textHtml');
  const clean = sanitizeRichText(v.textHtml);
  const textHtml = hasContent(clean) ? clean : null;
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockOrCreateSubmission(tx, materialId, user.id, user.id);
    check(current);
    if (current.textHtml === textHtml) return current;
    return updateSubmission(tx, current.id, { textHtml, ...draftAgain(user.id) });
  });
  return answerFor(ctx.db, g, user.id, true, { effective, row });
};

/**
 * Streams one work file (at most `maxFileMb` MB: FILE_OVER_LIMIT; at most `maxFiles` files:
 * TOO_MANY_FILES; programs: FILE_FORBIDDEN). The count is checked before a byte is read and
 * again, on the locked row, before the file's row is written; a failure leaves nothing stored.
 */
export const addWorkFile = async (ctx: Ctx, user: UserRow, materialId: string, readFile: (maxBytes: number) => Promise<IncomingFile>): Promise<FileInfo> => {
  const { g, effective, check } = await openForChange(ctx, user, materialId);
  if (effective.submissionType === 'text') throw invalid('file');
  const tooMany = () => new DomainError('TOO_MANY_FILES', { params: { max: effective.maxFiles } });
  const existing = await findSubmission(ctx.db, materialId, user.id);
  if (existing && (await countFiles(ctx.db, existing.id, 'work')) >= effective.maxFiles) throw tooMany();
  const maxBytes = effective.maxFileMb * MB;
  const tooLarge = () =>
    new DomainError('FILE_OVER_LIMIT', {
      params: { max: effective.maxFileMb },
      fields: [{ path: 'file', key: 'fileTooLarge', params: { size: `${effective.maxFileMb} MB` } }],
    });
  const key = fileKey(g.access.course.id, materialId, 'work');
  const stored = await storeFile(ctx.storage, key, await readFile(maxBytes), maxBytes, tooLarge);
  const file = await keepOrRemove(ctx.storage, key, () =>
    ctx.db.transaction(async (tx) => {
      const row = await lockOrCreateSubmission(tx, materialId, user.id, user.id);
      check(row);
      if ((await countFiles(tx, row.id, 'work')) >= effective.maxFiles) throw tooMany();
      const made = await insertFile(tx, { submissionId: row.id, kind: 'work', ...stored, createdBy: user.id });
      await updateSubmission(tx, row.id, draftAgain(user.id));
      return made;
    }),
  );
  return toFileInfo(file, submissionFileUrl(materialId, file.id));
};

export const removeWorkFile = async (ctx: Ctx, user: UserRow, materialId: string, fileId: string): Promise<void> => {
  const { check } = await openForChange(ctx, user, materialId);
  const key = await ctx.db.transaction(async (tx) => {
    const row = await lockSubmission(tx, materialId, user.id);
    const found = await findFile(tx, materialId, fileId);
    if (!row || found?.submission.id !== row.id || found.file.kind !== 'work') throw new DomainError('NOT_FOUND');
    check(row);
    await deleteFile(tx, row.id, fileId);
    await updateSubmission(tx, row.id, draftAgain(user.id));
    return found.file.storageKey;
  });
  await removeStored(ctx.storage, [key]);
};

/**
 * Submits the work: the row is locked, so two submits at once make one submission (the second
 * sees it submitted: ALREADY_SUBMITTED). Needs what the submission type asks (SUBMISSION_EMPTY);
 * late after the due date when late work is accepted. Completes the material in the same
 * transaction.
 */
export const submitWork = async (ctx: Ctx, user: UserRow, materialId: string): Promise<MySubmission> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireStudentWrite(g, user);
  const effective = await effectiveSettings(ctx.db, materialId);
  const row = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const current = await lockSubmission(tx, materialId, user.id);
    const window = workWindow(effective, g.material.dueAt, current, now);
    if (window.submitBlock) throw new DomainError(window.submitBlock);
    if (!current) throw new DomainError('SUBMISSION_EMPTY');
    const text = hasContent(current.textHtml);
    const files = (await countFiles(tx, current.id, 'work')) > 0;
    const ok = effective.submissionType === 'text' ? text : effective.submissionType === 'files' ? files : text || files;
    if (!ok) throw new DomainError('SUBMISSION_EMPTY');
    const done = await updateSubmission(tx, current.id, {
      status: 'submitted',
      submittedAt: now,
      late: window.late,
      submitCount: current.submitCount + 1,
      updatedBy: user.id,
    });
    await completeMaterial(tx, materialId, user.id, now, true);
    return done;
  });
  return answerFor(ctx.db, g, user.id, true, { effective, row });
};
