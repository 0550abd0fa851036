import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@klase/core/constants';
import { BASE_NAMESPACES, FEATURE_NAMESPACES, ROUTE_NAMESPACES, type RouteNamespace } from './namespaces.ts';

/**
 * i18n: every UI namespace has one JSON file per locale under `locales/<locale>/<ns>.json`.
 * The base namespaces (the shell, shared components, sign-in and account pages) of English are
 * bundled: English is the fallback and the login route needs nothing else. The feature namespaces
 * (administration, classes, courses, ...) and every Filipino and Chinese file load on demand: the
 * feature ones once somebody is signed in (`loadFeatureNamespaces`, awaited by the root loader),
 * so the login route ships one language and no feature texts. The route namespaces (calendar,
 * discussions, grading) load with their pages (`loadRouteNamespace`), so other pages do not carry them.
 * `errors` and `validation` come from @klase/core, shared with the API.
 */
export { BASE_NAMESPACES, FEATURE_NAMESPACES, ROUTE_NAMESPACES };
export const NAMESPACES = [...BASE_NAMESPACES, ...FEATURE_NAMESPACES, ...ROUTE_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number] | 'errors' | 'validation';

type JsonModule = { default: Record<string, unknown> };
const enBase = import.meta.glob<JsonModule>(
  ['./locales/en-us/common.json', './locales/en-us/components.json', './locales/en-us/account.json', './locales/en-us/shell.json'],
  {
    eager: true,
  },
);
const lazyModules = import.meta.glob<JsonModule>('./locales/*/*.json');
/** The catalogues shared with the API (core): English bundled, the others on demand. */
const sharedEn = import.meta.glob<JsonModule>(
  ['../../../../packages/core/src/i18n/en-us/errors.json', '../../../../packages/core/src/i18n/en-us/validation.json'],
  {
    eager: true,
  },
);
const sharedLazy = import.meta.glob<JsonModule>([
  '../../../../packages/core/src/i18n/*/errors.json',
  '../../../../packages/core/src/i18n/*/validation.json',
  '!**/en-us/**',
]);

const nsOf = (path: string) =>
  path
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
const lngOf = (path: string) => path.split('/').at(-2) ?? '';

const isFeature = (ns: string) => (FEATURE_NAMESPACES as readonly string[]).includes(ns);
const isRoute = (ns: string) => (ROUTE_NAMESPACES as readonly string[]).includes(ns);
let featuresWanted = false;
const routesWanted = new Set<string>();
const loaded = new Set<string>();

/** Adds the files of `lng` (base namespaces, and the feature ones once wanted) not added yet. */
const loadFiles = async (lng: Locale) => {
  const jobs: Promise<void>[] = [];
  for (const [path, mod] of Object.entries(lazyModules)) {
    if (lngOf(path) !== lng || loaded.has(path)) continue;
    const ns = nsOf(path);
    if (isRoute(ns) ? !routesWanted.has(ns) : isFeature(ns) ? !featuresWanted : lng === 'en-us') continue;
    loaded.add(path);
    jobs.push(
      mod().then(
        (data) => void i18next.addResourceBundle(lng, ns, data.default, true, true),
        (err: unknown) => {
          loaded.delete(path);
          throw err;
        },
      ),
    );
  }
  await Promise.all(jobs);
};

const loadLocale = async (lng: Locale) => {
  if (lng === 'en-us' && !i18next.hasResourceBundle('en-us', 'common')) {
    for (const [path, mod] of Object.entries(enBase)) i18next.addResourceBundle('en-us', nsOf(path), mod.default, true, true);
  }
  const shared = Object.entries(sharedLazy)
    .filter(([path]) => lngOf(path) === lng && !loaded.has(path))
    .map(async ([path, mod]) => {
      loaded.add(path);
      i18next.addResourceBundle(lng, nsOf(path), (await mod()).default, true, true);
    });
  await Promise.all([...shared, loadFiles(lng)]);
};

/**
 * The feature texts, in English (the fallback) and the current language: loaded once somebody is
 * signed in, before the page renders; later language changes bring their own.
 */
export const loadFeatureNamespaces = async (): Promise<void> => {
  featuresWanted = true;
  const current = i18next.language;
  await Promise.all([loadFiles('en-us'), isLocale(current) && current !== 'en-us' ? loadFiles(current) : Promise.resolve()]);
};

/** A route namespace's texts (English, the fallback, and the current language), before its page renders. */
export const loadRouteNamespace = async (ns: RouteNamespace): Promise<void> => {
  routesWanted.add(ns);
  const current = i18next.language;
  await Promise.all([loadFiles('en-us'), isLocale(current) && current !== 'en-us' ? loadFiles(current) : Promise.resolve()]);
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
      resources: { 'en-us': Object.fromEntries(Object.entries(sharedEn).map(([path, mod]) => [nsOf(path), mod.default])) },
      returnNull: false,
    });
    await loadLocale('en-us');
  }
  await changeLanguage(lng);
  return i18next;
};

/** The BCP 47 tag of an app language, for `lang` attributes and `Intl` formatters. */
export const languageTag = (lng: string): string => (lng === 'ph' ? 'fil' : lng === 'zh' ? 'zh-Hans' : 'en');

export const changeLanguage = async (lng: Locale) => {
  await loadLocale(lng);
  await i18next.changeLanguage(lng);
  // Absent only in the Node unit tests of pure logic (project web-logic).
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(lng);
};

export { i18next };
