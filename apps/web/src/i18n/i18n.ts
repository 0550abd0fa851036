import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@klase/core/constants';
import { SHARED_CATALOG } from '@klase/core/i18n/catalog';

/**
 * i18n: every UI namespace has one JSON file per locale under `locales/<locale>/<ns>.json`.
 * English is bundled (it is the fallback); Filipino and Chinese load on demand, so the login
 * route ships one language only. `errors` and `validation` come from @klase/core, shared with
 * the API.
 */
export const NAMESPACES = ['common', 'components', 'account', 'shell', 'admin', 'classes', 'classList', 'classWork', 'courses', 'materials'] as const;
export type Namespace = (typeof NAMESPACES)[number] | 'errors' | 'validation';

const enModules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/en-us/*.json', { eager: true });
const lazyModules = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/ph/*.json', './locales/zh/*.json']);

const nsOf = (path: string) => path.split('/').pop()!.replace(/\.json$/, '');

const loadLocale = async (lng: Locale) => {
  if (i18next.hasResourceBundle(lng, 'common')) return;
  const entries = Object.entries(lng === 'en-us' ? enModules : lazyModules).filter(([p]) => p.includes(`/${lng}/`));
  for (const [path, mod] of entries) {
    const data = typeof mod === 'function' ? await (mod as () => Promise<{ default: Record<string, unknown> }>)() : mod;
    i18next.addResourceBundle(lng, nsOf(path), data.default, true, true);
  }
  if (lng !== 'en-us' && lng in SHARED_CATALOG) {
    i18next.addResourceBundle(lng, 'errors', SHARED_CATALOG[lng].errors, true, true);
    i18next.addResourceBundle(lng, 'validation', SHARED_CATALOG[lng].validation, true, true);
  }
};

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

export const initI18n = async (lng: Locale = DEFAULT_LOCALE) => {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en-us',
      fallbackLng: 'en-us',
      lowerCaseLng: true,
      ns: [...NAMESPACES, 'errors', 'validation'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      resources: { 'en-us': { errors: SHARED_CATALOG['en-us'].errors, validation: SHARED_CATALOG['en-us'].validation } },
      returnNull: false,
    });
    await loadLocale('en-us');
  }
  await changeLanguage(lng);
  return i18next;
};

export const changeLanguage = async (lng: Locale) => {
  await loadLocale(lng);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng === 'ph' ? 'fil' : lng === 'zh' ? 'zh-Hans' : 'en';
};

export { i18next };
