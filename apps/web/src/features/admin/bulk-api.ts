import { useQuery } from '@tanstack/react-query';
import { isBulkJobFinished, type BulkJob, type BulkJobDetails } from '@klase/core/admin/bulk';
import { apiFetch, uploadWithProgress } from '../../components/http.ts';

export const BULK_POLL_MS = 1000;

export const bulkKeys = {
  job: (id: string) => ['admin', 'bulk-jobs', id] as const,
};

/** The job and its rejected rows, polled every second until it is done or failed. */
export const useBulkJob = (id: string | null) =>
  useQuery({
    queryKey: bulkKeys.job(id ?? ''),
    queryFn: ({ signal }) => apiFetch<BulkJobDetails>(`/api/admin/bulk-jobs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null && id !== '',
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isBulkJobFinished(data.status) ? false : BULK_POLL_MS;
    },
  });

export const uploadBulkCall = (file: File, schoolId: string | null, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append('file', file);
  const q = schoolId ? `?schoolId=${encodeURIComponent(schoolId)}` : '';
  return uploadWithProgress<BulkJob>(`/api/admin/bulk-jobs${q}`, data, onProgress);
};

export const bulkTemplatePath = (format: 'csv' | 'xlsx') => `/api/admin/bulk-template?format=${format}`;
