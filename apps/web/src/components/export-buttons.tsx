import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@klase/core/admin/common';
import { useErrorMessage } from './error-text.tsx';
import { toastError } from '../lib/toasts.ts';
import { downloadFile, shownTableQuery } from '../lib/download.ts';

interface ExportButtonsProps {
  /** The DataTable's query key: its current search, sort and filters go with the export. */
  tableKey: QueryKey;
  /** API path of the export, e.g. `/api/admin/users/export`. */
  path: string;
  /** File name used when the server names none (without extension). */
  baseName: string;
}

/** "Export CSV" and "Export XLSX": download the list as filtered on screen, every page. */
export const ExportButtons = ({ tableKey, path, baseName }: ExportButtonsProps) => {
  const { t } = useTranslation('components');
  const client = useQueryClient();
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    const params = shownTableQuery(client, tableKey);
    params.set('format', format);
    setBusy(format);
    try {
      await downloadFile(`${path}?${params.toString()}`, `${baseName}.${format}`);
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="xs">
      {EXPORT_FORMATS.map((f) => (
        <Button
          key={f}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={busy === f}
          disabled={busy !== null && busy !== f}
          onClick={() => void run(f)}
        >
          {t(`export.${f}`)}
        </Button>
      ))}
    </Group>
  );
};
