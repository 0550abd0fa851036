import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, checkPassword } from '../auth/password.ts';

/**
 * Reusable zod building blocks. Every message is an i18n key of the `validation` namespace; both
 * the SPA (form errors) and the API (400 answers) translate it.
 */
export const V = {
  required: 'required',
  minLength: 'minLength',
  maxLength: 'maxLength',
  email: 'email',
  usernameIsEmail: 'usernameIsEmail',
  usernameChars: 'usernameChars',
  url: 'url',
  greaterThanZero: 'greaterThanZero',
  notGreaterThan: 'notGreaterThan',
  nameChars: 'nameChars',
  passwordRules: 'passwordRules',
  passwordRepeat: 'passwordRepeat',
  passwordDoesNotMatch: 'passwordDoesNotMatch',
  currentPasswordMatchError: 'currentPasswordMatchError',
  invalidChoice: 'invalidChoice',
  noHtml: 'noHtml',
  schoolCode: 'schoolCode',
  depedSchoolId: 'depedSchoolId',
  zipCode: 'zipCode',
  schoolYearOrder: 'schoolYearOrder',
  parentNotFound: 'parentNotFound',
  importColumns: 'importColumns',
  accessCode: 'accessCode',
  groupMembersTwice: 'groupMembersTwice',
  afterOpen: 'afterOpen',
  afterDue: 'afterDue',
  twoDecimals: 'twoDecimals',
  minItems: 'minItems',
  notLessThan: 'notLessThan',
  duplicateEntry: 'duplicateEntry',
  singleCorrect: 'singleCorrect',
  number: 'number',
  greaterThan: 'greaterThan',
  periodOverlap: 'periodOverlap',
  textChars: 'textChars',
  timeZone: 'timeZone',
  allDayNoTime: 'allDayNoTime',
  notBeforeStart: 'notBeforeStart',
  weightsSum: 'weightsSum',
  transmutationOrder: 'transmutationOrder',
  lrn: 'lrn',
  lrnTaken: 'lrnTaken',
  studentsOnly: 'studentsOnly',
  dateRangeTooLong: 'dateRangeTooLong',
} as const;

/** "Required" per spec section 5: not empty or blank for strings. */
export const isBlank = (v: unknown): boolean => {
  if (v === null || v === undefined || v === false) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('id' in o) return o.id === null || o.id === undefined || o.id === '';
    return Object.keys(o).length === 0;
  }
  if (typeof v === 'number') return Number.isNaN(v);
  return false;
};

/** Letters (any script), comma, period, apostrophe, space and hyphen. */
export const NAME_CHAR = /^[\p{L}\p{M},.' -]$/u;
export const NAME_RE = /^[\p{L}\p{M},.' -]*$/u;
export const isNameText = (s: string): boolean => NAME_RE.test(s);

export const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
/** Empty passes (spec): required-ness is a separate rule. */
export const isEmail = (s: string): boolean => s === '' || EMAIL_RE.test(s);

export const isUrl = (s: string): boolean => {
  if (s === '') return true;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
};

const HTML_RE = /[<>]/;

/**
 * Characters no text may carry: U+0000 (PostgreSQL refuses it in text and JSON) and lone UTF-16
 * surrogates (not a character at all; JSON columns refuse them and UTF-8 cannot encode them).
 */
/** Half of a surrogate pair without its other half: not a character, and UTF-8 cannot carry it. */
export const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasUnsafeChars = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE_RE.test(s);
export const isSafeText = (s: string): boolean => !hasUnsafeChars(s);

/**
 * The base of every free-text field (plain, rich, JSON content, answers): a string without NUL
 * characters or lone surrogates (`textChars`). Use it instead of `z.string()` for text users type.
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isSafeText, { error: V.textChars });

/** The first path inside a parsed JSON value (keys included) whose text has unsafe characters, or null. */
export const findUnsafeText = (value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null => {
  if (typeof value === 'string') return hasUnsafeChars(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const hit = findUnsafeText(value[i], [...path, i], depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (hasUnsafeChars(k)) return [...path, k];
    const hit = findUnsafeText(v, [...path, k], depth + 1);
    if (hit) return hit;
  }
  return null;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Options for an object's cross-field `.superRefine`: run it even when other fields fail (so a
 * form shows every problem at once), but only on an object (never on null, an array or a string,
 * where reading a field would throw) and when `ready` says its fields have the types it reads.
 */
export const whenObject = (ready: (o: Record<string, unknown>) => boolean = () => true) => ({
  when: (p: z.core.ParsePayload): boolean => isRecord(p.value) && ready(p.value),
});
/** `whenObject` for checks that compare number fields. */
export const whenNumbers = (...keys: string[]) => whenObject((o) => keys.every((k) => typeof o[k] === 'number'));

/** A trimmed, required, single-line text without markup. */
export const requiredText = (max: number, min = 1) =>
  safeString({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(min, { error: V.minLength })
    .max(max, { error: V.maxLength })
    .refine((s) => !HTML_RE.test(s), { error: V.noHtml });

export const optionalText = (max: number) =>
  safeString()
    .trim()
    .max(max, { error: V.maxLength })
    .refine((s) => !HTML_RE.test(s), { error: V.noHtml });

export const nameField = (max = 80) => requiredText(max).refine(isNameText, { error: V.nameChars });

export const optionalNameField = (max = 80) => safeString().trim().max(max, { error: V.maxLength }).refine(isNameText, { error: V.nameChars });

export const emailField = safeString({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, { error: V.required })
  .max(254, { error: V.maxLength })
  .refine(isEmail, { error: V.email });

export const optionalEmailField = safeString().trim().toLowerCase().max(254, { error: V.maxLength }).refine(isEmail, { error: V.email });

export const urlField = safeString().trim().max(2048, { error: V.maxLength }).refine(isUrl, { error: V.url });

export const USERNAME_RE = /^[a-z0-9._-]+$/;
export const usernameField = safeString({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, { error: V.required })
  .min(3, { error: V.minLength })
  .max(64, { error: V.maxLength })
  .refine((s) => !s.includes('@'), { error: V.usernameIsEmail })
  .refine((s) => USERNAME_RE.test(s), { error: V.usernameChars });

/** A new password: length 8..128, 3 of 4 classes, no char three times in a row. */
export const newPasswordField = safeString({ error: V.required })
  .min(1, { error: V.required })
  .min(PASSWORD_MIN, { error: V.minLength })
  .max(PASSWORD_MAX, { error: V.maxLength })
  .refine((p) => checkPassword(p).classesMet >= 3, { error: V.passwordRules })
  .refine((p) => checkPassword(p).noTripleRepeat, { error: V.passwordRepeat });

export const greaterThanZero = z.number({ error: V.required }).gt(0, { error: V.greaterThanZero });
export const notGreaterThan = (limit: number) => z.number({ error: V.required }).max(limit, { error: V.notGreaterThan });
