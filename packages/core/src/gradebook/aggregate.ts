import type { CCategory, CChild } from './compile.ts';
import type { ChildStatus, DropReason, EmptyReason } from './types.ts';

/**
 * One category, one student (semantics §3.3–§3.7). Inputs are the participating children's
 * values and per-student ranges; the output is the total, its range, and per child the
 * normalised value, status, reason and weight — everything the explanation shows.
 *
 * `mode`:
 * - `real`: the stored totals. Natural normalises by `g / max` (minimum ignored) and its limit
 *   rules need eligibility (§3.5); the Natural total is `clamp(a·Gmax, Gmin, Gmax)` on [0, Gmax].
 * - `excludeHidden`: the recomputation of §5 policy 3: every method normalises with
 *   `(g − min)/(max − min)`, limit rules are always allowed, and the Natural total is
 *   `min' + a·(max' − min')` with `min'` = Σ minimums, range [min', max'].
 *
 * Ties: values are sorted ascending, stably (child order breaks ties, §3.4); drop lowest removes,
 * among equal lowest values, the child with the largest maximum (the first on a further tie);
 * keep highest keeps, in descending order with ties in child order, the first N.
 */

export interface AggIn {
  cat: CCategory;
  /** Participating children. */
  kids: CChild[];
  g: (number | null)[];
  mn: number[];
  mx: number[];
  /** Left out before anything else (excluded/excused, hidden in the exclude-hidden view). */
  out: (DropReason | null)[];
  mode: 'real' | 'excludeHidden';
  unlimited: boolean;
}

export interface AggOut {
  value: number | null;
  aggregate: number | null;
  unclamped: number | null;
  clamped: boolean;
  min: number;
  max: number;
  emptyReason: EmptyReason | undefined;
  limit: { rule: 'dropLowest' | 'keepHighest'; count: number } | null;
  limitIgnored: boolean;
  norm: (number | null)[];
  status: ChildStatus[];
  reason: (DropReason | undefined)[];
  weight: number[];
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);
/** Totals are stored with 5 decimals (§3.8). */
export const round5 = (x: number): number => {
  const r = Math.round(Math.abs(x) * 1e5 * (1 + Number.EPSILON)) / 1e5;
  return x < 0 ? -r : r;
};
/** Mode's grouping key: the value written with 14 significant digits (§3.6.5). */
const modeKey = (x: number): number => Number(x.toPrecision(14));

/**
 * Extra-credit weight for simple weighted mean / mean with extra credits (§3.6.7–8): how much of
 * the child survived the clamp of the total to [L, upper].
 */
const ecShownWeight = (
  sOld: number,
  sNew: number,
  div: number,
  n: number,
  L: number,
  H: number,
  upper: number,
  full: number,
): number => {
  const pOld = L + (sOld / div) * (H - L);
  const pNew = L + (sNew / div) * (H - L);
  const cNew = clamp(pNew, L, upper);
  if (cNew - clamp(pOld, L, upper) <= 0) return 0;
  if (cNew < pNew) return H === L || n === 0 ? 0 : (cNew - pOld - L) / (H - L) / n;
  return full;
};

