import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isBulkJobFinished } from '@klase/core/admin/bulk';
import { ErrorText } from '../../components/error-text.tsx';
import { useBulkJob } from './bulk-api.ts';
import { BulkResults } from './bulk-results.tsx';

/** Follows one bulk-upload job: a progress bar while it runs, then the counts and the rejected rows. */
export const BulkJobPanel = ({ jobId }: { jobId: string }) => {
  const { t } = useTranslation('admin');
  const job = useBulkJob(jobId);
  if (job.isError) return <ErrorText error={job.error} />;
  const data = job.data;
  const percent = data && data.total > 0 ? Math.round((data.processed / data.total) * 100) : 0;
  const finished = data ? isBulkJobFinished(data.status) : false;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {data ? t('bulk.jobTitle', { file: data.fileName }) : t('bulk.jobLoading')}
        </Title>
        <Progress.Root size="lg">
          <Progress.Section value={finished ? 100 : percent} animated={!finished} aria-label={t('bulk.jobProgress')} />
        </Progress.Root>
        <Text size="sm" aria-live="polite" data-testid="bulk-status">
          {!data
            ? t('bulk.jobLoading')
            : finished
              ? data.status === 'failed'
                ? t('bulk.failed')
                : t('bulk.done')
              : t('bulk.running', { processed: data.processed, total: data.total })}
        </Text>
        {data?.status === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {t('bulk.failedText')}
          </Alert>
        )}
        {data && finished && (
          <>
            <Group gap="lg">
              <Text fw={700} data-testid="bulk-created">
                {t('bulk.created', { count: data.created })}
              </Text>
              <Text fw={700} data-testid="bulk-rejected-count">
                {t('bulk.rejected', { count: data.rejectedCount })}
              </Text>
            </Group>
            <BulkResults rejected={data.rejected} />
          </>
        )}
      </Stack>
    </Paper>
  );
};
