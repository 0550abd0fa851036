import { gradeEntryForm } from '@klase/core/gradebook/contracts';
import type { Quarter } from '@klase/core/deped/contracts';
import { CELL, type GradebookGrid, type GradeCategoryRow, type GradeItemRow, type GridTotal, type ScaleRow } from '@klase/core/gradebook/views';
import { formatGrade } from '@klase/core/gradebook/display';
import { gradeChangeLocked, gradeValueIssue } from '@klase/core/gradebook/entry-rules';
import type { FieldIssue } from '@klase/core/errors';
import { V } from '@klase/core/validation/rules';
import { toFieldIssues } from '@klase/core/validation/issues';

/**
 * The grader grid's pure parts: which columns show (items grouped by category, then the totals),
 * how a cell reads, which students show in which order, and the client check of a typed grade
 * (the same rule as the server's). Totals are always the server's.
 */

/** `quarter` and `depedFinal`: a DepEd learning area's quarterly and final grades (docs/decisions/0059-deped-grader-grid.md). */
export type TotalKind = 'category' | 'course' | 'period' | 'final' | 'quarter' | 'depedFinal';

export type GridColumn =
  | { kind: 'item'; key: string; item: GradeItemRow; index: number; category: GradeCategoryRow | undefined; scale: ScaleRow | undefined }
  | { kind: 'total'; key: string; total: TotalKind; name: string; category?: GradeCategoryRow; quarter?: Quarter };

/** Column keys of a DepEd learning area's quarterly grades and final grade (not keys of `totals`). */
export const quarterKey = (quarter: Quarter) => `quarter:${quarter}`;
export const DEPED_FINAL_KEY = 'deped:final';

/** A header cell over several columns: a category's items, or the totals. */
export interface ColumnGroup {
  start: number;
  span: number;
  /** The category's name; null for the totals group. */
  name: string | null;
  root: boolean;
}

export const rootCategory = (grid: Pick<GradebookGrid, 'categories'>) => grid.categories.find((c) => c.parentId === null);

/** The columns: items (of the period when one is chosen), then category, course, period and final totals. */
export const gridColumns = (grid: GradebookGrid, periodId: string | null): GridColumn[] => {
  const categories = new Map(grid.categories.map((c) => [c.id, c]));
  const scales = new Map(grid.scales.map((s) => [s.id, s]));
  const items: GridColumn[] = [];
  grid.items.forEach((item, index) => {
    if (periodId !== null && item.periodId !== periodId) return;
    items.push({
      kind: 'item',
      key: `item:${item.id}`,
      item,
      index,
      category: categories.get(item.categoryId),
      scale: item.scaleId ? scales.get(item.scaleId) : undefined,
    });
  });
  const periodTotal = periodColumn(grid);
  if (periodId !== null) {
    const period = grid.periods.find((p) => p.id === periodId);
    return period ? [...items, periodTotal(period)] : items;
  }
  const root = rootCategory(grid);
  const totals: GridColumn[] = grid.categories
    .filter((c) => c.parentId !== null)
    .map((c) => ({ kind: 'total', key: `cat:${c.id}`, total: 'category', name: c.name, category: c }));
  if (grid.deped) return [...items, ...totals, ...depedColumns(grid, grid.deped)];
  if (root) totals.push({ kind: 'total', key: `cat:${root.id}`, total: 'course', name: root.name, category: root });
  for (const p of grid.periods) totals.push(periodTotal(p));
  if (grid.periods.length > 0) totals.push({ kind: 'total', key: 'final', total: 'final', name: '' });
  return [...items, ...totals];
};

type Period = GradebookGrid['periods'][number];
type Deped = NonNullable<GradebookGrid['deped']>;

/** A period's total column; in a DepEd learning area a quarter's period shows the quarterly grade instead. */
const periodColumn =
  (grid: GradebookGrid) =>
  (period: Period): GridColumn => {
    const quarter = grid.deped?.quarters.find((q) => q.periodId === period.id)?.quarter;
    return quarter
      ? { kind: 'total', key: quarterKey(quarter), total: 'quarter', name: period.name, quarter }
      : { kind: 'total', key: `period:${period.id}`, total: 'period', name: period.name };
  };

/**
 * A DepEd learning area's headline columns: the four quarterly grades (in place of the period totals;
 * a period that is no quarter keeps its total) and the DepEd final grade. No course total: the
 * quarterly grade is the one grade, as on the student's report.
 */
const depedColumns = (grid: GradebookGrid, deped: Deped): GridColumn[] => {
  const quarterPeriods = new Set(deped.quarters.map((q) => q.periodId));
  const columns: GridColumn[] = deped.quarters.map((q) => ({
    kind: 'total',
    key: quarterKey(q.quarter),
    total: 'quarter',
    name: grid.periods.find((p) => p.id === q.periodId)?.name ?? '',
    quarter: q.quarter,
  }));
  for (const p of grid.periods) if (!quarterPeriods.has(p.id)) columns.push({ kind: 'total', key: `period:${p.id}`, total: 'period', name: p.name });
  columns.push({ kind: 'total', key: DEPED_FINAL_KEY, total: 'depedFinal', name: '' });
  return columns;
};

