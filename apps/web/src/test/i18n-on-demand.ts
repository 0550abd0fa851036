import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResourceStore } from 'i18next';
import { i18next } from '../i18n/i18n.ts';

/** The store's lookup, through which every `t` call reads a text (i18next keeps it off its public type). */
type LookupStore = ResourceStore & { getResource(lng: string, ns: string, key?: string, options?: object): unknown };

const LOCALES_DIR = join(import.meta.dirname, '../i18n/locales');

/**
 * Test setup only: the app's namespaces (`src/i18n/locales/<locale>/<ns>.json`) are read from disk
 * the first time a text of one is looked up, in the locale asked for, instead of all of them being
 * imported before every test file. A test sees the same texts as the signed-in app (whose root
 * loader loads the feature namespaces before a page renders); a file pays only for the namespaces
 * its components use. Namespaces added by the app itself (the bundled base ones, a language change)
 * are left as they are.
 */
/** On the store: its lookup is wrapped already. */
const WRAPPED = Symbol.for('klase.test.i18n-on-demand');

export const loadNamespacesOnDemand = (): void => {
  const store = i18next.services.resourceStore as LookupStore & { [WRAPPED]?: true };
  // Test files that share a worker (project web) run this setup once each, with this module loaded
  // again but i18next (from node_modules) kept: wrap its store once.
  if (store[WRAPPED]) return;
  store[WRAPPED] = true;
  const tried = new Set<string>();
  const ensure = (lng: string, ns: string) => {
    const id = `${lng}/${ns}`;
    if (tried.has(id) || !lng || !ns) return;
    // Marked first: hasResourceBundle looks up through this same wrapper.
    tried.add(id);
    if (i18next.hasResourceBundle(lng, ns)) return;
    const file = join(LOCALES_DIR, `${id}.json`);
    if (existsSync(file)) i18next.addResourceBundle(lng, ns, JSON.parse(readFileSync(file, 'utf8')), true, true);
  };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng: string, ns: string, key?: string, options?: object) => {
    ensure(lng, ns);
    return getResource(lng, ns, key, options);
  };
};
