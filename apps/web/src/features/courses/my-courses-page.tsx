import type { ReactNode } from 'react';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCopy, IconLayoutGrid, IconList } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MY_COURSE_STATUS, type CourseRow } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import type { TablePage } from '@klase/core/table';
import { TableFooter } from '../../components/data-table/table-footer.tsx';
import { TableToolbar } from '../../components/data-table/table-toolbar.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { useTableState } from '../../components/data-table/use-table-state.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { apiFetch } from '../../api/http.ts';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { CourseCard, CourseCardSkeleton, type CourseLayoutKind } from '../../components/course-card.tsx';
import { COURSES_PATH, courseKeys, pollWhileRunning } from '../../api/courses-api.ts';

const ViewSwitch = ({ view }: { view: CourseLayoutKind }) => {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const option = (value: CourseLayoutKind, icon: ReactNode) => ({
    value,
    label: (
      <Group gap={6} wrap="nowrap">
        {icon}
        <span>{t(`mine.${value}`)}</span>
      </Group>
    ),
  });
  return (
    <Stack gap={4}>
      <VisuallyHidden id="my-courses-view-label">{t('mine.view')}</VisuallyHidden>
      <SegmentedControl
        aria-labelledby="my-courses-view-label"
        data={[option('grid', <IconLayoutGrid size={16} aria-hidden="true" />), option('list', <IconList size={16} aria-hidden="true" />)]}
        value={view}
        onChange={(v) => void navigate(paths.myCourses.to({ view: v === 'list' ? 'list' : undefined }), { replace: true })}
      />
    </Stack>
  );
};

/**
 * `#/courses` (My Courses): the signed-in user's courses across classes, as cards or a list (the
 * choice is kept in the URL), searched and paged on the server. Staff filter by state (published,
 * unpublished, copying, deleting); students see their progress; a parent sees the courses of the
 * child chosen in the app's header. Teachers copy and delete from a card's menu; while a copy or
 * deletion runs the list asks again every few seconds, so it follows the job to its end.
 */
export const MyCoursesPage = () => {
  const { t } = useTranslation(['courses', 'components']);
  const [params] = useSearchParams();
  const view: CourseLayoutKind = params.get('view') === 'list' ? 'list' : 'grid';
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const children = useSession((s) => s.childrenList);
  const childId = useSession((s) => s.selectedChildId);
  const isParent = roleId === ROLE.parent;
  const staff = roleId === ROLE.teacher || roleId === ROLE.assistantTeacher;
  const waitingForChild = isParent && !childId;
  const state = useTableState({ defaultSortBy: 'name', extraParams: isParent && childId ? { childId } : {} });

  const q = useQuery({
    queryKey: [...courseKeys.mine, state.query],
    queryFn: ({ signal }) => apiFetch<TablePage<CourseRow>>(`${COURSES_PATH}?${state.query}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: !waitingForChild,
    refetchInterval: pollWhileRunning,
  });
  // Teachers teach every class My Courses lists: they copy and delete its courses.
  const actions = roleId === ROLE.teacher ? { copy: true, remove: true } : undefined;
  const rows = q.data?.data ?? [];
  const totalCount = q.data?.pagination.totalcount ?? 0;
  const filtered = state.searchInput.trim() !== '' || state.filter !== undefined;

  const statusColumn: TableColumn<CourseRow>[] = staff
    ? [
        {
          key: 'status',
          header: t('mine.status'),
          filter: { key: 'status', options: MY_COURSE_STATUS.map((s) => ({ value: s, label: t(`components:status.${s}`) })) },
        },
      ]
    : [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('titles.myCourses')}
        </Title>
        <Group gap="sm">
          {roleId === ROLE.teacher ? (
            <Button component={Link} to={paths.coursesAvailable.to()} variant="light" leftSection={<IconCopy size={16} aria-hidden="true" />}>
              {t('mine.available')}
            </Button>
          ) : null}
          <ViewSwitch view={view} />
        </Group>
      </Group>
      <TableToolbar columns={statusColumn} search={state.searchInput} onSearch={state.onSearch} filter={state.filter} onFilter={state.setFilter} />
      {isParent && children.length === 0 ? <EmptyState text={t('mine.noChildren')} /> : null}
      {q.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('components:somethingWentWrong')}
        </Alert>
      ) : null}
      {q.isSuccess && rows.length === 0 && !waitingForChild ? (
        <EmptyState kind="noRecords" text={filtered ? undefined : staff ? t('mine.emptyStaff') : t('mine.empty')} />
      ) : null}
      {view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={q.isFetching} data-testid="courses-grid">
          {q.isPending && !waitingForChild
            ? Array.from({ length: 3 }, (_, i) => <CourseCardSkeleton key={i} />)
            : rows.map((row) => <CourseCard key={row.id} course={row} showStatus={staff} showClass actions={actions} />)}
        </SimpleGrid>
      ) : (
        <Stack gap="sm" aria-busy={q.isFetching} data-testid="courses-list">
          {q.isPending && !waitingForChild
            ? Array.from({ length: 3 }, (_, i) => <CourseCardSkeleton key={i} />)
            : rows.map((row) => <CourseCard key={row.id} course={row} showStatus={staff} showClass layout="list" actions={actions} />)}
        </Stack>
      )}
      {q.data && totalCount > 0 && (
        <TableFooter page={state.page} rowsPerPage={state.rowsPerPage} totalCount={totalCount} onPage={state.setPage} onRowsPerPage={state.setRowsPerPage} />
      )}
    </Stack>
  );
};
