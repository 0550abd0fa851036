import { aggregate } from './aggregate.ts';
import { makeAggBuf, NOVALUE, STATUSES } from './agg-buf.ts';
import { gradePercent, isPassing } from './display.ts';
import { fillInputs, num, settleResult, type EngineCtx, type Flags, type Pass, type StudentState } from './pass.ts';
import type { ChildLine, TotalExplanation, TotalResult } from './types.ts';

/**
 * Category totals as results, with their explanation ("why is my grade 87.5?"): the children in
 * order with grade, range, normalised value, status, reason, weight and part; the aggregate; the
 * range; clamping. The explanation is built on first read by running that one category again on
 * a fresh buffer (the pass's buffers are reused for the next student), then kept.
 */

/** A total. `toJSON` includes the explanation. */
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

const explanationOf = (ctx: EngineCtx, st: StudentState, p: Pass, k: number): TotalExplanation => {
  const c = ctx.c;
  const cat = c.categories[k]!;
  const noWeights = st.hasRecord[k] !== 1;
  const b = makeAggBuf(cat.kids.length);
  fillInputs(ctx, st, k, p, b);
  const r = aggregate(cat, b, p.mode, c.unlimited);
  settleResult(ctx, st, k, r);
  const children: ChildLine[] = [];
  let j = 0;
  for (const kid of cat.children) {
    const grade = kid.kind === 'item' ? (st.grades[kid.ref]?.value ?? null) : num(p.value[kid.ref]!);
    if (!kid.participates) {
      children.push({
        id: kid.id,
        kind: kid.kind,
        grade,
        min: kid.min,
        max: kid.max,
        normalised: null,
        status: 'unknown',
        reason: 'notAggregated',
        extraCredit: false,
        weight: noWeights ? null : 0,
        part: null,
      });
      continue;
    }
    const n = num(b.norm[j]!);
    // §5: in the exclude-hidden view an empty child has no weight ("-").
    const w = noWeights || (p.mode === 'excludeHidden' && b.status[j] === NOVALUE) ? null : b.weight[j]!;
    const line: ChildLine = {
      id: kid.id,
      kind: kid.kind,
      grade,
      min: kid.kind === 'item' ? kid.min : p.min[kid.ref]!,
      max: kid.kind === 'item' ? kid.max : p.max[kid.ref]!,
      normalised: n,
      status: STATUSES[b.status[j]!]!,
      extraCredit: kid.ec,
      weight: w,
      part: n === null || w === null ? null : n * w,
    };
    if (kid.kind === 'item' && c.minMaxFromGrade) {
      const gr = st.grades[kid.ref];
      if (gr && gr.min !== undefined && gr.max !== undefined) {
        line.min = gr.min;
        line.max = gr.max;
      }
    }
    const reason = noWeights ? 'noGrades' : b.reason[j];
    if (reason) line.reason = reason;
    children.push(line);
    j++;
  }
  const value = num(p.value[k]!);
  const source = p.source[k]!;
  const e: TotalExplanation = {
    method: cat.method,
    source,
    excludeEmpty: cat.excludeEmpty,
    limit: r.limit,
    limitIgnored: r.limitIgnored,
    children,
    aggregate: r.aggregate,
    min: p.min[k]!,
    max: p.max[k]!,
    unclamped: r.unclamped,
    value,
    clamped: r.clamped,
  };
  if (value === null) e.emptyReason = source === 'computed' || source === 'notRecomputed' ? r.emptyReason : 'storedEmpty';
  return e;
};

/** The totals of a pass, by category index (`only`: just those, the others undefined). */
export const totalsOf = (ctx: EngineCtx, st: StudentState, p: Pass, only?: Flags): (TotalResult | undefined)[] =>
  ctx.c.categories.map((cat, k) => {
    if (only && only[k] !== 1) return undefined;
    const value = num(p.value[k]!);
    const min = p.min[k]!;
    const max = p.max[k]!;
    return new Total(
      cat.id,
      value,
      min,
      max,
      gradePercent(value, min, max),
      isPassing(value, cat.setup.gradePass, min),
      st.containsHidden[k] === 1,
      st.storedHidden[k] === 1,
      ctx.explain ? () => explanationOf(ctx, st, p, k) : null,
    );
  });
