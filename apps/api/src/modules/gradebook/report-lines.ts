import {
  CELL,
  finalFromPeriods,
  formatGrade,
  formatRange,
  gradeLetter,
  type DisplayType,
  type GradeCategoryRow,
  type GradeItemRow,
  type ReportLine,
  type TotalExplanation,
  type TotalResult,
} from '@klase/core/gradebook/index';
import type { StudentCells } from './grades-loader.ts';
import type { SetupRowsLoaded } from './setup-loader.ts';
import { FINAL_KEY, type StudentResult } from './totals.ts';

/**
 * A student's report lines (pure), in reading order: each category's items, then its
 * subcategories, then the category's total; the course total; each period's total; the final
 * grade. Only items have a contribution to the course total (semantics §4: totals show "-"). Staff see every line with the real totals. Students and parents (`viewer: 'student'`)
 * never see hidden items or categories (nor the grades of hidden children inside explanations),
 * and totals follow the gradebook's hidden-items policy (the engine's `studentView`).
 */

export interface ReportInput {
  rows: SetupRowsLoaded;
  cells: StudentCells;
  result: StudentResult;
  viewer: 'staff' | 'student';
  now: number;
  feedback: Map<string, string | null>;
}

const hiddenNow = (hidden: boolean, until: string | null, now: number) => hidden || (until !== null && Date.parse(until) > now);

/** An explanation without the children the viewer may not see (their grades would leak). */
const visibleExplanation = (e: TotalExplanation | null, visible: (id: string) => boolean): TotalExplanation | null =>
  e ? { ...e, children: e.children.filter((c) => visible(c.id)) } : null;

/** What every line of one report reads: the input, what the viewer may see, and the helpers. */
interface ReportView {
  input: ReportInput;
  staff: boolean;
  itemIndex: Map<string, number>;
  hiddenCats: Set<string>;
  visible: (id: string) => boolean;
  explain: (t: TotalResult | null) => TotalExplanation | null;
  viewTotal: (id: string) => TotalResult | null;
  display: (value: number | null, min: number, max: number, type: DisplayType, decimals: number, scaleValues?: string[] | null) => string;
  names: Record<string, string>;
}

const reportView = (input: ReportInput): ReportView => {
  const { rows, cells, result, now } = input;
  const staff = input.viewer === 'staff';
  const main = result.main;
  const itemIndex = new Map(rows.items.map((it, i) => [it.id, i]));
  const hiddenCats = new Set<string>();
  for (const c of rows.categories) {
    if (hiddenNow(c.hidden, c.hiddenUntil, now) || (c.parentId !== null && hiddenCats.has(c.parentId))) hiddenCats.add(c.id);
  }
  const itemVisible = (id: string): boolean => {
    const i = itemIndex.get(id);
    if (i === undefined) return false;
    const it = rows.items[i]!;
    return !(hiddenNow(it.hidden, it.hiddenUntil, now) || it.unpublished || hiddenCats.has(it.categoryId) || (cells.flags[i]! & CELL.hidden) !== 0);
  };
  const visible = (id: string) => staff || (itemIndex.has(id) ? itemVisible(id) : !hiddenCats.has(id));
  const names: Record<string, string> = {};
  const nameOf = new Map<string, string>([...rows.categories.map((c) => [c.id, c.name] as const), ...rows.items.map((i) => [i.id, i.name] as const)]);
  const explain = (t: TotalResult | null): TotalExplanation | null => {
    const e = visibleExplanation(t?.explanation ?? null, visible);
    for (const c of e?.children ?? []) names[c.id] = nameOf.get(c.id) ?? c.id;
    return e;
  };
  const viewTotal = (id: string): TotalResult | null => (staff ? (main.totals[id] ?? null) : (main.studentView.totals[id] ?? null));
  const display = (value: number | null, min: number, max: number, type: DisplayType, decimals: number, scaleValues?: string[] | null) =>
    formatGrade(value, { min, max, displayType: type, decimals, letters: rows.settings.letters, scaleValues: scaleValues ?? null });
  return { input, staff, itemIndex, hiddenCats, visible, explain, viewTotal, display, names };
};

/** A category's weight in its parent, as the parent's (shown) explanation has it. */
const categoryWeights = (v: ReportView) => {
  const weightIn = new Map<string, number | null>();
  for (const c of v.input.rows.categories) {
    if (c.parentId === null) continue;
    const line = v.viewTotal(c.parentId)?.explanation?.children.find((x) => x.id === c.id);
    weightIn.set(c.id, line ? line.weight : null);
  }
  return weightIn;
};

const totalLine = (
  v: ReportView,
  kind: ReportLine['kind'],
  id: string,
  name: string,
  depth: number,
  t: TotalResult | null,
  type: DisplayType,
  decimals: number,
  fallback: { min: number; max: number },
): ReportLine => {
  const min = t?.min ?? fallback.min;
  const max = t?.max ?? fallback.max;
  const value = t?.value ?? null;
  const line: ReportLine = {
    kind,
    id,
    name,
    depth,
    value,
    min,
    max,
    percent: t?.percent ?? null,
    display: v.display(value, min, max, type, decimals),
    range: formatRange(min, max, decimals),
    letter: gradeLetter(value, min, max, v.input.rows.settings.letters),
    weight: null,
    contribution: null,
    passed: t?.passed ?? null,
    explanation: t ? v.explain(t) : null,
  };
  if (t === null) line.hiddenByPolicy = true;
  return line;
};

