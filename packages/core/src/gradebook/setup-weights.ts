import { compileSetup } from './compile.ts';
import type { AggregationMethod, GradebookSetup } from './types.ts';

/**
 * Student-independent weights for the grade-setup page (semantics §2.2, §2.3): every category and
 * item id → its weight in its parent as a fraction (the page shows × 100 with 3 decimals), or
 * null where the parent's method has no weight without a student ("-").
 *
 * - Natural: the §2.3 weight (automatic, overridden, normalised; extra credit relative to the
 *   non-extra-credit maxima, may exceed 1).
 * - Weighted mean: weight / Σ positive weights (a weight ≤ 0 shows 0).
 * - Mean of grades: 1 / number of participating children.
 * - Simple weighted mean: range / Σ ranges of the normal children; extra credit is relative to the
 *   same Σ (§3.6.7 before any clamping).
 * - Mean with extra credits: 1 / number of normal children, extra credit too (§3.6.8: the
 *   coefficient itself is not part of the shown weight).
 * - Median, lowest, highest, mode: null (only a student's grades decide).
 * Children that take no part (§2.1: text items, scales when not aggregated, outcomes) and the
 * course itself: null.
 */
export const setupWeights = (setup: GradebookSetup): Record<string, number | null> => {
  const c = compileSetup(setup);
  const out: Record<string, number | null> = {};
  for (const cat of c.categories) {
    if (cat.parent < 0) out[cat.id] = null;
    const kids = cat.kids;
    const normal = kids.filter((k) => !k.ec);
    let share: (k: (typeof kids)[number]) => number | null;
    switch (cat.method) {
      case 'natural':
        share = (k) => k.coef2;
        break;
      case 'weightedMean': {
        const sum = kids.reduce((s, k) => s + (k.wmWeight > 0 ? k.wmWeight : 0), 0);
        share = (k) => (k.wmWeight > 0 && sum > 0 ? k.wmWeight / sum : 0);
        break;
      }
      case 'mean':
        share = () => 1 / kids.length;
        break;
      case 'simpleWeightedMean': {
        const sum = normal.reduce((s, k) => s + Math.max(0, k.max - k.min), 0);
        share = (k) => (sum > 0 ? Math.max(0, k.max - k.min) / sum : 0);
        break;
      }
      case 'meanWithExtraCredits':
        share = () => (normal.length > 0 ? 1 / normal.length : 0);
        break;
      default:
        share = () => null;
    }
    for (const kid of cat.children) out[kid.id] = kid.participates ? share(kid) : null;
  }
  return out;
};

const EXTRA_CREDIT_METHODS: readonly AggregationMethod[] = ['natural', 'simpleWeightedMean', 'meanWithExtraCredits'];

/**
 * A child's stored coefficients after its category switched from `previous` to `method` (§2.2),
 * in the storage convention of setup-build.ts: one `weight` column read per parent method
 * (weighted mean: the weight; Natural: the override in percent; mean with extra credits: the
 * extra-credit weight) where null means the default (weight 1, automatic, extra-credit weight 1).
 *
 * - Same method: unchanged.
 * - Weighted mean: weight back to the default 1, no extra credit.
 * - Natural, simple weighted mean, mean with extra credits: automatic/default weight; the
 *   extra-credit flag survives only a switch between these three (an extra-credit weight ≤ 0
 *   under mean with extra credits was no extra credit); a mean-with-extra-credits weight above 1
 *   is not carried over (the others know only a flag).
 * - Any other method: nothing (weight default, no extra credit).
 */
export const resetCoefficientsFor = (
  method: AggregationMethod,
  previous: AggregationMethod,
  child: { weight: number | null; extraCredit: boolean },
): { weight: number | null; extraCredit: boolean } => {
  if (method === previous) return { weight: child.weight, extraCredit: child.extraCredit };
  if (!EXTRA_CREDIT_METHODS.includes(method) || !EXTRA_CREDIT_METHODS.includes(previous)) return { weight: null, extraCredit: false };
  const wasExtra = child.extraCredit && (previous !== 'meanWithExtraCredits' || (child.weight ?? 1) > 0);
  return { weight: null, extraCredit: wasExtra };
};