export const aggregate = (a: AggIn): AggOut => {
  const { cat, kids, g, mn, mx, mode } = a;
  const method = cat.method;
  const m = kids.length;
  const natural = method === 'natural';
  const norm: (number | null)[] = new Array<number | null>(m).fill(null);
  const status: ChildStatus[] = new Array<ChildStatus>(m).fill('used');
  const reason: (DropReason | undefined)[] = new Array<DropReason | undefined>(m).fill(undefined);
  const weight: number[] = new Array<number>(m).fill(0);
  const res: AggOut = {
    value: null,
    aggregate: null,
    unclamped: null,
    clamped: false,
    min: cat.min,
    max: cat.max,
    emptyReason: undefined,
    limit: null,
    limitIgnored: false,
    norm,
    status,
    reason,
    weight,
  };

  // §3.3 empty, excluded, normalise.
  let list: number[] = [];
  let allEmpty = true;
  let anyGrade = false;
  for (let i = 0; i < m; i++) {
    const gv = g[i]!;
    if (gv !== null) anyGrade = true;
    const o = a.out[i]!;
    if (o !== null) {
      status[i] = 'dropped';
      reason[i] = o;
      continue;
    }
    let v: number;
    if (gv === null) {
      if (cat.excludeEmpty) {
        status[i] = 'novalue';
        reason[i] = 'empty';
        continue;
      }
      v = 0;
    } else {
      allEmpty = false;
      const lo = mn[i]!;
      const hi = mx[i]!;
      if (hi === lo) v = 1;
      else if (natural && mode === 'real') v = hi === 0 ? 0 : gv / hi;
      else v = (gv - lo) / (hi - lo);
    }
    norm[i] = v;
    list.push(i);
  }
  if (list.length === 0) {
    res.emptyReason = anyGrade ? 'noneLeft' : 'allEmpty';
    return res;
  }

  // §3.4 stable ascending sort.
  list.sort((x, y) => norm[x]! - norm[y]! || x - y);

  // §3.5 limit rules.
  const wantsLimit = cat.dropLowest > 0 || cat.keepHighest > 0;
  if (wantsLimit && (mode === 'excludeHidden' || cat.limitAllowed)) {
    if (cat.dropLowest > 0) {
      res.limit = { rule: 'dropLowest', count: cat.dropLowest };
      for (let k = 0; k < cat.dropLowest; k++) {
        let lowest: number | null = null;
        let pick = -1;
        for (let p = 0; p < list.length; p++) {
          const i = list[p]!;
          if (kids[i]!.ec) continue;
          if (lowest === null) lowest = norm[i]!;
          else if (norm[i]! !== lowest) break;
          if (pick < 0 || mx[i]! > mx[list[pick]!]!) pick = p;
        }
        if (pick < 0) break;
        const i = list[pick]!;
        status[i] = 'dropped';
        reason[i] = 'dropLowest';
        list.splice(pick, 1);
      }
    } else {
      res.limit = { rule: 'keepHighest', count: cat.keepHighest };
      const desc = [...list].sort((x, y) => norm[y]! - norm[x]! || x - y);
      let kept = 0;
      for (const i of desc) {
        if (kids[i]!.ec) continue;
        if (kept < cat.keepHighest) kept++;
        else {
          status[i] = 'dropped';
          reason[i] = 'keepHighest';
        }
      }
      list = list.filter((i) => status[i] !== 'dropped');
    }
    if (list.length === 0) {
      res.emptyReason = 'noneLeft';
      return res;
    }
  } else if (wantsLimit) res.limitIgnored = true;

  const L = cat.min;
  const H = cat.max;
  const bound = a.unlimited ? 10 : 1;
  let agg: number | null = null;
  let gMin = 0;
  let gMax = 0;
  const cnt = list.length;

  switch (method) {
    case 'mean': {
      let s = 0;
      for (const i of list) {
        s += norm[i]!;
        weight[i] = 1 / cnt;
      }
      agg = s / cnt;
      break;
    }
    case 'median': {
      const mid = cnt >> 1;
      if (cnt % 2 === 1) {
        agg = norm[list[mid]!]!;
        weight[list[mid]!] = 1;
      } else {
        agg = (norm[list[mid - 1]!]! + norm[list[mid]!]!) / 2;
        weight[list[mid - 1]!] = 0.5;
        weight[list[mid]!] = 0.5;
      }
      break;
    }
    case 'lowest':
      agg = norm[list[0]!]!;
      weight[list[0]!] = 1;
      break;
    case 'highest':
      agg = norm[list[cnt - 1]!]!;
      weight[list[cnt - 1]!] = 1;
      break;
    case 'mode': {
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
      agg = best;
      for (const i of list) if (norm[i] === best) weight[i] = 1 / bestCount;
      break;
    }
    case 'weightedMean': {
      let sw = 0;
      let s = 0;
      for (const i of list) {
        const w = kids[i]!.wmWeight;
        if (w > 0) {
          sw += w;
          s += w * norm[i]!;
        } else reason[i] = 'zeroWeight';
      }
      if (sw === 0) {
        res.emptyReason = 'zeroWeights';
        return res;
      }
      for (const i of list) {
        const w = kids[i]!.wmWeight;
        if (w > 0) weight[i] = w / sw;
      }
      agg = s / sw;
      break;
    }
    case 'simpleWeightedMean':
    case 'meanWithExtraCredits': {
      const swm = method === 'simpleWeightedMean';
      let div = 0;
      let s = 0;
      let usable = false;
      for (const i of list) {
        if (kids[i]!.ec) continue;
        const r = swm ? kids[i]!.max - kids[i]!.min : 1;
        if (r > 0) {
          div += r;
          s += r * norm[i]!;
          usable = true;
        } else reason[i] = 'zeroWeight';
      }
      for (const i of list) {
        if (kids[i]!.ec || !(swm ? kids[i]!.max - kids[i]!.min > 0 : true)) continue;
        weight[i] = (swm ? kids[i]!.max - kids[i]!.min : 1) / div;
      }
      const d = div === 0 ? 1 : div;
      for (const i of list) {
        if (!kids[i]!.ec) continue;
        status[i] = 'extra';
        const n = norm[i]!;
        const r = swm ? kids[i]!.max - kids[i]!.min : kids[i]!.ecWeight;
        if (swm && r <= 0) continue;
        usable = true;
        const sNew = s + r * n;
        weight[i] = ecShownWeight(s, sNew, d, n, L, H, H * bound, swm ? r / d : 1 / d);
        s = sNew;
      }
      if (!usable) {
        res.emptyReason = 'zeroWeights';
        return res;
      }
      agg = s / d;
      break;
    }
    case 'natural': {
      let sumW = 0;
      for (const i of list) {
        const k = kids[i]!;
        if (!k.ec && k.coef2 > 0) {
          gMax += mx[i]!;
          gMin += mn[i]!;
          sumW += k.coef2;
        }
      }
      let uOv = 0;
      let mOv = 0;
      const u: number[] = new Array<number>(m).fill(0);
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
        if (k.override !== null) continue;
        if (!k.ec) {
          if (gMax - mOv <= 0) {
            u[i] = 0;
            if (k.coef2 > 0) gMax -= mx[i]!;
          } else u[i] = (mx[i]! / (gMax - mOv)) * (1 - uOv);
        }
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
      const lo = gMin;
      const hi = gMax * bound;
      for (const i of list) {
        if (!kids[i]!.ec) continue;
        status[i] = 'extra';
        const n = norm[i]!;
        const e = n * u[i]! * gMax;
        const sNew = s + e;
        const gain = clamp(sNew, lo, hi) - clamp(s, lo, hi);
        weight[i] = gain <= 0 ? 0 : gain < e ? gain / (n * gMax) : u[i]!;
        s = sNew;
      }
      if (gMax === 0) {
        agg = s;
        gMax = s;
      } else agg = s / gMax;
      break;
    }
  }

  res.aggregate = agg;
  if (allEmpty) {
    // §3.3: every remaining value was empty — weights stay, the total does not.
    res.emptyReason = 'allEmpty';
    res.aggregate = null;
    return res;
  }
  let raw: number;
  let lo: number;
  let hi: number;
  if (natural) {
    if (mode === 'real') {
      raw = agg * gMax;
      lo = gMin;
      res.min = 0;
    } else {
      raw = gMin + agg * (gMax - gMin);
      lo = gMin;
      res.min = gMin;
    }
    hi = gMax;
    res.max = gMax;
  } else {
    raw = L + agg * (H - L);
    lo = L;
    hi = H;
  }
  const value = clamp(raw, lo, hi * bound);
  res.unclamped = raw;
  res.clamped = value !== raw;
  res.value = round5(value);
  return res;
};
