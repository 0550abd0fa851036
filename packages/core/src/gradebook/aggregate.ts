import { type AggMode, USED, NOVALUE, DROPPED, type AggResult, type AggBuf } from './agg-buf.ts';
import type { CCategory } from './compile.ts';
import { runMethod, type MethodResult } from './methods.ts';

/**
 * One category, one student (semantics §3.3–§3.7). Inputs are the participating children's
 * values and per-student ranges; the output is the total, its range, and per child the
 * normalised value, status, reason and weight — everything the explanation shows.
 *
 * Speed: every array lives in an `AggBuf` made once per category and reused for every student
 * (typed arrays, NaN = empty), so a student costs no allocation here. The engine reads weights
 * and statuses right after the pass; an explanation re-runs `aggregate` on a fresh buffer.
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

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);
/** Totals are stored with 5 decimals (§3.8). */
export const round5 = (x: number): number => {
  const r = Math.round(Math.abs(x) * 1e5 * (1 + Number.EPSILON)) / 1e5;
  return x < 0 ? -r : r;
};

/** §3.5 drop lowest / keep highest on `b.list` (sorted ascending). */
const applyLimit = (cat: CCategory, b: AggBuf): void => {
  const { kids } = cat;
  const { norm, mx, status, reason } = b;
  let list = b.list;
  if (cat.dropLowest > 0) {
    b.res.limit = { rule: 'dropLowest', count: cat.dropLowest };
    for (let k = 0; k < cat.dropLowest; k++) {
      let lowest = NaN;
      let pick = -1;
      for (let p = 0; p < list.length; p++) {
        const i = list[p]!;
        if (kids[i]!.ec) continue;
        if (pick < 0) lowest = norm[i]!;
        else if (norm[i]! !== lowest) break;
        if (pick < 0 || mx[i]! > mx[list[pick]!]!) pick = p;
      }
      if (pick < 0) break;
      const i = list[pick]!;
      status[i] = DROPPED;
      reason[i] = 'dropLowest';
      list.splice(pick, 1);
    }
  } else {
    b.res.limit = { rule: 'keepHighest', count: cat.keepHighest };
    const desc = [...list].sort((x, y) => norm[y]! - norm[x]! || x - y);
    let kept = 0;
    for (const i of desc) {
      if (kids[i]!.ec) continue;
      if (kept < cat.keepHighest) kept++;
      else {
        status[i] = DROPPED;
        reason[i] = 'keepHighest';
      }
    }
    list = list.filter((i) => status[i] !== DROPPED);
    b.list = list;
  }
};

/** Clears `b.res` to the category's configured range and no total. */
const resetResult = (cat: CCategory, res: AggResult): void => {
  res.value = null;
  res.aggregate = null;
  res.unclamped = null;
  res.clamped = false;
  res.min = cat.min;
  res.max = cat.max;
  res.emptyReason = undefined;
  res.limit = null;
  res.limitIgnored = false;
};

/**
 * §3.3 empty, excluded, normalise: fills `b.norm`, `b.status`, `b.reason` (weights cleared) and
 * lists the children still taking part in `b.list`, in child order.
 */
const normaliseInputs = (cat: CCategory, b: AggBuf, mode: AggMode): { allEmpty: boolean; anyGrade: boolean } => {
  const m = cat.kids.length;
  const natural = cat.method === 'natural';
  const { g, mn, mx, norm, status, reason, weight } = b;
  const list = b.list;
  list.length = 0;
  let allEmpty = true;
  let anyGrade = false;
  for (let i = 0; i < m; i++) {
    const gv = g[i]!;
    const empty = Number.isNaN(gv);
    if (!empty) anyGrade = true;
    weight[i] = 0;
    norm[i] = NaN;
    status[i] = USED;
    reason[i] = undefined;
    const o = b.out[i]!;
    if (o !== null) {
      status[i] = DROPPED;
      reason[i] = o;
      continue;
    }
    let v: number;
    if (empty) {
      if (cat.excludeEmpty) {
        status[i] = NOVALUE;
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
  return { allEmpty, anyGrade };
};

/** §3.4 stable ascending sort of `b.list` by `b.norm` (insertion sort: lists are short and often nearly sorted). */
const sortAscending = (b: AggBuf): void => {
  const { list, norm } = b;
  for (let p = 1; p < list.length; p++) {
    const i = list[p]!;
    const v = norm[i]!;
    let q = p - 1;
    while (q >= 0 && norm[list[q]!]! > v) {
      list[q + 1] = list[q]!;
      q--;
    }
    list[q + 1] = i;
  }
};

/** Turns the method's aggregate (0..bound) into the category total, its range and clamping (§3.6, §3.7). */
const setTotal = (cat: CCategory, res: AggResult, mode: AggMode, r: MethodResult, bound: number): void => {
  let raw: number;
  let lo: number;
  let hi: number;
  if (cat.method === 'natural') {
    if (mode === 'real') {
      raw = r.agg * r.gMax;
      res.min = 0;
    } else {
      raw = r.gMin + r.agg * (r.gMax - r.gMin);
      res.min = r.gMin;
    }
    lo = r.gMin;
    hi = r.gMax;
    res.max = r.gMax;
  } else {
    raw = cat.min + r.agg * (cat.max - cat.min);
    lo = cat.min;
    hi = cat.max;
  }
  const value = clamp(raw, lo, hi * bound);
  res.unclamped = raw;
  res.clamped = value !== raw;
  res.value = round5(value);
};

/** Aggregates `cat` from the inputs in `b`; the results are in `b` (and `b.res`, returned). */
export const aggregate = (cat: CCategory, b: AggBuf, mode: AggMode, unlimited: boolean): AggResult => {
  const res = b.res;
  resetResult(cat, res);

  const { allEmpty, anyGrade } = normaliseInputs(cat, b, mode);
  if (b.list.length === 0) {
    res.emptyReason = anyGrade ? 'noneLeft' : 'allEmpty';
    return res;
  }
  sortAscending(b);

  const wantsLimit = cat.dropLowest > 0 || cat.keepHighest > 0;
  if (wantsLimit && (mode === 'excludeHidden' || cat.limitAllowed)) {
    applyLimit(cat, b);
    if (b.list.length === 0) {
      res.emptyReason = 'noneLeft';
      return res;
    }
  } else if (wantsLimit) res.limitIgnored = true;

  const bound = unlimited ? 10 : 1;
  const r = runMethod(cat, b, bound);
  if (r === null) {
    res.emptyReason = 'zeroWeights';
    return res;
  }
  res.aggregate = r.agg;
  if (allEmpty) {
    // §3.3: every remaining value was empty — weights stay, the total does not.
    res.emptyReason = 'allEmpty';
    res.aggregate = null;
    return res;
  }
  setTotal(cat, res, mode, r, bound);
  return res;
};
