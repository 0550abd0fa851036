import { aggregate, type AggOut } from './aggregate.ts';
import { compileSetup, type CCategory, type Compiled } from './compile.ts';
import { gradePercent, isPassing } from './display.ts';
import type {
  ChildLine,
  ComputeOptions,
  DropReason,
  GradebookSetup,
  HiddenPolicy,
  ItemGrade,
  ItemResult,
  StudentGrades,
  StudentGradebook,
  StudentView,
  TotalExplanation,
  TotalResult,
} from './types.ts';

/**
 * The gradebook engine (issue 7): `computeGradebook(setup, students)` → per student every
 * category total and the course total (§3), every item's weight in its category and contribution
 * to the course total (§4), what someone who may not see hidden grades is shown (§5), and an
 * explanation per total (children in order with grade, range, normalised value, status, reason,
 * weight and part; the aggregate; the range; clamping).
 *
 * Design: the setup is compiled once (compile.ts: tree, participation, coefficients, Natural
 * weights and maxima); each student is then one bottom-up pass over the categories (aggregate.ts)
 * with small arrays per category — nothing of the tree is copied per student. The exclude-hidden
 * view recomputes only for students who have a hidden grade. Students are independent (§9: the
 * "previous student's maximum" quirk is not reproduced).
 *
 * Decisions where the semantics leave room (documented, tested):
 * - A grade record is an entry in `grades` (even with a null value). A category with no record in
 *   its subtree has an empty total and no weights ("-", §3.1/§3.9).
 * - A locked category (or a locked/overridden stored total) keeps the stored value (null without
 *   one) on its item-level range; its children's weights are still computed for the explanation.
 * - An empty child category is read with its item-level range (Natural: its setup maximum).
 * - "Contains hidden" (§5) means a hidden grade that is not empty; the exclude-hidden view removes
 *   every hidden child, empty or not. A hidden category hides its whole subtree.
 * - Contribution of an empty grade is 0 (the weight decides "-").
 */

type Pass = {
  out: AggOut[];
  value: (number | null)[];
  min: number[];
  max: number[];
  source: TotalExplanation['source'][];
};

const emptyPass = (n: number): Pass => ({
  out: new Array<AggOut>(n),
  value: new Array<number | null>(n).fill(null),
  min: new Array<number>(n).fill(0),
  max: new Array<number>(n).fill(0),
  source: new Array<TotalExplanation['source']>(n).fill('computed'),
});

const hiddenAt = (hidden: boolean | undefined, until: number | undefined, now: number | undefined) =>
  hidden === true || (until !== undefined && (now === undefined || now < until));

/**
 * A total. Its explanation is built on first read (most readers — the grid, the API storing
 * totals — never ask for it), then kept; `toJSON` includes it.
 */
