import type { MaterialType } from '@klase/core/class-work/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { Journey, StopState } from '@klase/core/materials/contracts';
import { useClassDetails } from '../../api/class-api.ts';
import { useSession } from '../../lib/session-store.ts';
import type { JourneyFor } from '../../api/materials-api.ts';

/** One material on the course's path, with its element; `state` is null for staff (no progress, no locks). */
export interface PathStop {
  materialId: string;
  name: string;
  type: MaterialType;
  elementId: string;
  elementName: string;
  state: StopState | null;
  dueAt: string | null;
  availableFrom: string | null;
  completedAt: string | null;
  /** Staff only: unpublished materials are on the path with their chip. */
  published: boolean;
}

/** The course's materials in order, as staff see them (every material, no states). */
export const courseStops = (course: CourseDetails): PathStop[] =>
  course.elements.flatMap((e) =>
    e.materials.map((m) => ({
      materialId: m.id,
      name: m.name,
      type: m.type,
      elementId: e.id,
      elementName: e.name,
      state: null,
      dueAt: m.dueAt,
      availableFrom: m.availableFrom,
      completedAt: null,
      published: m.published,
    })),
  );

/** An element of the journey with its stops; `firstNumber` continues the numbering of the elements before it. */
export interface JourneyElement {
  id: string;
  name: string;
  firstNumber: number;
  stops: PathStop[];
}

export const journeyElements = (journey: Journey): JourneyElement[] => {
  let next = 1;
  return journey.elements.map((e) => {
    const firstNumber = next;
    next += e.stops.length;
    return { id: e.id, name: e.name, firstNumber, stops: e.stops.map((s) => ({ ...s, elementId: e.id, elementName: e.name, published: true })) };
  });
};

/** The journey's stops in order (element, then material). */
export const journeyStops = (journey: Journey): PathStop[] => journeyElements(journey).flatMap((e) => e.stops);

/** A stop the student may open: finished, current, or open in a free-order course. */
export const isReachable = (state: StopState | null) => state === null || state === 'done' || state === 'current' || state === 'open';

/**
 * What keeps a locked stop locked: the first stop before it not done yet (the journey's frontier,
 * which every later stop waits for); undefined when the stop is not locked.
 */
export const blockingStop = (stops: readonly PathStop[], materialId: string): PathStop | undefined => {
  const i = stops.findIndex((s) => s.materialId === materialId);
  if (i < 0 || stops[i]!.state !== 'locked') return undefined;
  return stops.slice(0, i).find((s) => s.state !== 'done');
};

export const neighbours = (stops: readonly PathStop[], materialId: string) => {
  const i = stops.findIndex((s) => s.materialId === materialId);
  return { previous: i > 0 ? stops[i - 1] : undefined, next: i >= 0 ? stops[i + 1] : undefined };
};

/**
 * The material an element page opens without `?material=`: the current stop when it is in this
 * element, else the element's first reachable stop, else its first stop.
 */
export const defaultStop = (stops: readonly PathStop[], elementId: string, currentId: string | null): PathStop | undefined => {
  const inElement = stops.filter((s) => s.elementId === elementId);
  return inElement.find((s) => s.materialId === currentId) ?? inElement.find((s) => isReachable(s.state)) ?? inElement[0];
};

/**
 * Whose journey the page shows: the preview of a new student in student mode (and for staff, who
 * have no journey of their own), students their own, parents their selected child's. Null until
 * the class record says who the caller is.
 */
export const useJourneyFor = (classId: string, preview = false): JourneyFor | null => {
  const cls = useClassDetails(classId);
  const childId = useSession((s) => s.selectedChildId);
  const relation = cls.data?.relation;
  if (preview) return { kind: 'preview' };
  if (!relation) return null;
  if (relation === 'student') return { kind: 'self' };
  if (relation === 'parent') return childId ? { kind: 'child', childId } : null;
  return { kind: 'preview' };
};
