import { DomainError } from '@klase/core/errors';
import { parseScaleValues, type ScaleFormInput, type ScaleRow } from '@klase/core/gradebook/index';
import type { Ctx, Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import type { GradebookAccess } from '../gradebook-access.ts';
import { notFound, openGradebook, setupWrite } from './setup-kit.ts';
import type { ScaleDetails } from './setup-schemas.ts';
import type { EditVersion } from '@klase/core/edit-version';
import { deleteScaleRow, findUsableScale, insertScale, itemsUsingScale, saveScale, scaleUsedAnywhere, type ScaleRecord } from './scales.repo.ts';

/**
 * Scales (`/scales`): the school's standard scales (read-only here: 403 STANDARD_SCALE) and the
 * course's custom ones. A scale used by an item cannot be deleted nor change its number of words
 * (409 SCALE_VALUES_IN_USE); renaming its words is fine.
 */

type ScaleForm = Required<Pick<ScaleFormInput, 'name' | 'values'>> & { description: string };

/** A scale this course may use: a standard one of its school or one of its own custom scales; anything else 404. */
const findScale = async (tx: Db, g: GradebookAccess, scaleId: string): Promise<ScaleRecord> => {
  const scale = await findUsableScale(tx, g, scaleId);
  if (!scale) throw notFound();
  return scale;
};

const rowOf = (scale: ScaleRecord, usedBy: number, manage: boolean): ScaleRow => ({
  id: scale.id,
  name: scale.name,
  values: scale.values,
  description: scale.description,
  kind: scale.courseId ? 'custom' : 'standard',
  minGrade: 1,
  maxGrade: scale.values.length,
  usedBy,
  canEdit: manage && scale.courseId !== null,
  version: scale.version,
});

/** `GET /scales/:scaleId` (staff): the scale and this course's items using it. */
export const readScale = async ({ db }: Ctx, user: UserRow, courseId: string, scaleId: string): Promise<ScaleDetails> => {
  const g = await openGradebook(db, user, courseId, 'read');
  const scale = await findScale(db, g, scaleId);
  const items = await itemsUsingScale(db, courseId, scaleId);
  return { ...rowOf(scale, items.length, g.manage), items };
};

/** `POST /scales`: a custom scale of the course (name unique in the course: 409 NAME_EXISTS). */
export const createScale = async ({ db }: Ctx, user: UserRow, courseId: string, form: ScaleForm): Promise<ScaleRow> => {
  const g = await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    const row = await insertScale(tx, { schoolId: g.schoolId, courseId }, user.id, {
      name: form.name,
      values: parseScaleValues(form.values),
      description: form.description,
    });
    return rowOf(row, 0, true);
  });
};

/** A custom scale of this course for a change (standard: 403 STANDARD_SCALE). */
const customScale = async (tx: Db, g: GradebookAccess, scaleId: string): Promise<ScaleRecord> => {
  const scale = await findScale(tx, g, scaleId);
  if (!scale.courseId) throw new DomainError('STANDARD_SCALE');
  return scale;
};

/** `PUT /scales/:scaleId`. */
export const updateScale = async ({ db }: Ctx, user: UserRow, courseId: string, scaleId: string, form: ScaleForm & EditVersion): Promise<ScaleRow> => {
  const g = await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    const scale = await customScale(tx, g, scaleId);
    const values = parseScaleValues(form.values);
    const users = await itemsUsingScale(tx, courseId, scaleId);
    if (users.length > 0 && values.length !== scale.values.length) throw new DomainError('SCALE_VALUES_IN_USE');
    const row = await saveScale(tx, scaleId, form, user.id, { name: form.name, values, description: form.description });
    return rowOf(row, users.length, true);
  });
};

/** `DELETE /scales/:scaleId`: refused while an item uses it (409 SCALE_IN_USE). */
export const deleteScale = async ({ db }: Ctx, user: UserRow, courseId: string, scaleId: string): Promise<void> => {
  const g = await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    await customScale(tx, g, scaleId);
    if (await scaleUsedAnywhere(tx, scaleId)) throw new DomainError('SCALE_IN_USE');
    await deleteScaleRow(tx, scaleId);
  });
};