class Total implements TotalResult {
  #build: (() => TotalExplanation) | null;
  #explanation: TotalExplanation | null | undefined;
  constructor(
    public id: string,
    public value: number | null,
    public min: number,
    public max: number,
    public percent: number | null,
    public passed: boolean | null,
    public containsHidden: boolean,
    public hidden: boolean,
    build: (() => TotalExplanation) | null,
  ) {
    this.#build = build;
  }
  get explanation(): TotalExplanation | null {
    if (this.#explanation === undefined) this.#explanation = this.#build ? this.#build() : null;
    return this.#explanation;
  }
  toJSON(): TotalResult {
    const { id, value, min, max, percent, passed, containsHidden, hidden, explanation } = this;
    return { id, value, min, max, percent, passed, containsHidden, hidden, explanation };
  }
}

export interface GradebookEngine {
  compiled: Compiled;
  computeStudent: (student: StudentGrades) => StudentGradebook;
}

export const createGradebookEngine = (setup: GradebookSetup, options: ComputeOptions = {}): GradebookEngine => {
  const c = compileSetup(setup, options.now);
  const explain = options.explain ?? true;
  const policy: HiddenPolicy = setup.options?.hiddenPolicy ?? 'hideTotals';
  const nCat = c.categories.length;
  const nItem = c.items.length;
  const storedHiddenOf = (s: StudentGrades, k: number) => c.categories[k]!.hidden || s.totals?.[c.categories[k]!.id]?.hidden === true;

  /** One bottom-up pass: real (stored) totals or the exclude-hidden recomputation. */
  const runPass = (
    s: StudentGrades,
    grades: (ItemGrade | undefined)[],
    itemHidden: boolean[],
    hasRecord: boolean[],
    mode: 'real' | 'excludeHidden',
    real: Pass | null,
    recompute: boolean[] | null,
  ): Pass => {
    const p = emptyPass(nCat);
    for (const k of c.bottomUp) {
      const cat = c.categories[k]!;
      if (mode === 'excludeHidden' && !recompute![k]) {
        p.out[k] = real!.out[k]!;
        p.value[k] = real!.value[k]!;
        p.min[k] = real!.min[k]!;
        p.max[k] = real!.max[k]!;
        p.source[k] = real!.source[k] === 'computed' ? 'notRecomputed' : real!.source[k]!;
        continue;
      }
      const kids = cat.kids;
      const m = kids.length;
      const g = new Array<number | null>(m);
      const mn = new Array<number>(m);
      const mx = new Array<number>(m);
      const out = new Array<DropReason | null>(m);
      for (let j = 0; j < m; j++) {
        const kid = kids[j]!;
        if (kid.kind === 'item') {
          const it = c.items[kid.ref]!;
          const gr = grades[kid.ref];
          g[j] = gr?.value ?? null;
          if (mode === 'real' && c.minMaxFromGrade && gr && gr.min !== undefined && gr.max !== undefined) {
            mn[j] = gr.min;
            mx[j] = gr.max;
          } else {
            mn[j] = it.min;
            mx[j] = it.max;
          }
          out[j] = gr?.excluded ? 'excluded' : mode === 'excludeHidden' && itemHidden[kid.ref] ? 'hidden' : null;
        } else {
          const v = p.value[kid.ref]!;
          g[j] = v;
          mn[j] = v === null ? kid.min : p.min[kid.ref]!;
          mx[j] = v === null ? kid.max : p.max[kid.ref]!;
          out[j] = mode === 'excludeHidden' && storedHiddenOf(s, kid.ref) ? 'hidden' : null;
        }
      }
      const r = aggregate({ cat, kids, g, mn, mx, out, mode, unlimited: c.unlimited });
      const stored = s.totals?.[cat.id];
      p.out[k] = r;
      if (cat.setup.locked || stored?.locked || stored?.overridden) {
        p.value[k] = stored?.value ?? null;
        p.min[k] = cat.min;
        p.max[k] = cat.max;
        p.source[k] = stored?.overridden ? 'overridden' : 'locked';
      } else if (!hasRecord[k]) {
        r.value = null;
        r.aggregate = null;
        r.emptyReason = 'noGrades';
        p.value[k] = null;
        p.min[k] = cat.min;
        p.max[k] = cat.max;
      } else {
        if (m === 0) r.emptyReason = 'noChildren';
        p.value[k] = r.value;
        p.min[k] = r.value === null ? cat.min : r.min;
        p.max[k] = r.value === null ? cat.max : r.max;
      }
    }
    return p;
  };

  const explanationOf = (cat: CCategory, p: Pass, k: number, grades: (ItemGrade | undefined)[], noWeights: boolean): TotalExplanation => {
    const r = p.out[k]!;
    const children: ChildLine[] = [];
    let j = 0;
    for (const kid of cat.children) {
      const grade = kid.kind === 'item' ? (grades[kid.ref]?.value ?? null) : p.value[kid.ref]!;
      if (!kid.participates) {
        children.push({ id: kid.id, kind: kid.kind, grade, min: kid.min, max: kid.max, normalised: null, status: 'unknown', reason: 'notAggregated', extraCredit: false, weight: noWeights ? null : 0, part: null });
        continue;
      }
      const n = r.norm[j] ?? null;
      const w = noWeights ? null : r.weight[j]!;
      const line: ChildLine = {
        id: kid.id,
        kind: kid.kind,
        grade,
        min: kid.kind === 'item' ? kid.min : p.min[kid.ref]!,
        max: kid.kind === 'item' ? kid.max : p.max[kid.ref]!,
        normalised: n,
        status: r.status[j]!,
        extraCredit: kid.ec,
        weight: w,
        part: n === null || w === null ? null : n * w,
      };
      if (kid.kind === 'item' && c.minMaxFromGrade) {
        const gr = grades[kid.ref];
        if (gr && gr.min !== undefined && gr.max !== undefined) {
          line.min = gr.min;
          line.max = gr.max;
        }
      }
      const reason = noWeights ? 'noGrades' : r.reason[j];
      if (reason) line.reason = reason;
      children.push(line);
      j++;
    }
    const e: TotalExplanation = {
      method: cat.method,
      source: p.source[k]!,
      excludeEmpty: cat.excludeEmpty,
      limit: r.limit,
      limitIgnored: r.limitIgnored,
      children,
      aggregate: r.aggregate,
      min: p.min[k]!,
      max: p.max[k]!,
      unclamped: r.unclamped,
      value: p.value[k]!,
      clamped: r.clamped,
    };
    if (p.value[k] === null) e.emptyReason = p.source[k] === 'computed' || p.source[k] === 'notRecomputed' ? r.emptyReason : 'storedEmpty';
    return e;
  };

  const totalsOf = (p: Pass, s: StudentGrades, grades: (ItemGrade | undefined)[], hasRecord: boolean[], containsHidden: boolean[], only?: boolean[]): TotalResult[] =>
    c.categories.map((cat, k) => {
      if (only && !only[k]) return null as unknown as TotalResult;
      const value = p.value[k]!;
      return new Total(
        cat.id,
        value,
        p.min[k]!,
        p.max[k]!,
        gradePercent(value, p.min[k]!, p.max[k]!),
        isPassing(value, cat.setup.gradePass, p.min[k]!),
        containsHidden[k]!,
        storedHiddenOf(s, k),
        explain ? () => explanationOf(cat, p, k, grades, !hasRecord[k]) : null,
      );
    });

  /** Weight of each category in its parent and each item in its parent, per pass (null = "-"). */
  const weightsOf = (p: Pass, hasRecord: boolean[]) => {
    const catW = new Array<number | null>(nCat).fill(null);
    const itemW = new Array<number | null>(nItem).fill(null);
    const itemStatus = new Array<ItemResult['status']>(nItem).fill('unknown');
    for (const cat of c.categories) {
      const r = p.out[cat.index]!;
      const has = hasRecord[cat.index]!;
      let j = 0;
      for (const kid of cat.children) {
        let w: number | null = has ? 0 : null;
        let st: ItemResult['status'] = 'unknown';
        if (kid.participates) {
          if (has) w = r.weight[j]!;
          st = r.status[j]!;
          j++;
        }
        if (kid.kind === 'item') {
          itemW[kid.ref] = w;
          itemStatus[kid.ref] = st;
        } else catW[kid.ref] = w;
      }
    }
    // Product of the weights from a category up to the course; absent weights are skipped (§4).
    const chain = new Array<number>(nCat).fill(1);
    for (let x = c.bottomUp.length - 1; x >= 0; x--) {
      const k = c.bottomUp[x]!;
      const parent = c.categories[k]!.parent;
      if (parent >= 0) chain[k] = chain[parent]! * (catW[k] ?? 1);
    }
    return { itemW, itemStatus, chain };
  };

  const contributionOf = (i: number, gr: ItemGrade | undefined, lo: number, hi: number, w: number | null, chain: number[]) => {
    if (w === null) return null;
    const it = c.items[i]!;
    const g = gr?.value ?? null;
    let v = 0;
    if (g !== null) {
      if (c.categories[it.parent]!.method === 'natural') v = hi === 0 ? 0 : g / hi;
      else v = hi === lo ? 1 : (g - lo) / (hi - lo);
    }
    return v * w * chain[it.parent]! * 100;
  };

  const computeStudent = (s: StudentGrades): StudentGradebook => {
    const grades = new Array<ItemGrade | undefined>(nItem);
    const itemHidden = new Array<boolean>(nItem);
    const hasRecord = new Array<boolean>(nCat).fill(false);
    const containsHidden = new Array<boolean>(nCat).fill(false);
    let anyHidden = false;
    for (let i = 0; i < nItem; i++) {
      const it = c.items[i]!;
      const gr = s.grades[it.id];
      grades[i] = gr;
      const h = it.hidden || (gr !== undefined && hiddenAt(gr.hidden, gr.hiddenUntil, options.now));
      itemHidden[i] = h;
      if (gr !== undefined) hasRecord[it.parent] = true;
      if (h && gr !== undefined && gr.value !== null) {
        containsHidden[it.parent] = true;
        anyHidden = true;
      }
    }
    for (const k of c.bottomUp) {
      const parent = c.categories[k]!.parent;
      if (parent < 0) continue;
      if (hasRecord[k]) hasRecord[parent] = true;
      if (containsHidden[k]) containsHidden[parent] = true;
    }

    const real = runPass(s, grades, itemHidden, hasRecord, 'real', null, null);
    // A hidden total that is not empty is a hidden grade of its parent.
    for (const k of c.bottomUp) {
      const parent = c.categories[k]!.parent;
      if (storedHiddenOf(s, k) && real.value[k] !== null) {
        anyHidden = true;
        if (parent >= 0) containsHidden[parent] = true;
      }
      if (parent >= 0 && containsHidden[k]) containsHidden[parent] = true;
    }
    const realTotals = totalsOf(real, s, grades, hasRecord, containsHidden);
    const rw = weightsOf(real, hasRecord);
    const totals: Record<string, TotalResult> = {};
    for (const t of realTotals) totals[t.id] = t;
    const items: Record<string, ItemResult> = {};
    for (let i = 0; i < nItem; i++) {
      const it = c.items[i]!;
      const gr = grades[i];
      const value = gr?.value ?? null;
      const lo = c.minMaxFromGrade && gr?.min !== undefined && gr.max !== undefined ? gr.min : it.min;
      const hi = c.minMaxFromGrade && gr?.min !== undefined && gr.max !== undefined ? gr.max : it.max;
      items[it.id] = {
        id: it.id,
        value,
        min: lo,
        max: hi,
        percent: gradePercent(value, lo, hi, it.isScale),
        passed: isPassing(value, it.setup.gradePass, lo, it.isScale),
        hidden: itemHidden[i]!,
        status: rw.itemStatus[i]!,
        weight: rw.itemW[i]!,
        contribution: contributionOf(i, gr, lo, hi, rw.itemW[i]!, rw.chain),
      };
    }

    let studentView: StudentView;
    if (policy === 'showIncluding' || !anyHidden) {
      studentView = { policy, totals, items };
    } else if (policy === 'hideTotals') {
      const vt: Record<string, TotalResult | null> = {};
      for (const t of realTotals) vt[t.id] = t.containsHidden || t.hidden ? null : t;
      studentView = { policy, totals: vt, items };
    } else {
      // §5 policy 3: recompute what depends on hidden grades.
      const frozen = new Array<boolean>(nCat).fill(false);
      for (const it of c.items) {
        if (!it.calculatedFrom || !it.calculatedFrom.some((d) => itemHidden[d] && grades[d]?.value != null)) continue;
        for (let k = it.parent; k >= 0; k = c.categories[k]!.parent) frozen[k] = true;
      }
      const recompute = new Array<boolean>(nCat).fill(false);
      for (const k of c.bottomUp) {
        const cat = c.categories[k]!;
        const stored = s.totals?.[cat.id];
        const kept = cat.setup.locked || stored?.locked || stored?.overridden || frozen[k];
        const childRecomputed = cat.children.some((kid) => kid.kind === 'category' && recompute[kid.ref]);
        recompute[k] = !kept && (cat.method === 'natural' || containsHidden[k]! || childRecomputed);
      }
      const view = runPass(s, grades, itemHidden, hasRecord, 'excludeHidden', real, recompute);
      const viewTotals = totalsOf(view, s, grades, hasRecord, containsHidden, recompute);
      const vw = weightsOf(view, hasRecord);
      const vt: Record<string, TotalResult | null> = {};
      c.categories.forEach((cat, k) => {
        vt[cat.id] = recompute[k] ? viewTotals[k]! : realTotals[k]!;
      });
      const vi: StudentView['items'] = {};
      for (let i = 0; i < nItem; i++) {
        const r = items[c.items[i]!.id]!;
        vi[r.id] = itemHidden[i]
          ? { weight: null, contribution: null }
          : { weight: vw.itemW[i]!, contribution: contributionOf(i, grades[i], r.min, r.max, vw.itemW[i]!, vw.chain) };
      }
      studentView = { policy, totals: vt, items: vi };
    }

    return {
      studentId: s.studentId,
      hasGrades: hasRecord[c.root]!,
      course: totals[c.categories[c.root]!.id]!,
      totals,
      items,
      studentView,
    };
  };

  return { compiled: c, computeStudent };
};

/** Every student's gradebook for one setup (the setup is compiled once). */
export const computeGradebook = (
  setup: GradebookSetup,
  students: readonly StudentGrades[],
  options: ComputeOptions = {},
): StudentGradebook[] => {
  const engine = createGradebookEngine(setup, options);
  return students.map((s) => engine.computeStudent(s));
};
