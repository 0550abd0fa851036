import type { Cell } from '../../platform/spreadsheet.ts';
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

export async function* rowsAsync<T>(rows: readonly T[], map: (r: T) => Cell[]): AsyncIterable<Cell[]> {
  for (const r of rows) yield map(r);
}
