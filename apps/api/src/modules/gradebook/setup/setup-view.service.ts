import { buildEngineSetup, setupWeights, type GradebookSettings, type GradebookSetupView } from '@klase/core/gradebook/index';
import type { z } from 'zod';
import type { finalSettingsForm, gradebookSettingsForm } from '@klase/core/gradebook/contracts';
import type { GradeLettersInput } from '@klase/core/gradebook/display';
import type { Ctx, Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import type { GradebookAccess } from '../gradebook-access.ts';
import { loadSetupRows, settingsView, type SetupRowsLoaded } from '../setup-loader.ts';
import { openGradebook, setupWrite } from './setup-kit.ts';
import { ensureStandardScales } from './standard-scales.ts';
import type { EditVersion } from '@klase/core/edit-version';
import { saveSettingsRow, type SettingsChange } from '../setup.repo.ts';

/** `GET /setup` and the gradebook-wide settings: settings, final grade settings, letters. */

/** The setup rows with every category's and item's weight in its parent as the engine computes it without students. */
export const loadSetupWithWeights = async (db: Db, g: Pick<GradebookAccess, 'courseId' | 'schoolId' | 'manage'>): Promise<SetupRowsLoaded> => {
  const rows = await loadSetupRows(db, g.courseId, g.schoolId, g.manage);
  let weights: Record<string, number | null> = {};
  try {
    weights = setupWeights(buildEngineSetup(rows, Date.now()));
  } catch {
    // A setup the engine cannot compile (e.g. a scale item left without its scale) still opens, without weights, so it can be fixed.
  }
  return {
    ...rows,
    categories: rows.categories.map((c) => ({ ...c, computedWeight: weights[c.id] ?? null })),
    items: rows.items.map((i) => ({ ...i, computedWeight: weights[i.id] ?? null })),
  };
};

export const readSetup = async ({ db }: Ctx, user: UserRow, courseId: string): Promise<GradebookSetupView> => {
  const g = await openGradebook(db, user, courseId, 'read');
  await ensureStandardScales(db, g.schoolId);
  const rows = await loadSetupWithWeights(db, g);
  return { courseId, ...rows, can: { manage: g.manage } };
};

/** The settings, final-grade and letters forms save one row: each at the version it was loaded from unless overwriting. */
const saveSettings = async (db: Db, user: UserRow, courseId: string, change: SettingsChange, expect: EditVersion): Promise<GradebookSettings> => {
  await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => settingsView(await saveSettingsRow(tx, courseId, expect, user.id, change)));
};

/** `PUT /settings` (the body is `gradebookSettingsForm`, already parsed). */
export const writeSettings = ({ db }: Ctx, user: UserRow, courseId: string, form: z.output<typeof gradebookSettingsForm> & EditVersion) =>
  saveSettings(
    db,
    user,
    courseId,
    {
      status: form.status,
      displayType: form.gradeDisplayType,
      decimals: form.decimals,
      hiddenPolicy: form.hiddenPolicy,
      minMaxToUse: form.minMaxToUse,
      includeScales: form.includeScales,
    },
    form,
  );

/** `PUT /final-settings`. */
export const writeFinalSettings = ({ db }: Ctx, user: UserRow, courseId: string, form: z.output<typeof finalSettingsForm> & EditVersion) =>
  saveSettings(db, user, courseId, { finalMode: form.finalMode, finalDisplayType: form.finalDisplayType, finalDecimals: form.finalDecimals }, form);

/** `PUT /letters`: null = back to the default letters. */
export const writeLetters = ({ db }: Ctx, user: UserRow, courseId: string, letters: GradeLettersInput | null, expect: EditVersion) =>
  saveSettings(db, user, courseId, { letters: letters ? letters.map((l) => ({ letter: l.letter.trim(), boundary: l.boundary })) : null }, expect);
