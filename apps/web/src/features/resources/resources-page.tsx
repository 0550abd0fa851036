import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconBooks, IconLink, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GRADE_LEVELS } from '@klase/core/classes/contracts';
import { canOpen } from '@klase/core/guards';
import { RESOURCE_KINDS, type ResourceKind, type ResourceRow } from '@klase/core/resources/contracts';
import type { TablePage } from '@klase/core/table';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CardView } from '../../components/data-table/card-view.tsx';
import { TableFooter } from '../../components/data-table/table-footer.tsx';
import { TableToolbar } from '../../components/data-table/table-toolbar.tsx';
import { TableView } from '../../components/data-table/table-view.tsx';
import { NARROW_QUERY, type TableColumn } from '../../components/data-table/types.ts';
import { useTableState } from '../../components/data-table/use-table-state.ts';
import { DateText } from '../../components/date-text.tsx';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { apiFetch } from '../../api/http.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useSession } from '../../lib/session-store.ts';
import { useClassText } from '../../lib/class-format.ts';
import { ResourceActions, ResourceKindCell, ResourceTitle } from './resource-cells.tsx';
import { ResourceFormDialog } from './resource-form-dialog.tsx';
import { RESOURCES_PATH, removeResourceCall, resourceKeys } from './resources-api.ts';

type Editing = { kind: ResourceKind; resource: ResourceRow | null } | null;

/** The table's columns (cards on phones); writers get the row actions. */
const useResourceColumns = (
  writer: boolean,
  narrow: boolean,
  actions: { onEdit: (row: ResourceRow) => void; onRemove: (row: ResourceRow) => void },
): TableColumn<ResourceRow>[] => {
  const { t } = useTranslation('resources');
  const { grade } = useClassText();
  return [
    { key: 'title', header: t('columns.title'), sortable: true, render: (row) => <ResourceTitle row={row} /> },
    {
      key: 'kind',
      header: t('columns.kind'),
      sortable: true,
      render: (row) => <ResourceKindCell row={row} />,
      filter: { key: 'kind', options: RESOURCE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) },
    },
    {
      key: 'description',
      header: t('columns.description'),
      render: (row) =>
        row.description ? (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {row.description}
          </Text>
        ) : (
          <EmptyLabel />
        ),
    },
    {
      key: 'gradeSubject',
      header: t('columns.gradeSubject'),
      render: (row) => [row.gradeLevel ? grade(row.gradeLevel) : null, row.subject].filter(Boolean).join(' · ') || <EmptyLabel />,
    },
    { key: 'addedBy', header: t('columns.addedBy'), render: (row) => row.addedBy?.name ?? <EmptyLabel /> },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      sortable: true,
      // One line in the table; cards at 360 px have no room for it.
      render: (row) => (
        <span style={narrow ? undefined : { whiteSpace: 'nowrap' }}>
          <DateText value={row.createdAt} />
        </span>
      ),
    },
    ...(writer
      ? [
          {
            key: 'actions',
            header: t('columns.actions'),
            render: (row: ResourceRow) => <ResourceActions row={row} onEdit={actions.onEdit} onRemove={actions.onRemove} />,
          },
        ]
      : []),
  ];
};

/** The title, and for writers "Add link" and "Upload file". */
const PageHeader = ({ writer, onAdd }: { writer: boolean; onAdd: (kind: 'link' | 'file') => void }) => {
  const { t } = useTranslation('resources');
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Title order={1} size="h2">
        {t('titles.resources')}
      </Title>
      {writer && (
        <Group gap="sm">
          <Button leftSection={<IconLink size={16} aria-hidden="true" />} onClick={() => onAdd('link')}>
            {t('page.addLink')}
          </Button>
          <Button variant="light" leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => onAdd('file')}>
            {t('page.uploadFile')}
          </Button>
        </Group>
      )}
    </Group>
  );
};

/** The search and column filter, and the grade filter beside them. */
const ResourceFilters = ({
  toolbar,
  gradeLevel,
  onGradeLevel,
}: {
  toolbar: ReactNode;
  gradeLevel: string | null;
  onGradeLevel: (v: string | null) => void;
}) => {
  const { t } = useTranslation('resources');
  const { grade } = useClassText();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <div style={{ flex: '3 1 320px', minWidth: 0 }}>{toolbar}</div>
      <Select
        label={t('page.gradeFilter')}
        placeholder={t('page.allGrades')}
        clearable
        data={GRADE_LEVELS.map((g) => ({ value: g, label: grade(g) }))}
        value={gradeLevel}
        onChange={onGradeLevel}
        style={{ flex: '1 1 180px', minWidth: 0 }}
      />
    </Group>
  );
};

