import { makeAggBuf } from './agg-buf.ts';
import { compileSetup, type Compiled } from './compile.ts';
import { totalsOf } from './explain.ts';
import { flags, runPass, type EngineCtx, type Flags, type Pass, type StudentState } from './pass.ts';
import { StudentResult, weightsOf, type ViewData } from './student.ts';
import type { ComputeOptions, GradebookSetup, HiddenPolicy, StudentGrades, StudentGradebook, TotalResult } from './types.ts';

/**
 * The gradebook engine (issue 7): `computeGradebook(setup, students)` → per student every
 * category total and the course total (§3), every item's weight in its category and contribution
 * to the course total (§4), what someone who may not see hidden grades is shown (§5), and an
 * explanation per total.
 *
 * Design: the setup is compiled once (compile.ts: tree, participation, coefficients, Natural
 * weights and maxima) with one reusable work buffer per category; each student is then one
 * bottom-up pass over the categories (pass.ts → aggregate.ts → methods.ts) writing small typed
 * arrays. Explanations (explain.ts) and the per-item records (student.ts) are built on first
 * read. The exclude-hidden view recomputes only for students who have a hidden grade. Students
 * are independent (§9: the "previous student's maximum" quirk is not reproduced).
 *
 * Decisions where the semantics leave room (documented, tested):
 * - A grade record is an entry in `grades` (even with a null value). A category with no record in
 *   its subtree has an empty total and no weights ("-", §3.1/§3.9).
 * - A locked category (or a locked/overridden stored total) keeps the stored value (null without
 *   one) on its item-level range; its children's weights are still computed for the explanation.
 * - An empty child category is read with its item-level range (Natural: its setup maximum).
 * - "Contains hidden" (§5) means a hidden grade that is not empty; the exclude-hidden view removes
 *   every hidden child, empty or not. A hidden category hides its whole subtree.
 * - Contribution of an empty grade is 0 (the weight decides "-"). In the exclude-hidden view an
 *   empty child of a recomputed category has no weight (§5), so its weight and contribution are "-".
 */

export interface GradebookEngine {
  compiled: Compiled;
  computeStudent: (student: StudentGrades) => StudentGradebook;
}

const hiddenAt = (hidden: boolean | undefined, until: number | undefined, now: number | undefined) =>
  hidden === true || (until !== undefined && (now === undefined || now < until));

/** Indexes the student's grades and the hidden / grade-record flags up the tree. */
const studentState = (c: Compiled, s: StudentGrades, now: number | undefined): { st: StudentState; anyHidden: boolean } => {
  const nItem = c.items.length;
  const nCat = c.categories.length;
  const st: StudentState = {
    s,
    grades: new Array<StudentState['grades'][number]>(nItem),
    itemHidden: flags(nItem),
    hasRecord: flags(nCat),
    containsHidden: flags(nCat),
    storedHidden: flags(nCat),
  };
  let anyHidden = false;
  for (let i = 0; i < nItem; i++) {
    const it = c.items[i]!;
    const gr = s.grades[it.id];
    st.grades[i] = gr;
    const h = it.hidden || (gr !== undefined && hiddenAt(gr.hidden, gr.hiddenUntil, now));
    if (h) st.itemHidden[i] = 1;
    if (gr !== undefined) st.hasRecord[it.parent] = 1;
    if (h && gr !== undefined && gr.value !== null) {
      st.containsHidden[it.parent] = 1;
      anyHidden = true;
    }
  }
  for (const k of c.bottomUp) {
    const cat = c.categories[k]!;
    if (cat.hidden || s.totals?.[cat.id]?.hidden === true) st.storedHidden[k] = 1;
    if (cat.parent < 0) continue;
    if (st.hasRecord[k] === 1) st.hasRecord[cat.parent] = 1;
    if (st.containsHidden[k] === 1) st.containsHidden[cat.parent] = 1;
  }
  return { st, anyHidden };
};

