import { z } from 'zod';
import type { Locale } from './constants.ts';

/**
 * Edit versions (docs/decisions/0024-edit-versions.md). Every record several people edit (classes,
 * courses, elements, materials and their assignment/quiz settings, the gradebook setup) carries an
 * integer `version` that every save of its form bumps. An update sends the version its form was
 * loaded from; when someone saved in between, the API answers 409 `EDIT_CONFLICT` with
 * `params` {@link EditConflictParams}, and the user either reloads theirs or saves again with
 * `overwrite: true`.
 */
export const editVersionFields = {
  /** The version the form was loaded from (as read; 0: settings never saved, their defaults). */
  version: z.int().min(0).optional(),
  /** Keep this save even if someone else saved since `version`. */
  overwrite: z.boolean().optional(),
};
export const editVersion = z.object(editVersionFields);
export type EditVersion = z.infer<typeof editVersion>;

/** An update contract: the record's form and the version it was loaded from. */
export const withVersion = <T extends z.ZodType>(form: T) => form.and(editVersion);

/** The `params` of an `EDIT_CONFLICT` answer: who saved last, when (ISO instant) and the version now stored. */
export interface EditConflictParams {
  name: string;
  at: string;
  version: number;
}

export const isEditConflictParams = (p: unknown): p is EditConflictParams =>
  !!p &&
  typeof p === 'object' &&
  typeof (p as Record<string, unknown>).name === 'string' &&
  typeof (p as Record<string, unknown>).at === 'string' &&
  typeof (p as Record<string, unknown>).version === 'number';

const INTL_LOCALE: Record<Locale, string> = { 'en-us': 'en-US', ph: 'fil-PH', zh: 'zh-CN' };

/** When a record was changed, in the caller's language and the schools' time zone (Asia/Manila). */
export const formatChangedAt = (locale: string, iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const tag = INTL_LOCALE[locale as Locale] ?? INTL_LOCALE['en-us'];
  return new Intl.DateTimeFormat(tag, { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' }).format(date);
};
