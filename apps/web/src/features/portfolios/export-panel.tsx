import { useId, useState } from 'react';
import { Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PortfolioExportJob } from '@klase/core/portfolios/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { useTone } from '../../components/tones.ts';
import { fileHref, startExportCall, useExportJob } from './portfolios-api.ts';

const percentOf = (job: PortfolioExportJob) => (job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : job.state === 'done' ? 100 : 0);

/** Where a started export stands: waiting, its progress, the download once ready, or its failure. */
const JobState = ({ job }: { job: PortfolioExportJob }) => {
  const { t } = useTranslation('portfolios');
  const success = useTone('success');
  const danger = useTone('danger');
  if (job.state === 'failed')
    return (
      <Text role="alert" c={danger} size="sm">
        {t('export.failed')}
      </Text>
    );
  if (job.state === 'done' && job.downloadUrl)
    return (
      <Stack gap="xs">
        <Text size="sm" c={success} role="status">
          {t('export.done')}
        </Text>
        <Button
          component="a"
          href={fileHref(job.downloadUrl)}
          download={job.fileName ?? undefined}
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          data-testid="export-download"
        >
          {t('export.download')}
        </Button>
      </Stack>
    );
  const percent = percentOf(job);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={t('export.progress')} animated />
      <Text size="sm" aria-live="polite">
        {job.state === 'queued' ? t('export.queued') : t('export.running', { percent })}
      </Text>
    </Stack>
  );
};

/**
 * Export to ZIP: starts a background export (every item's file, the reflections and work as web
 * pages, an offline `index.html`), follows its progress, and offers the download when it is ready.
 */
export const ExportPanel = ({ portfolioId }: { portfolioId: string }) => {
  const { t } = useTranslation('portfolios');
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const job = useExportJob(jobId);
  const titleId = useId();
  const running = jobId !== null && (!job.data || job.data.state === 'queued' || job.data.state === 'running');

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setJobId((await startExportCall(portfolioId)).id);
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('export.title')}
        </Title>
        <Text size="sm">{t('export.hint')}</Text>
        {job.data && <JobState job={job.data} />}
        <ErrorText error={error ?? job.error} />
        {!running && (
          <Button variant="default" leftSection={<IconFileZip size={16} aria-hidden="true" />} loading={starting} onClick={() => void start()}>
            {jobId ? t('export.again') : t('export.start')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
};
