import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_STATUSES, type CustomerRow } from '@klase/core/admin/customers';
import { isActiveStatus } from '@klase/core/status';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { CUSTOMERS_PATH, customerKeys } from './customers-api.ts';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { CustomerStatusDialog } from './customer-status-dialog.tsx';

const Contact = ({ row }: { row: CustomerRow }) =>
  row.contactName || row.contactEmail ? (
    <Stack gap={0}>
      {row.contactName && <Text size="sm">{row.contactName}</Text>}
      {row.contactEmail && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.contactEmail}
        </Text>
      )}
    </Stack>
  ) : (
    <EmptyLabel />
  );

/** Customers (platform administrators): search, status filter, create, edit, disable and enable. */
export const CustomersPage = () => {
  const { t } = useTranslation(['admin', 'components']);
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<CustomerRow | null>(null);

  const columns: TableColumn<CustomerRow>[] = [
    { key: 'name', header: t('customers.name'), sortable: true },
    { key: 'contactName', header: t('customers.contact'), sortable: true, render: (row) => <Contact row={row} /> },
    { key: 'schoolCount', header: t('customers.schoolCount'), sortable: true },
    {
      key: 'status',
      header: t('customers.status'),
      kind: 'status',
      sortable: true,
      filter: { key: 'status', options: CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`components:status.${s.toLowerCase()}`) })) },
    },
    {
      key: 'actions',
      header: t('actions'),
      kind: 'actions',
      render: (row) => {
        const label = isActiveStatus(row.status) ? t('customers.disable') : t('customers.enable');
        return (
          <Button
            size="compact-sm"
            variant={isActiveStatus(row.status) ? 'filled' : 'light'}
            color={isActiveStatus(row.status) ? 'red.9' : undefined}
            aria-label={`${label} ${row.name}`}
            onClick={(e) => {
              e.stopPropagation();
              setToggling(row);
            }}
          >
            {label}
          </Button>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('customers.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('customers.create')}
        </Button>
      </Group>
      <DataTable<CustomerRow>
        queryKey={customerKeys.table}
        path={CUSTOMERS_PATH}
        columns={columns}
        defaultSortBy="name"
        onEdit={setEditing}
        rowLabel={(row) => row.name}
        caption={t('customers.title')}
      />
      <CustomerFormDialog
        opened={creating || editing !== null}
        customer={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <CustomerStatusDialog customer={toggling} onClose={() => setToggling(null)} />
    </Stack>
  );
};
