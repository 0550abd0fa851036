import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMail } from '@klase/core/auth/contracts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { MailDialog } from './mail-dialog.tsx';

/**
 * The mail outbox (platform administrators): what the system sent, newest first. Opening a row
 * shows the mail with clickable links, so activation and reset links can be followed locally.
 */
export const OutboxPage = () => {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const columns: TableColumn<OutboxMail>[] = [
    { key: 'createdAt', header: t('outbox.createdAt'), sortable: true, render: (row) => <DateText value={row.createdAt} format="long" /> },
    { key: 'to', header: t('outbox.to'), sortable: true },
    { key: 'subject', header: t('outbox.subject'), sortable: true },
  ];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('outbox.title')}
      </Title>
      <Text c="dimmed">{t('outbox.intro')}</Text>
      <DataTable<OutboxMail>
        queryKey={['admin', 'outbox']}
        path="/api/admin/outbox"
        columns={columns}
        defaultSortBy="createdAt"
        defaultSortOrder="desc"
        detailsRoute={setOpen}
        rowLabel={(row) => t('outbox.open', { subject: row.subject })}
        caption={t('outbox.title')}
      />
      <MailDialog mail={open} onClose={() => setOpen(null)} />
    </Stack>
  );
};