/** §5 policy 3: which categories the exclude-hidden view recomputes. */
const recomputeSet = (c: Compiled, st: StudentState): Flags => {
  const nCat = c.categories.length;
  // A total above a calculated item whose formula reads a hidden grade keeps its stored value.
  const frozen = flags(nCat);
  for (const it of c.items) {
    if (!it.calculatedFrom || !it.calculatedFrom.some((d) => st.itemHidden[d] === 1 && st.grades[d]?.value != null)) continue;
    for (let k = it.parent; k >= 0; k = c.categories[k]!.parent) frozen[k] = 1;
  }
  const recompute = flags(nCat);
  for (const k of c.bottomUp) {
    const cat = c.categories[k]!;
    const stored = st.s.totals?.[cat.id];
    const kept = cat.setup.locked || stored?.locked || stored?.overridden || frozen[k] === 1;
    const childRecomputed = cat.children.some((kid) => kid.kind === 'category' && recompute[kid.ref] === 1);
    if (!kept && (cat.method === 'natural' || st.containsHidden[k] === 1 || childRecomputed)) recompute[k] = 1;
  }
  return recompute;
};

export const createGradebookEngine = (setup: GradebookSetup, options: ComputeOptions = {}): GradebookEngine => {
  const c = compileSetup(setup, options.now);
  const ctx: EngineCtx = {
    c,
    now: options.now,
    explain: options.explain ?? true,
    realBufs: c.categories.map((cat) => makeAggBuf(cat.kids.length)),
    viewBufs: c.categories.map((cat) => makeAggBuf(cat.kids.length)),
  };
  const policy: HiddenPolicy = setup.options?.hiddenPolicy ?? 'hideTotals';

  const computeStudent = (s: StudentGrades): StudentGradebook => {
    const { st, anyHidden: anyHiddenGrade } = studentState(c, s, ctx.now);
    const real = runPass(ctx, st, 'real', null, null);
    // A hidden total that is not empty is a hidden grade of its parent.
    let anyHidden = anyHiddenGrade;
    for (const k of c.bottomUp) {
      const parent = c.categories[k]!.parent;
      if (st.storedHidden[k] === 1 && !Number.isNaN(real.value[k]!)) {
        anyHidden = true;
        if (parent >= 0) st.containsHidden[parent] = 1;
      }
      if (parent >= 0 && st.containsHidden[k] === 1) st.containsHidden[parent] = 1;
    }
    const realTotals = totalsOf(ctx, st, real);
    const weights = weightsOf(ctx, st, (k) => ctx.realBufs[k]!);
    const totals: Record<string, TotalResult> = {};
    for (const t of realTotals) totals[t!.id] = t!;

    let view: ViewData | null = null;
    if (policy === 'showExcluding' && anyHidden) {
      const recompute = recomputeSet(c, st);
      const vp: Pass = runPass(ctx, st, 'excludeHidden', real, recompute);
      const viewTotals = totalsOf(ctx, st, vp, recompute);
      const vt: Record<string, TotalResult | null> = {};
      c.categories.forEach((cat, k) => {
        vt[cat.id] = recompute[k] === 1 ? viewTotals[k]! : realTotals[k]!;
      });
      const redone = (k: number) => recompute[k] === 1;
      view = { totals: vt, weights: weightsOf(ctx, st, (k) => (redone(k) ? ctx.viewBufs[k]! : ctx.realBufs[k]!), redone) };
    }
    return new StudentResult(ctx, st, totals, weights, policy, anyHidden, view);
  };

  return { compiled: c, computeStudent };
};

/** Every student's gradebook for one setup (the setup is compiled once). */
export const computeGradebook = (setup: GradebookSetup, students: readonly StudentGrades[], options: ComputeOptions = {}): StudentGradebook[] => {
  const engine = createGradebookEngine(setup, options);
  return students.map((s) => engine.computeStudent(s));
};
