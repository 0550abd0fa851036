import { aggregate } from './aggregate.ts';
import { type AggBuf, type AggMode, type AggResult } from './agg-buf.ts';
import type { Compiled } from './compile.ts';
import type { ItemGrade, StudentGrades, TotalExplanation } from './types.ts';

/**
 * One bottom-up pass over the categories for one student (semantics §3, and §5 policy 3 for the
 * exclude-hidden view). Per-student state lives in small typed arrays (NaN = empty total); the
 * per-category work arrays are the engine's reusable `AggBuf`s.
 */

/** The compiled setup and what every student shares. */
export interface EngineCtx {
  c: Compiled;
  now: number | undefined;
  explain: boolean;
  /** Reused for every student: the real pass and the exclude-hidden view. */
  realBufs: AggBuf[];
  viewBufs: AggBuf[];
}

/** One student's inputs, indexed like the compiled setup. */
export interface StudentState {
  s: StudentGrades;
  grades: (ItemGrade | undefined)[];
  /** Item hidden for this student (item, its category or the grade itself). */
  itemHidden: Flags;
  /** The category's subtree holds a grade record (§3.1). */
  hasRecord: Flags;
  /** The subtree holds a hidden, non-empty grade (or a hidden non-empty total). */
  containsHidden: Flags;
  /** The category or its stored total is hidden. */
  storedHidden: Flags;
}

export type Source = TotalExplanation['source'];

/**
 * Per-student arrays are plain arrays (0/1 flags, numbers): V8 allocates them in the young
 * generation, whereas typed arrays of a few hundred bytes get an off-heap backing store each.
 */
export type Flags = number[];
export const flags = (n: number): Flags => new Array<number>(n).fill(0);
/** An array of doubles (NaN = empty) that starts as 0s. */
export const doubles = (n: number): number[] => new Array<number>(n).fill(0);

export interface Pass {
  mode: AggMode;
  /** Totals; NaN = empty. */
  value: number[];
  min: number[];
  max: number[];
  source: Source[];
  /** Exclude-hidden view: the categories recomputed (the others show the real total). */
  recompute: Flags | null;
}

export const num = (x: number): number | null => (Number.isNaN(x) ? null : x);

/** Fills `b` with the participating children's grades, per-student ranges and early exclusions. */
export const fillInputs = (ctx: EngineCtx, st: StudentState, k: number, p: Pass, b: AggBuf): void => {
  const c = ctx.c;
  const kids = c.categories[k]!.kids;
  const hiddenOut = p.mode === 'excludeHidden';
  const fromGrade = p.mode === 'real' && c.minMaxFromGrade;
  for (let j = 0; j < kids.length; j++) {
    const kid = kids[j]!;
    if (kid.kind === 'item') {
      const gr = st.grades[kid.ref];
      const v = gr === undefined ? null : gr.value;
      b.g[j] = v === null ? NaN : v;
      if (fromGrade && gr !== undefined && gr.min !== undefined && gr.max !== undefined) {
        b.mn[j] = gr.min;
        b.mx[j] = gr.max;
      } else {
        b.mn[j] = kid.min;
        b.mx[j] = kid.max;
      }
      b.out[j] = gr?.excluded ? 'excluded' : hiddenOut && st.itemHidden[kid.ref] === 1 ? 'hidden' : null;
    } else {
      const v = p.value[kid.ref]!;
      const empty = Number.isNaN(v);
      b.g[j] = v;
      b.mn[j] = empty ? kid.min : p.min[kid.ref]!;
      b.mx[j] = empty ? kid.max : p.max[kid.ref]!;
      b.out[j] = hiddenOut && st.storedHidden[kid.ref] === 1 ? 'hidden' : null;
    }
  }
};

/** A locked category or a locked/overridden stored total keeps the stored value (§3.1). */
export const keptSource = (ctx: EngineCtx, st: StudentState, k: number): Source | null => {
  const cat = ctx.c.categories[k]!;
  const stored = st.s.totals?.[cat.id];
  if (stored?.overridden) return 'overridden';
  return cat.setup.locked || stored?.locked ? 'locked' : null;
};

/** What the pass makes of an aggregation result (also applied when an explanation re-runs it). */
export const settleResult = (ctx: EngineCtx, st: StudentState, k: number, r: AggResult): void => {
  if (keptSource(ctx, st, k) !== null) return;
  if (st.hasRecord[k] !== 1) {
    r.value = null;
    r.aggregate = null;
    r.emptyReason = 'noGrades';
  } else if (ctx.c.categories[k]!.kids.length === 0) r.emptyReason = 'noChildren';
};

export const runPass = (ctx: EngineCtx, st: StudentState, mode: AggMode, real: Pass | null, recompute: Flags | null): Pass => {
  const c = ctx.c;
  const n = c.categories.length;
  const p: Pass = {
    mode,
    value: doubles(n),
    min: doubles(n),
    max: doubles(n),
    source: new Array<Source>(n).fill('computed'),
    recompute,
  };
  const bufs = mode === 'real' ? ctx.realBufs : ctx.viewBufs;
  for (const k of c.bottomUp) {
    const cat = c.categories[k]!;
    if (real !== null && recompute !== null && recompute[k] !== 1) {
      p.value[k] = real.value[k]!;
      p.min[k] = real.min[k]!;
      p.max[k] = real.max[k]!;
      p.source[k] = real.source[k] === 'computed' ? 'notRecomputed' : real.source[k]!;
      continue;
    }
    const b = bufs[k]!;
    fillInputs(ctx, st, k, p, b);
    const r = aggregate(cat, b, mode, c.unlimited);
    settleResult(ctx, st, k, r);
    const kept = keptSource(ctx, st, k);
    if (kept !== null) {
      const v = st.s.totals?.[cat.id]?.value ?? null;
      p.value[k] = v === null ? NaN : v;
      p.min[k] = cat.min;
      p.max[k] = cat.max;
      p.source[k] = kept;
    } else {
      const empty = r.value === null;
      p.value[k] = empty ? NaN : r.value!;
      p.min[k] = empty ? cat.min : r.min;
      p.max[k] = empty ? cat.max : r.max;
    }
  }
  return p;
};