/** A DepEd column's cell: the whole-number grade ("-" while the quarter has none), its initial grade and descriptor. */
export const depedCell = (student: GridStudent, column: Extract<GridColumn, { kind: 'total' }>) => {
  const d = student.deped;
  if (!d) return { text: '-', grade: null, initial: null, descriptor: null };
  if (column.total === 'depedFinal') return { text: d.final === null ? '-' : String(d.final), grade: d.final, initial: null, descriptor: d.finalDescriptor };
  const q = d.quarters.find((x) => x.quarter === column.quarter);
  const grade = q?.quarterly ?? null;
  return { text: grade === null ? '-' : String(grade), grade, initial: q?.initial ?? null, descriptor: q?.descriptor ?? null };
};

/** The number a total column sorts by: a DepEd grade, else the stored total's percent (or value). */
const sortValue = (s: GridStudent, key: string): number | null => {
  if (key === DEPED_FINAL_KEY) return s.deped?.final ?? null;
  if (key.startsWith('quarter:')) return s.deped?.quarters.find((q) => quarterKey(q.quarter) === key)?.quarterly ?? null;
  return s.totals[key]?.percent ?? s.totals[key]?.value ?? null;
};

/** Consecutive items of one category share a header cell; the totals share one too. */
export const columnGroups = (columns: readonly GridColumn[]): ColumnGroup[] => {
  const groups: ColumnGroup[] = [];
  let groupKey: string | null = null;
  columns.forEach((col, i) => {
    const key = col.kind === 'item' ? `c:${col.item.categoryId}` : 'totals';
    const last = groups[groups.length - 1];
    if (last && key === groupKey) last.span += 1;
    else {
      const category = col.kind === 'item' ? col.category : undefined;
      groups.push({ start: i, span: 1, name: col.kind === 'item' ? (category?.name ?? '') : null, root: col.kind === 'item' && category?.parentId === null });
      groupKey = key;
    }
  });
  return groups;
};

type Settings = GradebookGrid['settings'];

/** An item's grade as the grid shows it: the item's display type (else the gradebook's); scale words for scale items. */
export const formatItemValue = (value: number | null, column: Extract<GridColumn, { kind: 'item' }>, settings: Settings): string =>
  formatGrade(value, {
    min: column.item.minGrade,
    max: column.item.maxGrade,
    displayType: column.item.displayType ?? settings.gradeDisplayType,
    decimals: column.item.decimals ?? settings.decimals,
    letters: settings.letters,
    scaleValues: column.item.gradeType === 'scale' ? (column.scale?.values ?? null) : null,
  });

export const formatTotal = (total: GridTotal | undefined, column: Extract<GridColumn, { kind: 'total' }>, settings: Settings): string => {
  if (!total) return '-';
  const final = column.total === 'final';
  return formatGrade(total.value, {
    min: total.min,
    max: total.max,
    displayType: final ? settings.finalDisplayType : (column.category?.displayType ?? settings.gradeDisplayType),
    decimals: final ? settings.finalDecimals : (column.category?.decimals ?? settings.decimals),
    letters: settings.letters,
  });
};

export type GridStudent = GradebookGrid['students'][number];
export type SortKey = 'name' | string;
export interface GridSort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** Students of the group, matching the search, sorted by name or by a total (empty totals last). */
export const visibleStudents = (grid: GradebookGrid, opts: { groupId: string | null; search: string; sort: GridSort }): GridStudent[] => {
  const needle = opts.search.trim().toLocaleLowerCase();
  const list = grid.students.filter(
    (s) =>
      (opts.groupId === null || s.groupIds.includes(opts.groupId)) &&
      (needle === '' || s.name.toLocaleLowerCase().includes(needle) || s.username.toLocaleLowerCase().includes(needle)),
  );
  const sign = opts.sort.dir === 'asc' ? 1 : -1;
  const byName = (a: GridStudent, b: GridStudent) => a.name.localeCompare(b.name);
  if (opts.sort.key === 'name') return list.sort((a, b) => sign * byName(a, b));
  const key = opts.sort.key;
  return list.sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null && y === null) return byName(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return x === y ? byName(a, b) : sign * (x - y);
  });
};

export type EntryCheck = { ok: true; value: number | null } | { ok: false; issue: FieldIssue };

/**
 * A typed grade checked as the server checks it: the entry form's number rule, then core's range
 * and scale rule (`gradeValueIssue`, the server's). Blank → null (clears the grade or override).
 */
export const checkEntry = (text: string, item: GradeItemRow, scale: ScaleRow | undefined): EntryCheck => {
  const parsed = gradeEntryForm.safeParse({ value: text.trim().replace(',', '.') });
  if (!parsed.success) return { ok: false, issue: toFieldIssues(parsed.error.issues)[0] ?? { path: 'value', key: V.number } };
  const value = parsed.data.value ?? null;
  if (value === null) return { ok: true, value };
  const issue = gradeValueIssue(item, scale, value);
  return issue ? { ok: false, issue } : { ok: true, value };
};

/**
 * The cell refuses a change as the server does (GRADE_LOCKED): the grade is locked, or its item is
 * locked or past its lock date now (the date may pass while the grid is open).
 */
export const cellLocked = (column: GridColumn, flags: number, now: number): boolean =>
  column.kind === 'item' && gradeChangeLocked(column.item, (flags & CELL.locked) !== 0, { value: null }, now);

/** Items that take a typed grade: value and scale items (text items have none). */
export const isEditable = (column: GridColumn): column is Extract<GridColumn, { kind: 'item' }> => column.kind === 'item' && column.item.gradeType !== 'text';
