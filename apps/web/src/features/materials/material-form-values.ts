import { MATERIAL_TYPES, type MaterialType } from '@klase/core/class-work/contracts';
import { type MaterialDetails, type MaterialForm } from '@klase/core/materials/contracts';
import { joinDateTime, splitDateTime } from '../../lib/date-time-fields.ts';

export { joinDateTime, splitDateTime };

/** What the material form edits: every type's fields (the type picks which are shown and sent). */
export interface MaterialFormState {
  name: string;
  contentHtml: string;
  instructions: string;
  description: string;
  url: string;
  uploadId: string;
  dueDate: string;
  dueTime: string;
  availableDate: string;
  availableTime: string;
  /** '' while the number field is empty. */
  maxPoints: number | string;
}

export const isMaterialType = (v: string | undefined): v is MaterialType => (MATERIAL_TYPES as readonly string[]).includes(v ?? '');
export { isGradedType } from '@klase/core/materials/contracts';

export const DEFAULT_MAX_POINTS = 100;
/** A due date without a time is due at the end of that day; an available-from date opens at its start. */
export const DUE_TIME_DEFAULT = '23:59';
export const AVAILABLE_TIME_DEFAULT = '00:00';

export const emptyMaterialState = (): MaterialFormState => ({
  name: '',
  contentHtml: '',
  instructions: '',
  description: '',
  url: '',
  uploadId: '',
  dueDate: '',
  dueTime: '',
  availableDate: '',
  availableTime: '',
  maxPoints: DEFAULT_MAX_POINTS,
});

export const stateFromDetails = (m: MaterialDetails): MaterialFormState => {
  const due = splitDateTime(m.dueAt);
  const available = splitDateTime(m.availableFrom);
  return {
    name: m.name,
    contentHtml: m.contentHtml ?? '',
    instructions: m.instructions ?? '',
    description: m.description ?? '',
    url: m.url ?? '',
    uploadId: m.file?.uploadId ?? '',
    dueDate: due.date,
    dueTime: due.time,
    availableDate: available.date,
    availableTime: available.time,
    maxPoints: m.maxPoints ?? DEFAULT_MAX_POINTS,
  };
};

/** The request body of one type, built from the form (validated with `materialForm` before sending). */
export const stateToInput = (type: MaterialType, s: MaterialFormState): MaterialForm => {
  const common = { name: s.name, availableFrom: joinDateTime(s.availableDate, s.availableTime, AVAILABLE_TIME_DEFAULT) };
  switch (type) {
    case 'page':
      return { type, ...common, contentHtml: s.contentHtml };
    case 'file':
      return { type, ...common, uploadId: s.uploadId, description: s.description };
    case 'link':
    case 'video':
      return { type, ...common, url: s.url, description: s.description };
    default:
      return {
        type,
        ...common,
        instructions: s.instructions,
        dueAt: joinDateTime(s.dueDate, s.dueTime, DUE_TIME_DEFAULT),
        // An empty number field is "required", not the default.
        maxPoints: typeof s.maxPoints === 'number' ? s.maxPoints : Number.NaN,
      };
  }
};

/** Schema paths that the form shows under another field. */
const FIELD_OF: Record<string, keyof MaterialFormState> = { dueAt: 'dueDate', availableFrom: 'availableDate' };

/** Moves errors from the request's paths to the form's fields (`dueAt` → the due date field). */
export const toFormErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message]));
