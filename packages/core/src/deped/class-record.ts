import type { Quarter } from './contracts.ts';

/**
 * `GET /api/courses/:courseId/class-record/info` (staff of the class): whether the course is a DepEd
 * learning area (the gradebook tab then offers the E-Class Record), the quarter to preselect (the
 * one today falls in, else the latest that began, else the first) and whether the caller may import
 * (teachers of the class, as grade entry).
 */
export type ClassRecordInfo = { deped: boolean; currentQuarter: Quarter; canImport: boolean };

/** The MIME type of an XLSX workbook (the export's and the import body's). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import's size limit (5 MB). */
export const CLASS_RECORD_MAX_BYTES = 5 * 1024 * 1024;

/** The quarter today falls in (ISO date), else the latest that began, else the first. */
export const currentQuarter = (quarters: readonly { quarter: Quarter; startsOn: string; endsOn: string }[], today: string): Quarter => {
  const within = quarters.find((q) => q.startsOn <= today && today <= q.endsOn);
  if (within) return within.quarter;
  const began = quarters.filter((q) => q.startsOn <= today);
  return began[began.length - 1]?.quarter ?? quarters[0]?.quarter ?? 1;
};
