import type { Locale } from '../constants.ts';
import enErrors from './en-us/errors.json';
import enValidation from './en-us/validation.json';
import phErrors from './ph/errors.json';
import phValidation from './ph/validation.json';
import zhErrors from './zh/errors.json';
import zhValidation from './zh/validation.json';

/** The message catalogues shared by server and browser: `errors` (by code) and `validation` (by key). */
export const SHARED_CATALOG = {
  'en-us': { errors: enErrors, validation: enValidation },
  ph: { errors: phErrors, validation: phValidation },
  zh: { errors: zhErrors, validation: zhValidation },
} as const satisfies Record<Locale, { errors: Record<string, string>; validation: Record<string, string> }>;

export type SharedNamespace = 'errors' | 'validation';

export const interpolate = (text: string, params?: Record<string, string | number>): string =>
  params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;

const LANGUAGE_OF: Record<Locale, string> = { 'en-us': 'en', ph: 'fil', zh: 'zh' };

/**
 * The key of the plural form for `count` when the catalogue has one (`KEY_one`, as i18next names
 * them in the browser), else the key itself.
 */
const pluralKey = (loc: Locale, table: Record<string, string>, key: string, params?: Record<string, string | number>): string => {
  const n = params?.count;
  if (typeof n !== 'number') return key;
  const form = `${key}_${new Intl.PluralRules(LANGUAGE_OF[loc]).select(n)}`;
  return form in table ? form : key;
};

/** Server-side translation with English fallback. */
export const translateShared = (locale: string, ns: SharedNamespace, key: string, params?: Record<string, string | number>): string => {
  const loc = (locale in SHARED_CATALOG ? locale : 'en-us') as Locale;
  const table = SHARED_CATALOG[loc][ns] as Record<string, string>;
  const en = SHARED_CATALOG['en-us'][ns] as Record<string, string>;
  const k = pluralKey(loc, table, key, params);
  return interpolate(table[k] ?? en[k] ?? table[key] ?? en[key] ?? key, params);
};
