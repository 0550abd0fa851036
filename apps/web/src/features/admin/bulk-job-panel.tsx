import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isBulkJobWaiting, type BulkJobDetails } from '@klase/core/admin/bulk';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { toastError } from '../../lib/toasts.ts';
import { bulkRejectedPath, useAnswerBulkJob, useBulkJob } from './bulk-api.ts';
import { BulkResults } from './bulk-results.tsx';
import { downloadFile } from '../../lib/download.ts';

const STATUS_TEXT: Record<BulkJobDetails['status'], string> = {
  queued: 'bulk.checking',
  checking: 'bulk.checking',
  preview: 'bulk.previewReady',
  confirmed: 'bulk.running',
  running: 'bulk.running',
  done: 'bulk.done',
  failed: 'bulk.failed',
  cancelled: 'bulk.cancelled',
};

/** The rejected rows as a file (CSV or XLSX, like the upload) with a column saying why. */
const RejectedDownload = ({ job }: { job: BulkJobDetails }) => {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  if (job.rejectedCount === 0) return null;
  const fallback = `rejected-rows.${/\.xlsx$/i.test(job.fileName) ? 'xlsx' : 'csv'}`;
  return (
    <Group>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        onClick={() => void downloadFile(bulkRejectedPath(job.id), fallback).catch((e: unknown) => toastError(errorMessage(e)))}
      >
        {t('bulk.downloadRejected')}
      </Button>
    </Group>
  );
};

/** The preview's answer: create the users that passed the check, or cancel the upload. */
const PreviewActions = ({ job }: { job: BulkJobDetails }) => {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const answer = useAnswerBulkJob(job.id);
  const send = (a: 'confirm' | 'cancel') => answer.mutate(a, { onError: (e) => toastError(errorMessage(e)) });
  return (
    <Stack gap="xs">
      <Text>{t('bulk.previewText')}</Text>
      <Group gap="sm">
        <Button onClick={() => send('confirm')} loading={answer.isPending && answer.variables === 'confirm'} disabled={job.created === 0 || answer.isPending}>
          {t('bulk.confirm', { count: job.created })}
        </Button>
        <Button variant="default" onClick={() => send('cancel')} loading={answer.isPending && answer.variables === 'cancel'} disabled={answer.isPending}>
          {t('bulk.cancel')}
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * Follows one bulk-upload job: a progress bar while its rows are checked, then the preview (what
 * will be created, every rejected row and why, the rejected rows as a file) with confirm and
 * cancel, a progress bar while the users are created, and the final counts.
 */
export const BulkJobPanel = ({ jobId }: { jobId: string }) => {
  const { t } = useTranslation('admin');
  const job = useBulkJob(jobId);
  if (job.isError) return <ErrorText error={job.error} />;
  const data = job.data;
  const percent = data && data.total > 0 ? Math.round((data.processed / data.total) * 100) : 0;
  const waiting = data ? isBulkJobWaiting(data.status) : false;
  const preview = data?.status === 'preview';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {data ? t(preview ? 'bulk.previewTitle' : 'bulk.jobTitle', { file: data.fileName }) : t('bulk.jobLoading')}
        </Title>
        {!waiting && (
          <Progress.Root size="lg">
            <Progress.Section value={percent} animated aria-label={t('bulk.jobProgress')} />
          </Progress.Root>
        )}
        <Text size="sm" aria-live="polite" data-testid="bulk-status">
          {data ? t(STATUS_TEXT[data.status], { processed: data.processed, total: data.total }) : t('bulk.jobLoading')}
        </Text>
        {data?.status === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {t('bulk.failedText')}
          </Alert>
        )}
        {data && (preview || data.status === 'done') && (
          <>
            <Group gap="lg">
              <Text fw={700} data-testid="bulk-created">
                {t(preview ? 'bulk.willCreate' : 'bulk.created', { count: data.created })}
              </Text>
              <Text fw={700} data-testid="bulk-rejected-count">
                {t(preview ? 'bulk.willReject' : 'bulk.rejected', { count: data.rejectedCount })}
              </Text>
            </Group>
            {preview && <PreviewActions job={data} />}
            <BulkResults rejected={data.rejected} />
            <RejectedDownload job={data} />
          </>
        )}
      </Stack>
    </Paper>
  );
};
