import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconFileUpload, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCHOOL_USER_ROLES, USER_STATUSES, type UserRowDto } from '@klase/core/admin/users';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { SearchableSelect } from '../../components/searchable-select.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { canWriteAdmin, isSchoolAdmin } from './admin-access.ts';
import { useRoleName } from './role-name.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { useSchoolOptions } from './schools-api.ts';
import { TableFilters, filterParams, type ListFilter } from './table-filters.tsx';
import { USERS_PATH, userKeys } from './users-api.ts';

/** Users: filtered by role, status and (platform, lsg) school; search by name, username or email; export. */
export const UsersPage = () => {
  const { t } = useTranslation(['admin', 'components']);
  const roleName = useRoleName();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<Record<string, string[]>>({});
  const bySchool = !isSchoolAdmin(roleId);
  const schools = useSchoolOptions(bySchool);
  const schoolId = params.get('schoolId') ?? '';

  const filterList: ListFilter[] = [
    { key: 'role', label: t('users.role'), options: SCHOOL_USER_ROLES.map((r) => ({ value: String(r), label: roleName(r) })) },
    { key: 'status', label: t('status'), options: USER_STATUSES.map((s) => ({ value: s, label: t(`components:status.${s.toLowerCase()}`) })) },
  ];
  const columns: TableColumn<UserRowDto>[] = [
    { key: 'name', header: t('users.name'), sortable: true },
    { key: 'username', header: t('users.username'), sortable: true },
    { key: 'email', header: t('users.email'), sortable: true },
    { key: 'roleId', header: t('users.role'), sortable: true, render: (row) => roleName(row.roleId) },
    ...(bySchool ? [{ key: 'schoolName', header: t('users.school'), sortable: true }] : []),
    { key: 'status', header: t('status'), sortable: true, kind: 'status' as const },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('users.title')}
        </Title>
        <Group gap="xs">
          <ExportButtons tableKey={userKeys.table} path={`${USERS_PATH}/export`} baseName="users" />
          {canWriteAdmin(roleId) && (
            <>
              <Button component={Link} to={paths.adminUsersBulk.to()} variant="default" leftSection={<IconFileUpload size={16} aria-hidden="true" />}>
                {t('bulk.title')}
              </Button>
              <Button component={Link} to={paths.adminUserNew.to()} leftSection={<IconPlus size={16} aria-hidden="true" />}>
                {t('users.create')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <TableFilters filters={filterList} values={filters} onChange={(k, v) => setFilters((f) => ({ ...f, [k]: v }))}>
        {bySchool && (
          <SearchableSelect
            label={t('users.school')}
            data={(schools.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={schoolId || null}
            onChange={(v) => setParams(v ? { schoolId: v } : {}, { replace: true })}
            clearable
            style={{ flex: '1 1 200px', minWidth: 0 }}
          />
        )}
      </TableFilters>
      <DataTable<UserRowDto>
        queryKey={userKeys.table}
        path={USERS_PATH}
        columns={columns}
        extraParams={filterParams(filters, { schoolId: bySchool ? schoolId : undefined })}
        defaultSortBy="name"
        detailsHref={(row) => paths.adminUser.to(row.id)}
        rowLabel={(row) => row.name}
        caption={t('users.title')}
      />
    </Stack>
  );
};