const itemLine = (v: ReportView, it: GradeItemRow, depth: number): ReportLine => {
  const { rows, cells, result, feedback } = v.input;
  const s = rows.settings;
  const i = v.itemIndex.get(it.id)!;
  const r = result.main.items[it.id]!;
  const w = v.staff ? r : (result.main.studentView.items[it.id] ?? { weight: null, contribution: null });
  const decimals = it.decimals ?? s.decimals;
  const scale = it.gradeType === 'scale' ? rows.scales.find((x) => x.id === it.scaleId) : undefined;
  return {
    kind: 'item',
    id: it.id,
    name: it.name,
    depth,
    source: it.source,
    materialId: it.materialId,
    value: r.value,
    min: r.min,
    max: r.max,
    percent: r.percent,
    display: v.display(r.value, r.min, r.max, it.displayType ?? s.gradeDisplayType, decimals, scale?.values),
    range: formatRange(r.min, r.max, decimals),
    letter: gradeLetter(r.value, r.min, r.max, s.letters),
    weight: w.weight,
    contribution: w.contribution,
    excused: (cells.flags[i]! & CELL.excused) !== 0,
    extraCredit: it.extraCredit,
    passed: r.passed,
    feedbackHtml: it.materialId ? (feedback.get(it.materialId) ?? null) : null,
  };
};

/** The category's items, its subcategories' lines, then its own total (the root's total is the course line). */
const categoryLines = (v: ReportView, root: GradeCategoryRow): ReportLine[] => {
  const { rows } = v.input;
  const s = rows.settings;
  const weightIn = categoryWeights(v);
  const lines: ReportLine[] = [];
  const kids = new Map<string | null, GradeCategoryRow[]>();
  for (const c of rows.categories) kids.set(c.parentId, [...(kids.get(c.parentId) ?? []), c]);
  const walk = (cat: GradeCategoryRow) => {
    if (!v.staff && v.hiddenCats.has(cat.id)) return;
    for (const it of rows.items) if (it.categoryId === cat.id && v.visible(it.id)) lines.push(itemLine(v, it, cat.depth + 1));
    for (const child of kids.get(cat.id) ?? []) walk(child);
    if (cat.parentId === null) return;
    const t = v.viewTotal(cat.id);
    const line = totalLine(v, 'category', cat.id, cat.name, cat.depth, t, cat.displayType ?? s.gradeDisplayType, cat.decimals ?? s.decimals, {
      min: 0,
      max: cat.maxGrade,
    });
    const w = weightIn.get(cat.id) ?? null;
    line.weight = t ? w : null;
    // Semantics §4: only items contribute to the course total; category rows show "-" (totalLine's null).
    line.extraCredit = cat.extraCredit;
    lines.push(line);
  };
  walk(root);
  return lines;
};

/** The course total, each period's total and the final grade. */
const closingLines = (v: ReportView, root: GradeCategoryRow): ReportLine[] => {
  const { rows, result } = v.input;
  const s = rows.settings;
  const course = v.viewTotal(root.id);
  const courseLine = totalLine(v, 'course', root.id, root.name, 0, course, root.displayType ?? s.gradeDisplayType, root.decimals ?? s.decimals, {
    min: 0,
    max: root.maxGrade,
  });
  const lines = [courseLine];
  const periodPercents: { weight: number; percent: number | null }[] = [];
  let periodHidden = false;
  for (const p of rows.periods) {
    const pr = result.periods.get(p.id)!;
    const t = v.staff ? pr.course : (pr.studentView.totals[root.id] ?? null);
    if (t === null) periodHidden = true;
    periodPercents.push({ weight: p.weight, percent: t?.percent ?? null });
    lines.push(totalLine(v, 'period', p.id, p.name, 0, t, s.gradeDisplayType, s.decimals, { min: 0, max: root.maxGrade }));
  }
  const finalHidden = s.finalMode === 'periods' ? periodHidden : course === null;
  const final = v.staff ? (result.totals[FINAL_KEY]?.value ?? null) : s.finalMode === 'periods' ? finalFromPeriods(periodPercents) : (course?.percent ?? null);
  const fd = s.finalDecimals;
  const finalLine: ReportLine = {
    kind: 'final',
    id: FINAL_KEY,
    name: FINAL_KEY,
    depth: 0,
    value: finalHidden ? null : final,
    min: 0,
    max: 100,
    percent: finalHidden ? null : final,
    display: v.display(finalHidden ? null : final, 0, 100, s.finalDisplayType, fd),
    range: formatRange(0, 100, fd),
    letter: finalHidden ? null : gradeLetter(final, 0, 100, s.letters),
    weight: null,
    contribution: null,
    passed: null,
  };
  if (finalHidden) finalLine.hiddenByPolicy = true;
  lines.push(finalLine);
  return lines;
};

export const buildReportLines = (input: ReportInput): { lines: ReportLine[]; names: Record<string, string> } => {
  const v = reportView(input);
  const root = input.rows.categories.find((c) => c.parentId === null)!;
  const lines = [...categoryLines(v, root), ...closingLines(v, root)];
  return { lines, names: v.names };
};
