import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { isBulkJobWaiting, type BulkJob, type BulkJobDetails } from '@klase/core/admin/bulk';
import { apiFetch, uploadWithProgress } from '../../api/http.ts';

export const BULK_POLL_MS = 1000;

export const bulkKeys = {
  job: (id: string) => ['admin', 'bulk-jobs', id] as const,
};

/** The job and its rejected rows, polled every second until it waits for an answer (preview) or has ended. */
export const useBulkJob = (id: string | null) =>
  useQuery({
    queryKey: bulkKeys.job(id ?? ''),
    queryFn: ({ signal }) => apiFetch<BulkJobDetails>(`/api/admin/bulk-jobs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null && id !== '',
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isBulkJobWaiting(data.status) ? false : BULK_POLL_MS;
    },
  });

export const uploadBulkCall = (file: File, schoolId: string | null, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append('file', file);
  const q = schoolId ? `?schoolId=${encodeURIComponent(schoolId)}` : '';
  return uploadWithProgress<BulkJob>(`/api/admin/bulk-jobs${q}`, data, onProgress);
};

export const bulkTemplatePath = (format: 'csv' | 'xlsx') => `/api/admin/bulk-template?format=${format}`;

/** The answer to a preview: `confirm` creates the rows that passed the check, `cancel` drops the upload. */
export const useAnswerBulkJob = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'confirm' | 'cancel') => apiFetch<BulkJobDetails>(`/api/admin/bulk-jobs/${encodeURIComponent(id)}/${answer}`, { method: 'POST' }),
    onSuccess: (job) => client.setQueryData(bulkKeys.job(id), job),
    onError: () => client.invalidateQueries({ queryKey: bulkKeys.job(id) }),
  });
};

/** The rejected rows with a reason column, in the uploaded file's format. */
export const bulkRejectedPath = (id: string) => `/api/admin/bulk-jobs/${encodeURIComponent(id)}/rejected`;
