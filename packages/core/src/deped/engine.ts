import type {
  Component,
  ComponentResult,
  ComponentWeights,
  Descriptor,
  DescriptorBounds,
  Honor,
  Quarter,
  QuarterResult,
  TransmutationRow,
} from './contracts.ts';
import { COMPONENTS } from './contracts.ts';
import { PASSING_GRADE } from './defaults.ts';

/**
 * The DepEd K to 12 grade computation (DepEd Order No. 8, s. 2015), pure and shared by the API (report,
 * SF9, E-Class Record) and the web (previews). Numbers are kept in hundredths where the order shows
 * two decimals (PS, WS, initial grade) so a sum never drifts; grades on a card are whole numbers.
 */

/** One scored item: `score` null = not scored yet (left out of both totals). */
export type ScoreItem = { score: number | null; max: number };

/** Round half up to `d` decimals (0.005 → 0.01), working in integers to avoid binary drift. */
export const roundTo = (n: number, d: number): number => {
  const f = 10 ** d;
  return Math.round(Number((n * f).toFixed(6))) / f;
};

/** The row of the table whose `min` is the highest one not above `initial` (rows highest first). */
export const transmuteRow = (initial: number, table: readonly TransmutationRow[]): TransmutationRow | null => {
  for (const row of table) if (initial >= row.min) return row;
  return null;
};

export const transmute = (initial: number, table: readonly TransmutationRow[]): number | null => transmuteRow(initial, table)?.grade ?? null;

/** Per component: raw and highest totals of the scored items, PS and WS (2 decimals). */
export const componentResult = (component: Component, weight: number, items: readonly ScoreItem[]): ComponentResult => {
  const scored = items.filter((i) => i.score !== null && i.max > 0);
  const raw = roundTo(
    scored.reduce((s, i) => s + (i.score ?? 0), 0),
    2,
  );
  const highest = roundTo(
    scored.reduce((s, i) => s + i.max, 0),
    2,
  );
  const ps = highest > 0 ? roundTo((raw / highest) * 100, 2) : null;
  const ws = ps === null ? null : roundTo((ps * weight) / 100, 2);
  return { component, weight, items: scored.length, raw, highest, ps, ws };
};

export const descriptorOf = (grade: number | null, bounds: DescriptorBounds): Descriptor | null => {
  if (grade === null) return null;
  if (grade >= bounds.outstanding) return 'outstanding';
  if (grade >= bounds.verySatisfactory) return 'verySatisfactory';
  if (grade >= bounds.satisfactory) return 'satisfactory';
  if (grade >= bounds.fairlySatisfactory) return 'fairlySatisfactory';
  return 'didNotMeet';
};

/**
 * One quarter of one learning area: PS and WS per component, the initial grade (sum of the WS) and the
 * transmuted quarterly grade. A component without a scored item leaves the quarter incomplete.
 */
export const computeQuarter = (
  quarter: Quarter,
  weights: ComponentWeights,
  items: Readonly<Record<Component, readonly ScoreItem[]>>,
  table: readonly TransmutationRow[],
  bounds: DescriptorBounds,
): QuarterResult => {
  const components = COMPONENTS.map((c) => componentResult(c, weights[c], items[c]));
  const complete = components.every((c) => c.ws !== null);
  const initial = complete
    ? roundTo(
        components.reduce((s, c) => s + (c.ws ?? 0), 0),
        2,
      )
    : null;
  const row = initial === null ? null : transmuteRow(initial, table);
  const quarterly = row?.grade ?? null;
  return { quarter, components, initial, quarterly, row, descriptor: descriptorOf(quarterly, bounds) };
};

const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

/** Mean of the grades when every one of them exists, rounded to a whole number; else null. */
export const wholeMean = (grades: readonly (number | null)[]): number | null => {
  if (grades.length === 0 || grades.some((g) => g === null)) return null;
  return roundTo(mean(grades as number[]), 0);
};

/** Final grade of a learning area: the mean of its quarterly grades (four, or two per semester in Senior High). */
export const finalGrade = (quarterlies: readonly (number | null)[]): number | null => wholeMean(quarterlies);

/** MAPEH's quarterly grade: the mean of Music, Arts, PE and Health of that quarter. */
export const mapehQuarter = (parts: readonly (number | null)[]): number | null => wholeMean(parts);

/** General average: the mean of the final grades, 3 decimals (for honors); `rounded` for the card. */
export const generalAverage = (finals: readonly (number | null)[]): { exact: number; rounded: number } | null => {
  if (finals.length === 0 || finals.some((g) => g === null)) return null;
  const exact = roundTo(mean(finals as number[]), 3);
  return { exact, rounded: roundTo(exact, 0) };
};

/** Honors by the general average (DepEd Order No. 36, s. 2016). */
export const honorOf = (average: number | null): Honor | null => {
  if (average === null) return null;
  if (average >= 98) return 'highest';
  if (average >= 95) return 'high';
  if (average >= 90) return 'honors';
  return null;
};

export const remarksOf = (grade: number | null): 'passed' | 'failed' | null => (grade === null ? null : grade >= PASSING_GRADE ? 'passed' : 'failed');
