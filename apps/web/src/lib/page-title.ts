import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mergeMeta } from '../config/access.ts';

/**
 * What names the open page beyond its route: the class and the course it belongs to, and the
 * page's own name where the route's title is generic (a material's name instead of "Material").
 * The layouts and pages that load these names register them with `usePageTitle`; the app shell
 * builds the document title and the page's h1 from them.
 */
export interface PageTitleParts {
  class?: string;
  course?: string;
  page?: string;
}
export type PageTitleLevel = keyof PageTitleParts;

let parts: PageTitleParts = {};
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setPart = (level: PageTitleLevel, value: string | undefined) => {
  if (parts[level] === value) return;
  parts = { ...parts, [level]: value };
  for (const l of listeners) l();
};

/** The names registered now (for the shell). */
export const usePageTitleParts = (): PageTitleParts =>
  useSyncExternalStore(
    subscribe,
    () => parts,
    () => parts,
  );

/**
 * Names the open page's class, course or the page itself while the calling component is mounted
 * (`undefined` while the name is loading). One mechanism for every page: the route's `handle.title`
 * gives the page's kind ("Students"), these names say whose it is.
 */
export const usePageTitle = (level: PageTitleLevel, name: string | undefined) => {
  useEffect(() => {
    if (name === undefined) return;
    setPart(level, name);
    return () => setPart(level, undefined);
  }, [level, name]);
};

export interface PageNames {
  /** What the page is: a material's name, or the route's title ("Grade book"). */
  page: string;
  /** The route's title: the kind of page ("Grade book", "Course element"). */
  kind: string;
  /** Whose it is, most specific first: the course, then the class. */
  context: string[];
  /** The class the page belongs to, if any. */
  className?: string;
}

/** The page's name and context from the route title (already translated) and the registered names. */
export const pageNames = (routeTitle: string | undefined, p: PageTitleParts): PageNames => {
  const kind = routeTitle ?? '';
  const page = p.page ?? kind;
  const context = [p.course, p.class].filter((n): n is string => !!n && n !== page);
  return { page, kind, context, className: p.class };
};

/** "<page> · <course> · <class> | Klase" (only the parts known), or "Klase". */
export const documentTitle = ({ page, context }: PageNames) => {
  const name = [page, ...context].filter(Boolean).join(' · ');
  return name ? `${name} | Klase` : 'Klase';
};

/**
 * "<kind of page> — <class>" ("Students — Grade 7 - Sampaguita"): the visible h1 of a page inside
 * a class; the route's title alone elsewhere. The course's and the material's names are the
 * headings just below it on their pages, so the h1 does not repeat them (the document title has
 * them all).
 */
export const headingText = ({ kind, className }: PageNames) => (className ? `${kind} — ${className}` : kind);

/** The open page's names: the deepest route's title, translated, with the registered names. */
export const usePageNames = (): PageNames => {
  const matches = useMatches();
  const { t } = useTranslation('shell');
  const key = mergeMeta(matches.map((m) => m.handle)).title;
  return pageNames(key ? t(key) : undefined, usePageTitleParts());
};
