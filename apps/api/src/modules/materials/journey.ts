import type { MaterialType } from '@klase/core/class-work/contracts';
import type { Journey, StopState } from '@klase/core/materials/contracts';

/**
 * The journey of a course: the one place that orders stops and decides which are done, current,
 * open, locked or not yet available. The journey route, material details, file downloads and
 * views all ask it, so a material is never reachable by one door and locked at another.
 */

/** A published, assigned material of the course, with its element. */
export interface JourneyItem {
  elementId: string;
  elementName: string;
  elementType: 'basic' | 'lesson';
  elementPosition: number;
  materialId: string;
  name: string;
  type: MaterialType;
  position: number;
  dueAt: Date | null;
  availableFrom: Date | null;
}

export type JourneyPath = Omit<Journey, 'courseId'>;

const byPath = (a: JourneyItem, b: JourneyItem): number =>
  a.elementPosition - b.elementPosition ||
  (a.elementId < b.elementId ? -1 : a.elementId > b.elementId ? 1 : 0) ||
  a.position - b.position ||
  (a.materialId < b.materialId ? -1 : a.materialId > b.materialId ? 1 : 0);

/**
 * Stops in element then material order. A completed stop is `done`. A stop whose `availableFrom`
 * lies after `now` is `unavailable`. In a sequential course the first stop not done is the
 * frontier: it is `current` when available, and every later stop not done is `locked` (an
 * unavailable frontier leaves no stop current). In a free-order course the first available stop
 * not done is `current` and the other available ones are `open`.
 */
export const computeJourney = (items: readonly JourneyItem[], completedAt: ReadonlyMap<string, Date>, now: Date, sequential: boolean): JourneyPath => {
  const ordered = [...items].sort(byPath);
  let frontierSeen = false;
  let currentMaterialId: string | null = null;
  const elements: JourneyPath['elements'] = [];
  let completed = 0;
  for (const item of ordered) {
    const done = completedAt.get(item.materialId) ?? null;
    const unavailable = item.availableFrom !== null && item.availableFrom.getTime() > now.getTime();
    let state: StopState;
    if (done) state = 'done';
    else if (sequential && frontierSeen) state = 'locked';
    else if (unavailable) state = 'unavailable';
    else if (currentMaterialId === null) state = 'current';
    else state = 'open';
    if (!done) frontierSeen = true;
    if (state === 'current') currentMaterialId = item.materialId;
    if (done) completed += 1;
    let element = elements.at(-1);
    if (element?.id !== item.elementId) {
      element = { id: item.elementId, name: item.elementName, type: item.elementType, stops: [] };
      elements.push(element);
    }
    element.stops.push({
      materialId: item.materialId,
      name: item.name,
      type: item.type,
      state,
      dueAt: item.dueAt?.toISOString() ?? null,
      availableFrom: item.availableFrom?.toISOString() ?? null,
      completedAt: done?.toISOString() ?? null,
    });
  }
  const total = ordered.length;
  return { sequential, elements, completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100), currentMaterialId };
};

/** The state of one stop (null: not on the path, i.e. unpublished or not assigned). */
export const stopState = (path: JourneyPath, materialId: string): StopState | null => {
  for (const e of path.elements) for (const s of e.stops) if (s.materialId === materialId) return s.state;
  return null;
};
