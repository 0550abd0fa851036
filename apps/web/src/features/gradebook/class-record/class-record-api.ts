import { useQuery } from '@tanstack/react-query';
import { XLSX_TYPE, type ClassRecordInfo } from '@klase/core/deped/class-record';
import type { ClassRecordPreview, Quarter } from '@klase/core/deped/contracts';
import { apiFetch, uploadWithProgress } from '../../../api/http.ts';

/** The E-Class Record's calls (contracts: packages/core/src/deped/contracts.ts and class-record.ts). */

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/class-record`;

export const classRecordPath = (courseId: string, quarter: Quarter, what: '' | '/preview' | '/import' = '') => `${base(courseId)}${what}?quarter=${quarter}`;

export const useClassRecordInfo = (courseId: string) =>
  useQuery({
    queryKey: ['gradebook', courseId, 'class-record'] as const,
    queryFn: ({ signal }) => apiFetch<ClassRecordInfo>(`${base(courseId)}/info`, { signal }),
    enabled: courseId !== '',
    retry: false,
    staleTime: 60_000,
  });

/** The file as the request body, typed as a workbook whatever the browser guessed from its name. */
const asWorkbook = (file: File): Blob => new Blob([file], { type: XLSX_TYPE });

/** Uploads the file for a preview (nothing saved), reporting the upload's progress. */
export const previewClassRecord = (courseId: string, quarter: Quarter, file: File, onProgress: (percent: number) => void) =>
  uploadWithProgress<ClassRecordPreview>(classRecordPath(courseId, quarter, '/preview'), asWorkbook(file), onProgress);

/** Applies the same file: every change, or nothing when a row is wrong (400 CLASS_RECORD_ROWS). */
export const importClassRecord = (courseId: string, quarter: Quarter, file: File) =>
  apiFetch<ClassRecordPreview>(classRecordPath(courseId, quarter, '/import'), { method: 'POST', body: asWorkbook(file) });
