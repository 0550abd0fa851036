import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconLogin2, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassRow } from '@klase/core/classes/contracts';
import { canOpen } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import type { TablePage } from '@klase/core/table';
import { TableFooter } from '../../components/data-table/table-footer.tsx';
import { TableToolbar } from '../../components/data-table/table-toolbar.tsx';
import { useTableState } from '../../components/data-table/use-table-state.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { apiFetch } from '../../api/http.ts';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { CLASSES_PATH, classKeys } from '../../api/class-api.ts';
import { ClassCard, ClassCardSkeleton } from './class-card.tsx';
import { JoinClassDialog } from './join-class-dialog.tsx';
import { useChildParam } from './use-child-param.ts';

/** Active or archived classes. */
const StatusSwitch = ({ archived, onChange }: { archived: boolean; onChange: (archived: boolean) => void }) => {
  const { t } = useTranslation('classes');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <VisuallyHidden id="classes-status-label">{t('list.show')}</VisuallyHidden>
        <SegmentedControl
          aria-labelledby="classes-status-label"
          data={[
            { value: 'active', label: t('list.active') },
            { value: 'archived', label: t('list.archived') },
          ]}
          value={archived ? 'archived' : 'active'}
          onChange={(v) => onChange(v === 'archived')}
        />
      </Stack>
    </Group>
  );
};

/**
 * `#/classes`: the signed-in user's classes as cards (a teacher's own, a student's enrolled, a
 * parent's child's, a school's for its administrator), searched and paged on the server, active or
 * archived. Teachers and school administrators create classes; students join with an access code.
 * A parent picks the child with the app shell's child switcher; the choice is kept in the URL.
 */
export const ClassesPage = () => {
  const { t } = useTranslation('classes');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const archived = params.get('archived') === '1';
  const { children, childId } = useChildParam(archived);
  const isParent = roleId === ROLE.parent;
  const isStudent = canOpen('classJoin', roleId);
  const canCreate = canOpen('classCreate', roleId);
  const [joining, setJoining] = useState(false);
  const extraParams: Record<string, string> = { archived: String(archived), ...(isParent && childId ? { childId } : {}) };
  const state = useTableState({ defaultSortBy: 'name', extraParams });
  const waitingForChild = isParent && !childId;

  const q = useQuery({
    queryKey: [...classKeys.table, state.query],
    queryFn: ({ signal }) => apiFetch<TablePage<ClassRow>>(`${CLASSES_PATH}?${state.query}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: !waitingForChild,
  });
  const rows = q.data?.data ?? [];
  const totalCount = q.data?.pagination.totalcount ?? 0;
  const searching = state.searchInput.trim() !== '';

  const joinButton = isStudent && (
    <Button leftSection={<IconLogin2 size={16} aria-hidden="true" />} onClick={() => setJoining(true)}>
      {t('list.join')}
    </Button>
  );
  const createButton = canCreate && (
    <Button component={Link} to={paths.classNew.to()} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {t('list.create')}
    </Button>
  );

  const emptyText = searching || archived ? undefined : isStudent ? t('list.emptyStudent') : canCreate ? t('list.emptyTeacher') : t('list.empty');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('titles.classes')}
        </Title>
        <Group gap="xs">
          {joinButton}
          {createButton}
        </Group>
      </Group>
      <StatusSwitch
        archived={archived}
        onChange={(toArchived) => void navigate(paths.classes.to({ childId: isParent ? (childId ?? undefined) : undefined, archived: toArchived }))}
      />
      <TableToolbar columns={[]} search={state.searchInput} onSearch={state.onSearch} onFilter={state.setFilter} />
      {isParent && children.length === 0 ? <EmptyState text={t('list.noChildren')} /> : null}
      {q.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('list.loadError')}
        </Alert>
      ) : null}
      {q.isSuccess && rows.length === 0 && !waitingForChild ? (
        <EmptyState text={emptyText} kind="noRecords">
          {emptyText && (joinButton || createButton)}
        </EmptyState>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={q.isFetching}>
        {q.isPending && !waitingForChild
          ? Array.from({ length: 3 }, (_, i) => <ClassCardSkeleton key={i} />)
          : rows.map((row) => <ClassCard key={row.id} row={row} />)}
      </SimpleGrid>
      {q.data && totalCount > 0 && (
        <TableFooter page={state.page} rowsPerPage={state.rowsPerPage} totalCount={totalCount} onPage={state.setPage} onRowsPerPage={state.setRowsPerPage} />
      )}
      {isStudent && <JoinClassDialog opened={joining} onClose={() => setJoining(false)} />}
    </Stack>
  );
};
