import { EXTRA, type AggBuf } from './agg-buf.ts';
import type { CCategory } from './compile.ts';

/**
 * The aggregation methods (semantics §3.6) over the sorted normalised values of `b.list`. Each
 * writes the children's weights (and extra-credit statuses) into `b` and returns the normalised
 * result `agg`; Natural also returns the per-student range sums. null = empty because no weight
 * is left (weighted mean with Σ weights 0, simple weighted mean / mean with extra credits with
 * no usable child).
 */

export interface MethodResult {
  agg: number;
  /** Natural: Σ per-student minimums / maximums of the counted children. */
  gMin: number;
  gMax: number;
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);
/** Mode's grouping key: the value written with 14 significant digits (§3.6.5). */
const modeKey = (x: number): number => Number(x.toPrecision(14));

const plain = (agg: number): MethodResult => ({ agg, gMin: 0, gMax: 0 });

/**
 * Extra-credit weight for simple weighted mean / mean with extra credits (§3.6.7–8): how much of
 * the child survived the clamp of the total to [L, upper].
 */
const ecShownWeight = (sOld: number, sNew: number, div: number, n: number, L: number, H: number, upper: number, full: number): number => {
  const pOld = L + (sOld / div) * (H - L);
  const pNew = L + (sNew / div) * (H - L);
  const cNew = clamp(pNew, L, upper);
  if (cNew - clamp(pOld, L, upper) <= 0) return 0;
  if (cNew < pNew) return H === L || n === 0 ? 0 : (cNew - pOld - L) / (H - L) / n;
  return full;
};

const mode = (b: AggBuf): MethodResult => {
  const { list, norm, weight } = b;
  const freq = new Map<number, number>();
  for (const i of list) {
    const key = modeKey(norm[i]!);
    freq.set(key, (freq.get(key) ?? 0) + 1);
  }
  let best = -Infinity;
  let bestCount = 0;
  for (const [key, count] of freq) {
    if (count > bestCount || (count === bestCount && key > best)) {
      best = key;
      bestCount = count;
    }
  }
  for (const i of list) if (norm[i] === best) weight[i] = 1 / bestCount;
  return plain(best);
};

const weightedMean = (cat: CCategory, b: AggBuf): MethodResult | null => {
  const { list, norm, weight, reason } = b;
  let sw = 0;
  let s = 0;
  for (const i of list) {
    const w = cat.kids[i]!.wmWeight;
    if (w > 0) {
      sw += w;
      s += w * norm[i]!;
    } else reason[i] = 'zeroWeight';
  }
  if (sw === 0) return null;
  for (const i of list) {
    const w = cat.kids[i]!.wmWeight;
    if (w > 0) weight[i] = w / sw;
  }
  return plain(s / sw);
};

/** Simple weighted mean (weights = item ranges) and mean with extra credits (weights 1). */
const extraCreditMean = (cat: CCategory, b: AggBuf, bound: number): MethodResult | null => {
  const { list, norm, weight, reason, status } = b;
  const kids = cat.kids;
  const swm = cat.method === 'simpleWeightedMean';
  const range = (i: number) => (swm ? kids[i]!.max - kids[i]!.min : 1);
  let div = 0;
  let s = 0;
  let usable = false;
  for (const i of list) {
    if (kids[i]!.ec) continue;
    const r = range(i);
    if (r > 0) {
      div += r;
      s += r * norm[i]!;
      usable = true;
    } else reason[i] = 'zeroWeight';
  }
  for (const i of list) {
    if (kids[i]!.ec || !(range(i) > 0)) continue;
    weight[i] = range(i) / div;
  }
  const d = div === 0 ? 1 : div;
  const L = cat.min;
  const H = cat.max;
  for (const i of list) {
    if (!kids[i]!.ec) continue;
    status[i] = EXTRA;
    const n = norm[i]!;
    const r = swm ? range(i) : kids[i]!.ecWeight;
    if (swm && r <= 0) continue;
    usable = true;
    const sNew = s + r * n;
    weight[i] = ecShownWeight(s, sNew, d, n, L, H, H * bound, swm ? r / d : 1 / d);
    s = sNew;
  }
  return usable ? plain(s / d) : null;
};

