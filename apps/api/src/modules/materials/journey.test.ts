import { describe, expect, it } from 'vitest';
import { computeJourney, stopState, type JourneyItem, type JourneyPath } from './journey.ts';

const NOW = new Date('2026-09-01T08:00:00Z');
const LATER = new Date('2026-09-10T08:00:00Z');
const EARLIER = new Date('2026-08-01T08:00:00Z');

const item = (elementPosition: number, position: number, over: Partial<JourneyItem> = {}): JourneyItem => ({
  elementId: `e${elementPosition}`,
  elementName: `Week ${elementPosition + 1}`,
  elementType: 'basic',
  elementPosition,
  materialId: over.materialId ?? `m${elementPosition}-${position}`,
  name: over.name ?? `M${elementPosition + 1}.${position + 1}`,
  type: 'page',
  position,
  dueAt: null,
  availableFrom: null,
  ...over,
});

const states = (p: JourneyPath) => p.elements.flatMap((e) => e.stops.map((s) => `${s.name}:${s.state}`));
const done = (...ids: string[]) => new Map(ids.map((id) => [id, EARLIER]));

describe('computeJourney', () => {
  const course = [item(0, 0), item(0, 1), item(1, 0), item(1, 1)];

  it('orders stops by element position, then material position, whatever order they come in', () => {
    const shuffled = [course[3], course[1], course[2], course[0]].filter((x): x is JourneyItem => x !== undefined);
    const p = computeJourney(shuffled, done(), NOW, true);
    expect(p.elements.map((e) => e.name)).toEqual(['Week 1', 'Week 2']);
    expect(states(p)).toEqual(['M1.1:current', 'M1.2:locked', 'M2.1:locked', 'M2.2:locked']);
    expect(p).toMatchObject({ sequential: true, completed: 0, total: 4, percent: 0, currentMaterialId: 'm0-0' });
  });

  it('sequential: completing in order moves the current stop along, across elements', () => {
    const p = computeJourney(course, done('m0-0', 'm0-1'), NOW, true);
    expect(states(p)).toEqual(['M1.1:done', 'M1.2:done', 'M2.1:current', 'M2.2:locked']);
    expect(p).toMatchObject({ completed: 2, total: 4, percent: 50, currentMaterialId: 'm1-0' });
    const stop = p.elements[0]?.stops[0];
    expect(stop?.completedAt).toBe(EARLIER.toISOString());
  });

  it('sequential: a stop done out of order stays done, the first stop not done is still current', () => {
    const p = computeJourney(course, done('m1-0'), NOW, true);
    expect(states(p)).toEqual(['M1.1:current', 'M1.2:locked', 'M2.1:done', 'M2.2:locked']);
  });

  it('free order: nothing is locked; the first stop not done is current and the rest open', () => {
    const p = computeJourney(course, done('m0-0'), NOW, false);
    expect(states(p)).toEqual(['M1.1:done', 'M1.2:current', 'M2.1:open', 'M2.2:open']);
    expect(p.currentMaterialId).toBe('m0-1');
  });

  it('a stop with availableFrom in the future is unavailable; in sequential order it holds back the rest', () => {
    const timed = [item(0, 0), item(0, 1, { availableFrom: LATER }), item(0, 2), item(0, 3, { availableFrom: EARLIER })];
    const seqPath = computeJourney(timed, done('m0-0'), NOW, true);
    expect(states(seqPath)).toEqual(['M1.1:done', 'M1.2:unavailable', 'M1.3:locked', 'M1.4:locked']);
    expect(seqPath.currentMaterialId).toBeNull();
    const free = computeJourney(timed, done('m0-0'), NOW, false);
    expect(states(free)).toEqual(['M1.1:done', 'M1.2:unavailable', 'M1.3:current', 'M1.4:open']);
    expect(free.elements[0]?.stops[1]?.availableFrom).toBe(LATER.toISOString());
  });

  it('a completed stop stays done even if it is not available any more', () => {
    const p = computeJourney([item(0, 0, { availableFrom: LATER })], done('m0-0'), NOW, true);
    expect(states(p)).toEqual(['M1.1:done']);
    expect(p).toMatchObject({ completed: 1, total: 1, percent: 100, currentMaterialId: null });
  });

  it('an empty path is 0 %, with no current stop', () => {
    expect(computeJourney([], done(), NOW, true)).toEqual({ sequential: true, elements: [], completed: 0, total: 0, percent: 0, currentMaterialId: null });
  });

  it('rounds the percentage and carries due dates', () => {
    const three = [item(0, 0, { dueAt: LATER }), item(0, 1), item(0, 2)];
    const p = computeJourney(three, done('m0-0'), NOW, true);
    expect(p.percent).toBe(33);
    expect(p.elements[0]?.stops[0]?.dueAt).toBe(LATER.toISOString());
  });

  it('stopState finds a stop by id, null off the path', () => {
    const p = computeJourney(course, done(), NOW, true);
    expect(stopState(p, 'm0-0')).toBe('current');
    expect(stopState(p, 'm1-1')).toBe('locked');
    expect(stopState(p, 'elsewhere')).toBeNull();
  });
});
