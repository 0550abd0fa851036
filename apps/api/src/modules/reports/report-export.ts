import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '@klase/core/admin/common';
import { sendSheet, type Cell } from '../../platform/spreadsheet.ts';
import type { ClassReportRecord, MaterialReportRecord } from './reports.repo.ts';

/** The columns of the CSV and XLSX exports (the contract's field names, like the other exports). */

export const CLASS_EXPORT_HEADER = [
  'fullName',
  'lastSystemAccess',
  'lastMaterialAccess',
  'lastMaterialTitle',
  'totalSeconds',
  'submitted',
  'totalSubmissions',
  'missing',
] as const;

export const classExportRow = (r: ClassReportRecord): Cell[] => [
  r.fullName,
  r.lastSystemAccess,
  r.lastMaterialAccess,
  r.lastMaterialTitle,
  r.totalSeconds,
  r.submitted,
  r.totalSubmissions,
  r.missing,
];

export const MATERIAL_EXPORT_HEADER = [
  'fullName',
  'courseTitle',
  'materialTitle',
  'materialType',
  'dueDate',
  'lastAccess',
  'totalSeconds',
  'status',
  'submittedAt',
] as const;

export const materialExportRow = (r: MaterialReportRecord): Cell[] => [
  r.fullName,
  r.courseTitle,
  r.materialTitle,
  r.materialType,
  r.dueDate,
  r.lastAccess,
  r.totalSeconds,
  r.status,
  r.submittedAt,
];

/** `class-report-<class>-<from>-to-<to>` (the download name; unsafe characters are replaced when sent). */
export const exportBaseName = (report: 'class' | 'materials', className: string, range: { from: string; to: string }): string =>
  `${report === 'class' ? 'class-report' : 'material-report'}-${className.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')}-${range.from}-to-${range.to}`;

async function* rowsAsync<T>(rows: readonly T[], map: (r: T) => Cell[]): AsyncIterable<Cell[]> {
  for (const r of rows) yield map(r);
}

interface ExportKind<T> {
  report: 'class' | 'materials';
  sheet: string;
  header: readonly string[];
  row: (r: T) => Cell[];
}

export const CLASS_EXPORT: ExportKind<ClassReportRecord> = { report: 'class', sheet: 'Class report', header: CLASS_EXPORT_HEADER, row: classExportRow };
export const MATERIAL_EXPORT: ExportKind<MaterialReportRecord> = {
  report: 'materials',
  sheet: 'Material report',
  header: MATERIAL_EXPORT_HEADER,
  row: materialExportRow,
};

/** Sends a report's rows as its CSV or XLSX download. */
export const sendReport = <T>(
  reply: FastifyReply,
  kind: ExportKind<T>,
  format: ExportFormat,
  found: { className: string; range: { from: string; to: string }; rows: readonly T[] },
): FastifyReply =>
  sendSheet(reply, {
    format,
    base: exportBaseName(kind.report, found.className, found.range),
    dated: false,
    sheet: kind.sheet,
    header: kind.header,
    rows: rowsAsync(found.rows, kind.row),
  });