/** Natural (§3.6.9) with per-student ranges. */
const natural = (cat: CCategory, b: AggBuf, bound: number): MethodResult => {
  const { list, norm, weight, status, mn, mx, u } = b;
  const kids = cat.kids;
  let gMax = 0;
  let gMin = 0;
  let sumW = 0;
  for (const i of list) {
    const k = kids[i]!;
    u[i] = 0;
    if (!k.ec && k.coef2 > 0) {
      gMax += mx[i]!;
      gMin += mn[i]!;
      sumW += k.coef2;
    }
  }
  let uOv = 0;
  let mOv = 0;
  for (const i of list) {
    const k = kids[i]!;
    if (k.override === null) continue;
    u[i] = k.coef2 <= 0 || sumW === 0 ? 0 : k.coef2 / sumW;
    // Only children counted in G_max (weight > 0) take their maximum out of it: a child
    // overridden to 0 is outside the maximum (§8) and must not shrink the others.
    if (!k.ec && k.coef2 > 0) {
      uOv += u[i]!;
      mOv += mx[i]!;
    }
  }
  for (const i of list) {
    const k = kids[i]!;
    if (k.override !== null || k.ec) continue;
    if (gMax - mOv <= 0) {
      u[i] = 0;
      if (k.coef2 > 0) gMax -= mx[i]!;
    } else u[i] = (mx[i]! / (gMax - mOv)) * (1 - uOv);
  }
  for (const i of list) {
    const k = kids[i]!;
    if (k.override === null && k.ec) u[i] = gMax === 0 ? 0 : mx[i]! / gMax;
  }
  let s = 0;
  for (const i of list) {
    if (kids[i]!.ec) continue;
    s += norm[i]! * u[i]! * gMax;
    weight[i] = u[i]!;
  }
  const hi = gMax * bound;
  for (const i of list) {
    if (!kids[i]!.ec) continue;
    status[i] = EXTRA;
    const n = norm[i]!;
    const e = n * u[i]! * gMax;
    const sNew = s + e;
    const gain = clamp(sNew, gMin, hi) - clamp(s, gMin, hi);
    weight[i] = gain <= 0 ? 0 : gain < e ? gain / (n * gMax) : u[i]!;
    s = sNew;
  }
  if (gMax === 0) return { agg: s, gMin, gMax: s };
  return { agg: s / gMax, gMin, gMax };
};

export const runMethod = (cat: CCategory, b: AggBuf, bound: number): MethodResult | null => {
  const { list, norm, weight } = b;
  const cnt = list.length;
  switch (cat.method) {
    case 'mean': {
      let s = 0;
      for (const i of list) {
        s += norm[i]!;
        weight[i] = 1 / cnt;
      }
      return plain(s / cnt);
    }
    case 'median': {
      const mid = cnt >> 1;
      if (cnt % 2 === 1) {
        weight[list[mid]!] = 1;
        return plain(norm[list[mid]!]!);
      }
      weight[list[mid - 1]!] = 0.5;
      weight[list[mid]!] = 0.5;
      return plain((norm[list[mid - 1]!]! + norm[list[mid]!]!) / 2);
    }
    case 'lowest':
      weight[list[0]!] = 1;
      return plain(norm[list[0]!]!);
    case 'highest':
      weight[list[cnt - 1]!] = 1;
      return plain(norm[list[cnt - 1]!]!);
    case 'mode':
      return mode(b);
    case 'weightedMean':
      return weightedMean(cat, b);
    case 'simpleWeightedMean':
    case 'meanWithExtraCredits':
      return extraCreditMean(cat, b, bound);
    case 'natural':
      return natural(cat, b, bound);
  }
};
