import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MaterialDetails } from '@klase/core/materials/contracts';

/**
 * Pieces one feature shows inside another feature's page. Features never import each other
 * (docs/architecture.md, "Web layers"): the page asks for a slot here and `app/slots.ts` fills it
 * with the other feature's module, loaded on demand.
 */

/** The work panel of a graded material inside the material viewer: submitting, the quiz, the grade. */
export interface GradedPanelProps {
  material: MaterialDetails;
  classId: string;
  courseId: string;
  studentMode?: boolean;
}

/** The dashboard's "Upcoming events" box (the calendar's): whose (a parent's child, else the user's). */
export interface UpcomingEventsProps {
  childId: string | null;
  /** "For <child>" under the title, or null. */
  subtitle: string | null;
}

export interface Slots {
  assignmentPanel: ComponentType<GradedPanelProps>;
  activityPanel: ComponentType<GradedPanelProps>;
  quizPanel: ComponentType<GradedPanelProps>;
  /** The dashboard's "Announcements" box (features/announcements). */
  announcementsBox: ComponentType;
  /** The dashboard's "Upcoming events" box (features/calendar). */
  upcomingEvents: ComponentType<UpcomingEventsProps>;
  /** A parent's view of a child's report cards (features/report-cards). */
  childReportCards: ComponentType<{ childId: string }>;
  /** A parent's overview of a child's latest grades (features/dashboard). */
  childGrades: ComponentType<{ childId: string }>;
  /** A child's published portfolios, on the parent's child page (features/portfolios). */
  childPortfolios: ComponentType<{ childId: string }>;
  /** A student's learner fields, editable by a school admin (features/learners). */
  learnerFieldsPanel: ComponentType<{ userId: string }>;
  /** The class adviser line on a class page (features/learners). */
  adviserLine: ComponentType<{ classId: string }>;
}

export type SlotLoaders = { [K in keyof Slots]: () => Promise<Slots[K]> };

let loaders: Partial<SlotLoaders> = {};
const cache = new Map<keyof Slots, LazyExoticComponent<Slots[keyof Slots]>>();

/** Called once by `app/` before anything renders. */
export const fillSlots = (next: SlotLoaders) => {
  loaders = next;
};

/**
 * The slot's component, loaded on demand when first rendered (inside Suspense), so a module may ask
 * for it at its top level before `app/` has filled the slots.
 */
export const slot = <K extends keyof Slots>(name: K): LazyExoticComponent<Slots[K]> => {
  const cached = cache.get(name) as LazyExoticComponent<Slots[K]> | undefined;
  if (cached) return cached;
  const component = lazy(async () => {
    const load = loaders[name] as (() => Promise<Slots[K]>) | undefined;
    if (!load) throw new Error(`The ${name} slot is not filled (app/slots.ts)`);
    return { default: await load() };
  });
  cache.set(name, component as LazyExoticComponent<Slots[keyof Slots]>);
  return component;
};
