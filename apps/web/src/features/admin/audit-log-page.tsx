import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditRow } from '@klase/core/admin/audit';
import type { Option } from '@klase/core/admin/common';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { apiFetch } from '../../api/http.ts';
import { SearchableSelect } from '../../components/searchable-select.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isValidDateText } from '../../components/text-mask.ts';
import { AuditDetailsDialog } from './audit-details-dialog.tsx';
import { TableFilters, filterParams } from './table-filters.tsx';

const AUDIT_PATH = '/api/admin/audit';

/** The audit log: who changed what and when, filtered by actor, action and date range; a row opens the before/after values. */
export const AuditLogPage = () => {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<AuditRow | null>(null);
  const [actions, setActions] = useState<string[]>([]);
  const [actorId, setActorId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const actors = useQuery({ queryKey: ['admin', 'audit', 'actors'], queryFn: ({ signal }) => apiFetch<Option[]>(`${AUDIT_PATH}/actors`, { signal }) });
  const actionName = (a: string) => t(`audit.actions.${a}`, { defaultValue: a });
  const target = (row: AuditRow) => `${t(`audit.targets.${row.targetType}`, { defaultValue: row.targetType })} ${row.targetLabel ?? ''}`.trim();

  const columns: TableColumn<AuditRow>[] = [
    { key: 'createdAt', header: t('audit.whenColumn'), sortable: true, render: (row) => <DateText value={row.createdAt} format="long" /> },
    { key: 'actorName', header: t('audit.whoColumn'), sortable: true, render: (row) => row.actorName ?? t('audit.system') },
    { key: 'action', header: t('audit.actionColumn'), sortable: true, render: (row) => actionName(row.action) },
    { key: 'targetType', header: t('audit.targetColumn'), sortable: true, render: target },
  ];
  const extra = filterParams(
    { action: actions },
    { actorId: actorId ?? undefined, from: isValidDateText(from) ? from : undefined, to: isValidDateText(to) ? to : undefined },
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('audit.title')}
      </Title>
      <Text c="dimmed">{t('audit.intro')}</Text>
      <TableFilters
        filters={[{ key: 'action', label: t('audit.actionColumn'), options: AUDIT_ACTIONS.map((a) => ({ value: a, label: actionName(a) })) }]}
        values={{ action: actions }}
        onChange={(_, v) => setActions(v)}
      >
        <SearchableSelect
          label={t('audit.actor')}
          data={(actors.data ?? []).map((o) => ({ value: o.id, label: o.hint ? `${o.name} (${o.hint})` : o.name }))}
          value={actorId}
          onChange={setActorId}
          clearable
          style={{ flex: '1 1 200px', minWidth: 0 }}
        />
        <TextField label={t('audit.from')} dateMask value={from} onChange={setFrom} style={{ flex: '1 1 150px', minWidth: 0 }} />
        <TextField label={t('audit.to')} dateMask value={to} onChange={setTo} style={{ flex: '1 1 150px', minWidth: 0 }} />
      </TableFilters>
      <DataTable<AuditRow>
        queryKey={['admin', 'audit', 'table']}
        path={AUDIT_PATH}
        columns={columns}
        extraParams={extra}
        defaultSortBy="createdAt"
        defaultSortOrder="desc"
        detailsRoute={setOpen}
        rowLabel={(row) => t('audit.open', { action: actionName(row.action), date: row.createdAt })}
        caption={t('audit.title')}
      />
      <AuditDetailsDialog row={open} onClose={() => setOpen(null)} />
    </Stack>
  );
};
