import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@klase/core/constants';
import { EXPORT_FORMATS } from '@klase/core/admin/common';
import { DomainError } from '@klase/core/errors';
import { CELL, formatNumber, roundGrade, type GradebookGrid } from '@klase/core/gradebook/index';
import type { Ctx } from '../../platform/context.ts';
import { attachmentHeader } from '../../platform/downloads.ts';
import type { UserRow } from '../../platform/rows.ts';
import { CONTENT_TYPES, csvStream, xlsxStream, type Cell } from '../../platform/spreadsheet.ts';
import { loadGradebookAccess, requireGradeStaff } from './gradebook-access.ts';
import { gridOf } from './grid.service.ts';
import { catKey, FINAL_KEY, periodKey } from './totals.ts';

/**
 * `GET /gradebook/export?format=csv|xlsx&periodId=&groupId=` (staff of the class): one row per
 * student — name, username, each item's grade, the category totals, the course and period totals,
 * the final grade — as the grid has them (stored totals, recomputed first when stale). A period
 * keeps its items, its total and the final grade; a group keeps its members. CSV numbers are
 * printed with the gradebook's decimals; XLSX cells are numbers rounded the same way. A DepEd
 * learning area exports the quarterly grades and the DepEd final grade instead of the period totals,
 * the course total and the gradebook's final grade, as its grid shows them.
 */

export const gradebookExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  periodId: z.uuid().optional(),
  groupId: z.uuid().optional(),
});
export type GradebookExportQuery = z.output<typeof gradebookExportQuery>;

const WORDS = {
  name: { 'en-us': 'Name', ph: 'Pangalan', zh: '姓名' },
  username: { 'en-us': 'Username', ph: 'Username', zh: '用户名' },
  total: { 'en-us': '{name} total', ph: 'Kabuuan ng {name}', zh: '{name}总分' },
  course: { 'en-us': 'Course total', ph: 'Kabuuan ng kurso', zh: '课程总分' },
  final: { 'en-us': 'Final grade', ph: 'Huling marka', zh: '最终成绩' },
  quarter: { 'en-us': 'Quarter {n} grade', ph: 'Marka sa markahan {n}', zh: '第 {n} 季度成绩' },
} as const satisfies Record<string, Record<Locale, string>>;

type Student = GradebookGrid['students'][number];
type TotalColumn = { header: string; value: (st: Student) => number | null | undefined; decimals: number };

/**
 * A DepEd learning area's headline columns (docs/decisions/0059-deped-grader-grid.md), as the grid
 * shows them: the quarterly grades in place of the quarters' period totals (whole numbers; all four
 * when no period is chosen), a period that is no quarter keeps its total, then the DepEd final grade.
 */
const depedTotals = (grid: GradebookGrid, deped: NonNullable<GradebookGrid['deped']>, period: GradebookGrid['periods'][number] | undefined, locale: Locale) => {
  const quarterColumn = (q: (typeof deped.quarters)[number]): TotalColumn => ({
    header: WORDS.quarter[locale].replace('{n}', String(q.quarter)),
    value: (st) => st.deped?.quarters.find((x) => x.quarter === q.quarter)?.quarterly,
    decimals: 0,
  });
  const periodColumn = (p: GradebookGrid['periods'][number]): TotalColumn => ({
    header: p.name,
    value: (st) => st.totals[periodKey(p.id)]?.value,
    decimals: grid.settings.decimals,
  });
  const quarterOf = (p: GradebookGrid['periods'][number]) => deped.quarters.find((q) => q.periodId === p.id);
  const columns: TotalColumn[] = period
    ? [quarterOf(period) ? quarterColumn(quarterOf(period)!) : periodColumn(period)]
    : [...deped.quarters.map(quarterColumn), ...grid.periods.filter((p) => !quarterOf(p)).map(periodColumn)];
  return [...columns, { header: WORDS.final[locale], value: (st: Student) => st.deped?.final, decimals: 0 }];
};

/** The sheet's header and rows (pure, from the grid). */
export const exportTable = (grid: GradebookGrid, q: GradebookExportQuery, locale: Locale): { header: string[]; rows: Cell[][] } => {
  const period = q.periodId ? grid.periods.find((p) => p.id === q.periodId) : undefined;
  const group = q.groupId ? grid.groups.find((x) => x.id === q.groupId) : undefined;
  if ((q.periodId && !period) || (q.groupId && !group)) throw new DomainError('NOT_FOUND');
  const s = grid.settings;
  const xlsx = q.format === 'xlsx';
  const num = (v: number | null | undefined, decimals: number): Cell =>
    v === null || v === undefined ? null : xlsx ? roundGrade(v, decimals) : formatNumber(v, decimals);
  const cols = grid.items.map((it, i) => ({ it, i })).filter(({ it }) => !period || it.periodId === period.id);
  const cats = period ? [] : grid.categories.filter((c) => c.parentId !== null);
  const root = grid.categories.find((c) => c.parentId === null);
  const periods = period ? [period] : grid.periods;
  const totals: TotalColumn[] = grid.deped
    ? depedTotals(grid, grid.deped, period, locale)
    : [
        ...(period || !root
          ? []
          : [{ header: WORDS.course[locale], value: (st: Student) => st.totals[catKey(root.id)]?.value, decimals: root.decimals ?? s.decimals }]),
        ...periods.map((p) => ({ header: p.name, value: (st: Student) => st.totals[periodKey(p.id)]?.value, decimals: s.decimals })),
        { header: WORDS.final[locale], value: (st: Student) => st.totals[FINAL_KEY]?.value, decimals: s.finalDecimals },
      ];
  const header = [
    WORDS.name[locale],
    WORDS.username[locale],
    ...cols.map(({ it }) => it.name),
    ...cats.map((c) => WORDS.total[locale].replace('{name}', c.name)),
    ...totals.map((c) => c.header),
  ];
  const rows = grid.students
    .filter((st) => !group || st.groupIds.includes(group.id))
    .map((st): Cell[] => [
      st.name,
      st.username,
      ...cols.map(({ it, i }): Cell => {
        const v = (st.flags[i]! & CELL.notReturned) !== 0 ? null : (st.values[i] ?? null);
        const scale = it.gradeType === 'scale' && v !== null ? grid.scales.find((x) => x.id === it.scaleId) : undefined;
        return scale ? (scale.values[Math.round(v!) - 1] ?? null) : num(v, it.decimals ?? s.decimals);
      }),
      ...cats.map((c) => num(st.totals[catKey(c.id)]?.value, c.decimals ?? s.decimals)),
      ...totals.map((c) => num(c.value(st), c.decimals)),
    ]);
  return { header, rows };
};

async function* each<T>(list: readonly T[]): AsyncIterable<T> {
  for (const x of list) yield x;
}

export const sendGradebookExport = async (ctx: Ctx, user: UserRow, courseId: string, q: GradebookExportQuery, locale: Locale, reply: FastifyReply) => {
  const g = await loadGradebookAccess(ctx.db, user, courseId);
  requireGradeStaff(g);
  const grid = await gridOf(ctx.db, g);
  const { header, rows } = exportTable(grid, q, locale);
  const base = g.access.course.code.replace(/[\\/:*?"<>|\s]+/g, '-') || 'course';
  const name = `${base}-grades-${new Date().toISOString().slice(0, 10)}.${q.format}`;
  const body = q.format === 'csv' ? csvStream(header, each(rows)) : xlsxStream('Grades', header, each(rows));
  return reply
    .header('content-type', CONTENT_TYPES[q.format])
    .header('content-disposition', attachmentHeader(name))
    .header('cache-control', 'private, no-store')
    .send(body);
};
