import {
  DESCRIPTORS,
  SUBJECT_GROUPS,
  type DescriptorBounds,
  type GradingPolicy,
  type PolicyKind,
  type Quarter,
  type SubjectGroup,
} from '@klase/core/deped/contracts';

/**
 * The grading policy page's form values: numbers as typed text (the shared schema,
 * `gradingPolicyForm`, reads numeric strings and answers the field errors), so a half-typed
 * "98." is shown as typed and refused with a field message rather than lost.
 */
export interface PolicyState {
  kind: PolicyKind;
  schoolYearFrom: string;
  quarters: { quarter: Quarter; startsOn: string; endsOn: string }[];
  presets: Record<SubjectGroup, { ww: string; pt: string; qa: string }>;
  transmutation: { min: string; grade: string }[];
  descriptors: Record<keyof DescriptorBounds, string>;
}

export const BOUND_KEYS = DESCRIPTORS.filter((d): d is keyof DescriptorBounds => d !== 'didNotMeet');

const text = (n: number) => String(n);

export const tableRowsOf = (rows: GradingPolicy['transmutation']): PolicyState['transmutation'] =>
  rows.map((r) => ({ min: r.min.toFixed(2), grade: text(r.grade) }));

export const stateOf = (p: GradingPolicy): PolicyState => ({
  kind: p.kind,
  schoolYearFrom: text(p.schoolYearFrom),
  quarters: p.quarters.map((q) => ({ quarter: q.quarter, startsOn: q.startsOn, endsOn: q.endsOn })),
  presets: Object.fromEntries(
    SUBJECT_GROUPS.map((g) => [g, { ww: text(p.presets[g].ww), pt: text(p.presets[g].pt), qa: text(p.presets[g].qa) }]),
  ) as PolicyState['presets'],
  transmutation: tableRowsOf(p.transmutation),
  descriptors: Object.fromEntries(BOUND_KEYS.map((k) => [k, text(p.descriptors[k])])) as PolicyState['descriptors'],
});

const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

/** The sum of a preset's three weights as typed, or null while one of them is not a number. */
export const weightSum = (w: { ww: string; pt: string; qa: string }): number | null => {
  const parts = [w.ww, w.pt, w.qa];
  if (!parts.every((p) => NUMBER.test(p))) return null;
  return Math.round(parts.reduce((s, p) => s + Number(p), 0) * 100) / 100;
};

/**
 * What a row of the transmutation table covers, for reading: from its `min` up to just below the
 * row above (the first row up to 100). Null while a bound is not a number.
 */
export const rowRange = (rows: PolicyState['transmutation'], i: number): { from: string; to: string } | null => {
  const row = rows[i];
  if (!row || !NUMBER.test(row.min)) return null;
  const from = Number(row.min);
  if (i === 0) return { from: from.toFixed(2), to: (100).toFixed(2) };
  const above = rows[i - 1]!;
  if (!NUMBER.test(above.min)) return null;
  const to = Math.round(Number(above.min) * 100 - 1) / 100;
  return { from: from.toFixed(2), to: Math.max(to, from).toFixed(2) };
};
