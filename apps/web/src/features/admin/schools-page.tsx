import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SchoolRow } from '@klase/core/admin/schools';
import { SECTORS } from '@klase/core/constants';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { canManageSchools, isPlatformAdmin, isSchoolAdmin } from './admin-access.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { SCHOOLS_PATH, schoolKeys } from './schools-api.ts';
import { TableFilters, filterParams, type ListFilter } from './table-filters.tsx';

/** Schools: search, sector and status filters, export; platform administrators create them. */
export const SchoolsPage = () => {
  const { t } = useTranslation('admin');
  const profile = useSession((s) => s.profile);
  const [filters, setFilters] = useState<Record<string, string[]>>({});
  if (profile && isSchoolAdmin(profile.roleId) && profile.schoolId) return <Navigate to={paths.adminSchool.to(profile.schoolId)} replace />;
  const roleId = profile?.roleId ?? 0;

  const filterList: ListFilter[] = [
    { key: 'sector', label: t('schools.sector'), options: SECTORS.map((s) => ({ value: s, label: t(`sector.${s}`) })) },
    {
      key: 'enabled',
      label: t('status'),
      single: true,
      options: [
        { value: 'true', label: t('schools.enabledChip') },
        { value: 'false', label: t('schools.disabledChip') },
      ],
    },
  ];
  const columns: TableColumn<SchoolRow>[] = [
    { key: 'code', header: t('schools.code'), sortable: true },
    { key: 'name', header: t('schools.name'), sortable: true },
    ...(isPlatformAdmin(roleId) ? [{ key: 'customerName', header: t('schools.customer'), sortable: true }] : []),
    { key: 'sector', header: t('schools.sector'), sortable: true, render: (row: SchoolRow) => t(`sector.${row.sector}`) },
    { key: 'city', header: t('schools.city'), sortable: true },
    { key: 'userCount', header: t('schools.userCount'), sortable: true },
    {
      key: 'enabled',
      header: t('status'),
      sortable: true,
      render: (row: SchoolRow) => <StatusBadge status={row.status} label={row.enabled ? t('schools.enabledChip') : t('schools.disabledChip')} />,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('schools.title')}
        </Title>
        <Group gap="xs">
          <ExportButtons tableKey={schoolKeys.table} path={`${SCHOOLS_PATH}/export`} baseName="schools" />
          {canManageSchools(roleId) && (
            <Button component={Link} to={paths.adminSchoolNew.to()} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {t('schools.create')}
            </Button>
          )}
        </Group>
      </Group>
      <TableFilters filters={filterList} values={filters} onChange={(k, v) => setFilters((f) => ({ ...f, [k]: v }))} />
      <DataTable<SchoolRow>
        queryKey={schoolKeys.table}
        path={SCHOOLS_PATH}
        columns={columns}
        extraParams={filterParams(filters)}
        defaultSortBy="name"
        detailsHref={(row) => paths.adminSchool.to(row.id)}
        rowLabel={(row) => row.name}
        caption={t('schools.title')}
      />
    </Stack>
  );
};
