import { useState } from 'react';
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BULK_COLUMNS, BULK_MAX_BYTES, BULK_REQUIRED_COLUMNS } from '@klase/core/admin/bulk';
import { useErrorMessage } from '../../components/error-text.tsx';
import { SearchableSelect } from '../../components/searchable-select.tsx';
import { toastError } from '../../lib/toasts.ts';
import { UploadBox } from '../../components/upload-box.tsx';
import { useSession } from '../../lib/session-store.ts';
import { isPlatformAdmin } from './admin-access.ts';
import { bulkTemplatePath, uploadBulkCall } from './bulk-api.ts';
import { BulkJobPanel } from './bulk-job-panel.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useSchoolOptions } from './schools-api.ts';

const TemplateButtons = () => {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const get = (format: 'csv' | 'xlsx') =>
    downloadFile(bulkTemplatePath(format), `users-template.${format}`).catch((e: unknown) => {
      toastError(errorMessage(e));
    });
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((f) => (
        <Button key={f} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => void get(f)}>
          {t(`bulk.template.${f}`)}
        </Button>
      ))}
    </Group>
  );
};

/**
 * `#/admin/users/bulk?job=<id>`: download the template, upload a CSV or XLSX file (up to 50 MB),
 * then follow the job; its id stays in the URL so a reload keeps following it.
 */
export const BulkUploadPage = () => {
  const { t } = useTranslation('admin');
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const platform = isPlatformAdmin(roleId);
  const schools = useSchoolOptions(platform);
  const [params, setParams] = useSearchParams();
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const jobId = params.get('job');

  const upload = async (files: File[], onProgress: (percent: number) => void) => {
    const file = files[0];
    if (!file) return;
    const job = await uploadBulkCall(file, platform ? schoolId : null, onProgress);
    setParams({ job: job.id });
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('bulk.title')}
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Text>{t('bulk.intro')}</Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('bulk.columns', { columns: BULK_COLUMNS.join(', ') })}</List.Item>
            <List.Item>{t('bulk.required', { columns: BULK_REQUIRED_COLUMNS.join(', ') })}</List.Item>
            <List.Item>{t('bulk.rolesHint')}</List.Item>
            <List.Item>{t('bulk.learnerHint')}</List.Item>
          </List>
          <TemplateButtons />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          {platform && (
            <SearchableSelect
              label={t('users.school')}
              required
              withAsterisk
              data={(schools.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={schoolId}
              onChange={setSchoolId}
            />
          )}
          <UploadBox
            label={t('bulk.fileLabel')}
            types={['csv', 'xlsx']}
            maxBytes={BULK_MAX_BYTES}
            maxFiles={1}
            onUpload={upload}
            disabled={platform && !schoolId}
          />
        </Stack>
      </Paper>
      {jobId && <BulkJobPanel key={jobId} jobId={jobId} />}
    </Stack>
  );
};
