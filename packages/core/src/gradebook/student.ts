import { gradePercent, isPassing } from './display.ts';
import { doubles, flags, num, type EngineCtx, type StudentState } from './pass.ts';
import { NOVALUE, STATUSES, UNKNOWN, type AggBuf } from './agg-buf.ts';
import type { HiddenPolicy, ItemGrade, ItemResult, StudentGradebook, StudentView, TotalResult } from './types.ts';

/**
 * Weights and contributions (semantics §4) and the per-student result. The weights are copied out
 * of the reused aggregation buffers into typed arrays right after a pass; the `items` records (one
 * object per item, what a student's report reads) are built from them on first read — the grid
 * and the stored totals only read `totals`.
 */

export interface Weights {
  /** Weight of each item in its category; NaN = "-". */
  itemW: number[];
  itemStatus: number[];
  /** Product of the category weights from a category up to the course (absent ones skipped). */
  chain: number[];
}

/**
 * Weights of each item and category in its parent, read from the buffers of a pass (`bufOf`).
 * `blankEmpty`: categories whose empty children get no weight ("-", not 0): those the
 * exclude-hidden view recomputed (§5: empties there are dropped with weight "-").
 */
export const weightsOf = (ctx: EngineCtx, st: StudentState, bufOf: (k: number) => AggBuf, blankEmpty?: (k: number) => boolean): Weights => {
  const c = ctx.c;
  const itemW = doubles(c.items.length);
  const itemStatus = flags(c.items.length);
  const catW = doubles(c.categories.length);
  for (const cat of c.categories) {
    const b = bufOf(cat.index);
    const has = st.hasRecord[cat.index] === 1;
    const blank = blankEmpty?.(cat.index) === true;
    let j = 0;
    for (const kid of cat.children) {
      let w = has ? 0 : NaN;
      let code = UNKNOWN;
      if (kid.participates) {
        code = b.status[j]!;
        if (has) w = blank && code === NOVALUE ? NaN : b.weight[j]!;
        j++;
      }
      if (kid.kind === 'item') {
        itemW[kid.ref] = w;
        itemStatus[kid.ref] = code;
      } else catW[kid.ref] = w;
    }
  }
  const chain = doubles(c.categories.length).fill(1);
  for (let x = c.bottomUp.length - 1; x >= 0; x--) {
    const k = c.bottomUp[x]!;
    const parent = c.categories[k]!.parent;
    if (parent >= 0) chain[k] = chain[parent]! * (Number.isNaN(catW[k]!) ? 1 : catW[k]!);
  }
  return { itemW, itemStatus, chain };
};

/** The range shown for an item grade: the grade's own with min/max from the grade (§7), else the item's. */
const ownRange = (ctx: EngineCtx, gr: ItemGrade | undefined): gr is ItemGrade & { min: number; max: number } =>
  ctx.c.minMaxFromGrade && gr?.min !== undefined && gr.max !== undefined;

/** §4: the item's normalised grade × its weight × its category's chain, in percent; null = "-". */
const contributionOf = (ctx: EngineCtx, i: number, gr: ItemGrade | undefined, lo: number, hi: number, w: Weights): number | null => {
  const weight = w.itemW[i]!;
  if (Number.isNaN(weight)) return null;
  const it = ctx.c.items[i]!;
  const g = gr?.value ?? null;
  let v = 0;
  if (g !== null) {
    if (ctx.c.categories[it.parent]!.method === 'natural') v = hi === 0 ? 0 : g / hi;
    else v = hi === lo ? 1 : (g - lo) / (hi - lo);
  }
  return v * weight * w.chain[it.parent]! * 100;
};

const buildItems = (ctx: EngineCtx, st: StudentState, w: Weights): Record<string, ItemResult> => {
  const items: Record<string, ItemResult> = {};
  const c = ctx.c;
  for (let i = 0; i < c.items.length; i++) {
    const it = c.items[i]!;
    const gr = st.grades[i];
    const value = gr?.value ?? null;
    const own = ownRange(ctx, gr);
    const lo = own ? gr.min : it.min;
    const hi = own ? gr.max : it.max;
    items[it.id] = {
      id: it.id,
      value,
      min: lo,
      max: hi,
      percent: gradePercent(value, lo, hi, it.isScale),
      passed: isPassing(value, it.setup.gradePass, lo, it.isScale),
      hidden: st.itemHidden[i] === 1,
      status: STATUSES[w.itemStatus[i]!]!,
      weight: num(w.itemW[i]!),
      contribution: contributionOf(ctx, i, gr, lo, hi, w),
    };
  }
  return items;
};

/** Weights and contributions the exclude-hidden view shows ("-" for hidden items). */
const buildViewItems = (ctx: EngineCtx, st: StudentState, w: Weights): StudentView['items'] => {
  const out: StudentView['items'] = {};
  const c = ctx.c;
  for (let i = 0; i < c.items.length; i++) {
    const it = c.items[i]!;
    if (st.itemHidden[i] === 1) {
      out[it.id] = { weight: null, contribution: null };
      continue;
    }
    const gr = st.grades[i];
    const own = ownRange(ctx, gr);
    out[it.id] = { weight: num(w.itemW[i]!), contribution: contributionOf(ctx, i, gr, own ? gr.min : it.min, own ? gr.max : it.max, w) };
  }
  return out;
};

/** What the exclude-hidden view recomputed: its totals by id and its weights. */
export interface ViewData {
  totals: Record<string, TotalResult | null>;
  weights: Weights;
}

export class StudentResult implements StudentGradebook {
  #ctx: EngineCtx;
  #st: StudentState;
  #weights: Weights;
  #policy: HiddenPolicy;
  #anyHidden: boolean;
  #view: ViewData | null;
  #items: Record<string, ItemResult> | undefined;
  #studentView: StudentView | undefined;
  studentId: string;
  hasGrades: boolean;
  course: TotalResult;
  totals: Record<string, TotalResult>;

  constructor(
    ctx: EngineCtx,
    st: StudentState,
    totals: Record<string, TotalResult>,
    weights: Weights,
    policy: HiddenPolicy,
    anyHidden: boolean,
    view: ViewData | null,
  ) {
    this.#ctx = ctx;
    this.#st = st;
    this.#weights = weights;
    this.#policy = policy;
    this.#anyHidden = anyHidden;
    this.#view = view;
    this.studentId = st.s.studentId;
    this.hasGrades = st.hasRecord[ctx.c.root] === 1;
    this.totals = totals;
    this.course = totals[ctx.c.categories[ctx.c.root]!.id]!;
  }

  get items(): Record<string, ItemResult> {
    this.#items ??= buildItems(this.#ctx, this.#st, this.#weights);
    return this.#items;
  }

  get studentView(): StudentView {
    if (this.#studentView) return this.#studentView;
    const policy = this.#policy;
    if (policy === 'showIncluding' || !this.#anyHidden) this.#studentView = { policy, totals: this.totals, items: this.items };
    else if (this.#view !== null) {
      this.#studentView = { policy, totals: this.#view.totals, items: buildViewItems(this.#ctx, this.#st, this.#view.weights) };
    } else {
      const totals: Record<string, TotalResult | null> = {};
      for (const [id, t] of Object.entries(this.totals)) totals[id] = t.containsHidden || t.hidden ? null : t;
      this.#studentView = { policy, totals, items: this.items };
    }
    return this.#studentView;
  }

  toJSON(): StudentGradebook {
    const { studentId, hasGrades, course, totals, items, studentView } = this;
    return { studentId, hasGrades, course, totals, items, studentView };
  }
}