/** Asks before removing a resource; once removed, the search is cleared and the list reloads. */
const RemoveResourceDialog = ({ removing, onRemoved, onClose }: { removing: ResourceRow | null; onRemoved: () => void; onClose: () => void }) => {
  const { t } = useTranslation('resources');
  const queryClient = useQueryClient();
  const remove = async () => {
    if (!removing) return;
    const answer = await removeResourceCall(removing.id);
    toastSuccess(answer.message);
    onRemoved();
    await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
  };
  return (
    <ConfirmDialog
      opened={removing !== null}
      title={t('row.removeTitle')}
      message={t('row.removeConfirm', { title: removing?.title ?? '' })}
      confirmLabel={t('row.removeButton')}
      danger
      onConfirm={remove}
      onClose={onClose}
    />
  );
};

/**
 * `#/resources`: the school's library of shared files and links, searched, filtered by type and
 * grade, sorted and paged on the server (newest first); cards on phones. Links open in a new tab,
 * files download. Teachers and the school admin add links and upload files; the one who added a
 * resource, or the school admin, edits and removes it.
 */
export const ResourcesPage = () => {
  const { t } = useTranslation(['resources', 'components']);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const writer = canOpen('resourcesWrite', roleId);
  const [gradeLevel, setGradeLevel] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<ResourceRow | null>(null);
  const state = useTableState({ defaultSortBy: 'createdAt', defaultSortOrder: 'desc', extraParams: gradeLevel ? { gradeLevel } : {} });

  const q = useQuery({
    queryKey: [...resourceKeys.table, state.query],
    queryFn: ({ signal }) => apiFetch<TablePage<ResourceRow>>(`${RESOURCES_PATH}?${state.query}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.data ?? [];
  const totalCount = q.data?.pagination.totalcount ?? 0;
  const filtered = state.searchInput.trim() !== '' || state.filter !== undefined || gradeLevel !== null;

  const edit = (row: ResourceRow) => setEditing({ kind: row.kind, resource: row });

  const columns = useResourceColumns(writer, narrow, { onEdit: edit, onRemove: setRemoving });
  const loadingRows = q.isPending ? 3 : undefined;
  const handlers = { rowLabel: (row: ResourceRow) => row.title };

  return (
    <Stack gap="md">
      <PageHeader writer={writer} onAdd={(kind) => setEditing({ kind, resource: null })} />
      <Text>{t('page.intro')}</Text>
      <ResourceFilters
        toolbar={<TableToolbar columns={columns} search={state.searchInput} onSearch={state.onSearch} filter={state.filter} onFilter={state.setFilter} />}
        gradeLevel={gradeLevel}
        onGradeLevel={(v) => {
          setGradeLevel(v);
          state.setPage(1);
        }}
      />
      {q.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('components:somethingWentWrong')}
        </Alert>
      ) : null}
      {q.isSuccess && rows.length === 0 ? (
        <EmptyState icon={filtered ? undefined : <IconBooks size={28} />} text={filtered ? undefined : writer ? t('page.emptyWriter') : t('page.empty')} />
      ) : null}
      {(rows.length > 0 || loadingRows) && (
        <div aria-busy={q.isFetching}>
          {narrow ? (
            <CardView columns={columns} rows={rows} handlers={handlers} loadingRows={loadingRows} sort={state.sort} onSort={state.setSortState} />
          ) : (
            <TableView
              columns={columns}
              rows={rows}
              sort={state.sort}
              onSort={state.onSort}
              handlers={handlers}
              loadingRows={loadingRows}
              caption={t('titles.resources')}
            />
          )}
        </div>
      )}
      {q.data && totalCount > 0 && (
        <TableFooter page={state.page} rowsPerPage={state.rowsPerPage} totalCount={totalCount} onPage={state.setPage} onRowsPerPage={state.setRowsPerPage} />
      )}
      {editing && <ResourceFormDialog kind={editing.kind} resource={editing.resource} onClose={() => setEditing(null)} />}
      <RemoveResourceDialog removing={removing} onRemoved={state.clearSearch} onClose={() => setRemoving(null)} />
    </Stack>
  );
};
