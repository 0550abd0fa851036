import { formatNumber, formatRange } from '@klase/core/gradebook/display';
import type { ChildLine, DropReason, TotalExplanation } from '@klase/core/gradebook/types';

/**
 * "Why is my grade 87.5?": a total's explanation (the engine's `TotalExplanation`) in plain words,
 * as keys of the `gradeReport` namespace with their values. Pure, so every rule is tested without
 * rendering; the panel translates the phrases.
 */
export interface Phrase {
  key: string;
  params: Record<string, string | number>;
}

export interface ChildExplanation {
  id: string;
  /** From the report's `names`; null when the report has none for it. */
  name: string | null;
  /** Counted in the total (used, or extra credit that counted). */
  counted: boolean;
  /** The values of `explain.childFacts`. */
  facts: { grade: string; range: string; percent: string; weight: string; part: string };
  /** Why it was left out, or how it counted when that needs saying. */
  note: Phrase | null;
}

export interface TotalExplained {
  method: Phrase;
  /** Locked, overridden or stored totals: who set the value. */
  source: Phrase | null;
  /** Empty grades, limit rules, extra credit. */
  rules: Phrase[];
  children: ChildExplanation[];
  /** How the counted parts make the value (computed, non-empty totals only). */
  result: Phrase | null;
  /** Capped at the maximum / raised to the minimum. */
  clamped: Phrase | null;
  /** Why the total is empty. */
  empty: Phrase | null;
}

const phrase = (key: string, params: Record<string, string | number> = {}): Phrase => ({ key, params });

/** "80.00 %" of a 0..100 value; "-" for none. */
export const percentText = (p: number | null | undefined, decimals = 2): string => (p === null || p === undefined ? '-' : `${formatNumber(p, decimals)} %`);

/** "25.00 %" of a 0..1 share; "-" for none. */
export const shareText = (share: number | null | undefined): string => (share === null || share === undefined ? '-' : percentText(share * 100));

const REASON_KEYS: Record<DropReason, string> = {
  empty: 'explain.child.empty',
  excluded: 'explain.child.excluded',
  dropLowest: 'explain.child.dropLowest',
  keepHighest: 'explain.child.keepHighest',
  hidden: 'explain.child.hidden',
  notAggregated: 'explain.child.notAggregated',
  zeroWeight: 'explain.child.zeroWeight',
  noGrades: 'explain.child.noGrades',
};

const childNote = (c: ChildLine, exp: TotalExplanation): Phrase | null => {
  const count = exp.limit?.count ?? 1;
  switch (c.status) {
    case 'extra':
      return phrase('explain.child.extra');
    case 'used':
      if (c.grade === null) return phrase('explain.child.emptyZero');
      return exp.limit?.rule === 'keepHighest' ? phrase('explain.child.kept', { count }) : null;
    case 'novalue':
      return phrase('explain.child.empty');
    case 'dropped':
    case 'unknown': {
      const reason = c.reason ?? (c.status === 'unknown' ? 'notAggregated' : (exp.limit?.rule ?? 'excluded'));
      return reason === 'dropLowest' || reason === 'keepHighest' ? phrase(REASON_KEYS[reason], { count }) : phrase(REASON_KEYS[reason]);
    }
  }
};

const explainChild = (c: ChildLine, exp: TotalExplanation, names: Readonly<Record<string, string>>, decimals: number): ChildExplanation => ({
  id: c.id,
  name: names[c.id] ?? null,
  counted: c.status === 'used' || c.status === 'extra',
  facts: {
    grade: c.grade === null ? '-' : formatNumber(c.grade, decimals),
    range: formatRange(c.min, c.max, decimals),
    percent: c.normalised === null ? '-' : percentText(c.normalised * 100),
    weight: shareText(c.weight),
    part: shareText(c.part),
  },
  note: childNote(c, exp),
});

const rulesOf = (exp: TotalExplanation): Phrase[] => {
  const rules: Phrase[] = [];
  if (exp.excludeEmpty && exp.children.some((c) => c.status === 'novalue')) rules.push(phrase('explain.rule.excludeEmpty'));
  if (!exp.excludeEmpty && exp.children.some((c) => c.status === 'used' && c.grade === null)) rules.push(phrase('explain.rule.emptyAsZero'));
  if (exp.limit) rules.push(phrase(`explain.rule.${exp.limit.rule}`, { count: exp.limit.count }));
  if (exp.limitIgnored) rules.push(phrase('explain.rule.limitIgnored'));
  if (exp.children.some((c) => c.status === 'extra')) rules.push(phrase('explain.rule.extraCredit'));
  return rules;
};

const SOURCE_KEYS: Record<Exclude<TotalExplanation['source'], 'computed'>, string> = {
  locked: 'explain.source.locked',
  overridden: 'explain.source.overridden',
  notRecomputed: 'explain.source.notRecomputed',
};

const resultOf = (exp: TotalExplanation, decimals: number): Phrase | null => {
  if (exp.source !== 'computed' || exp.aggregate === null || exp.value === null) return null;
  const raw = exp.unclamped ?? exp.value;
  const percent = percentText(exp.aggregate * 100);
  if (exp.method === 'natural') return phrase('explain.result.natural', { percent, max: formatNumber(exp.max, decimals), value: formatNumber(raw, decimals) });
  return phrase('explain.result.scaled', { percent, range: formatRange(exp.min, exp.max, decimals), value: formatNumber(raw, decimals) });
};

const clampedOf = (exp: TotalExplanation, decimals: number): Phrase | null => {
  if (!exp.clamped || exp.value === null) return null;
  const low = exp.unclamped !== null && exp.unclamped < exp.min;
  return phrase(low ? 'explain.clamped.min' : 'explain.clamped.max', { value: formatNumber(exp.value, decimals) });
};

/** The explanation of one total, with grades printed with `decimals` (the gradebook's). */
export const explainTotal = (exp: TotalExplanation, names: Readonly<Record<string, string>>, decimals = 2): TotalExplained => ({
  method: phrase(`explain.method.${exp.method}`),
  source: exp.source === 'computed' ? null : phrase(SOURCE_KEYS[exp.source]),
  rules: exp.source === 'computed' ? rulesOf(exp) : [],
  children: exp.children.map((c) => explainChild(c, exp, names, decimals)),
  result: resultOf(exp, decimals),
  clamped: exp.source === 'computed' ? clampedOf(exp, decimals) : null,
  empty: exp.value === null && exp.emptyReason ? phrase(`explain.empty.${exp.emptyReason}`) : null,
});
