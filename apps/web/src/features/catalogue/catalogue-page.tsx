import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, Group, Menu, NavLink, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconFolderPlus, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CatalogueCourseRow, CategoryRow } from '@klase/core/catalogue/contracts';
import { TableFooter } from '../../components/data-table/table-footer.tsx';
import { TableToolbar } from '../../components/data-table/table-toolbar.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { useTableState } from '../../components/data-table/use-table-state.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { useTone } from '../../components/tones.ts';
import { paths } from '../../config/paths.ts';
import { CourseCard, CourseCardSkeleton } from '../../components/course-card.tsx';
import { CourseMenuButton, useDeleteCourse, usePublishCourse } from '../../components/course-jobs.tsx';
import { catalogueKeys, useCourseAction } from '../../api/courses-api.ts';
import { deleteCategoryCall, useCatalogueCategories, useCatalogueCourseTable } from './catalogue-api.ts';
import { CategoryDialog } from './catalogue-category-dialog.tsx';
import { CatalogueCourseFormDialog } from './catalogue-course-form.tsx';

/** Below this width the categories are a select above the courses instead of a list beside them. */
const CATEGORY_SELECT_QUERY = '(max-width: 61.99em)';
/** The states a catalogue course can be filtered by (catalogue courses are never copied into). */
const CATALOGUE_STATUS = ['published', 'unpublished', 'deleting'] as const;

/** A catalogue course card's menu: publish or unpublish, and delete (a background job). */
const CatalogueCourseMenu = ({ course }: { course: CatalogueCourseRow }) => {
  const { t } = useTranslation('courses');
  const danger = useTone('danger');
  const publish = usePublishCourse(course);
  const remove = useDeleteCourse();
  const PublishIcon = publish.icon;
  return (
    <CourseMenuButton course={course}>
      <Menu.Item leftSection={<PublishIcon size={16} aria-hidden="true" />} onClick={() => void publish.toggle()}>
        {publish.label}
      </Menu.Item>
      <Menu.Item c={danger} leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => void remove(course)}>
        {t('jobs.delete')}
      </Menu.Item>
    </CourseMenuButton>
  );
};

/** When the last running deletion of the list has ended, the categories' course counts are asked again. */
const useRecountWhenJobsEnd = (rows: CatalogueCourseRow[]) => {
  const queryClient = useQueryClient();
  const running = rows.some((r) => r.job === 'deleting' || r.job === 'copying');
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: catalogueKeys.categories });
    wasRunning.current = running;
  }, [running, queryClient]);
};

/**
 * The courses of one category: search, state filter, cards (status chip, the deleting badge while
 * a deletion runs) and pages. Keyed by the category, so switching starts on page one.
 */
const CategoryCourses = ({ category, onCreate }: { category: CategoryRow; onCreate: () => void }) => {
  const { t } = useTranslation(['catalogue', 'components']);
  const state = useTableState({ defaultSortBy: 'name', extraParams: { categoryId: category.id } });
  const q = useCatalogueCourseTable(state.query);
  const rows = q.data?.data ?? [];
  const totalCount = q.data?.pagination.totalcount ?? 0;
  const filtered = state.searchInput.trim() !== '' || state.filter !== undefined;
  useRecountWhenJobsEnd(rows);
  const statusColumn: TableColumn<CatalogueCourseRow>[] = [
    {
      key: 'status',
      header: t('courses.status'),
      filter: { key: 'status', options: CATALOGUE_STATUS.map((s) => ({ value: s, label: t(`components:status.${s}`) })) },
    },
  ];
  return (
    <Stack gap="md">
      <TableToolbar columns={statusColumn} search={state.searchInput} onSearch={state.onSearch} filter={state.filter} onFilter={state.setFilter} />
      {q.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          <ErrorText error={q.error} />
        </Alert>
      )}
      {q.isSuccess && rows.length === 0 && (
        <EmptyState kind="noRecords" text={filtered ? undefined : t('courses.empty')}>
          {!filtered && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onCreate}>
              {t('courses.create')}
            </Button>
          )}
        </EmptyState>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" aria-busy={q.isFetching} data-testid="catalogue-courses">
        {q.isPending
          ? Array.from({ length: 3 }, (_, i) => <CourseCardSkeleton key={i} />)
          : rows.map((row) => (
              <CourseCard key={row.id} course={row} showStatus to={paths.catalogueCourse.to(row.id)} menu={<CatalogueCourseMenu course={row} />} />
            ))}
      </SimpleGrid>
      {q.data && totalCount > 0 && (
        <TableFooter page={state.page} rowsPerPage={state.rowsPerPage} totalCount={totalCount} onPage={state.setPage} onRowsPerPage={state.setRowsPerPage} />
      )}
    </Stack>
  );
};

interface CategoryPickerProps {
  categories: CategoryRow[];
  selectedId: string;
  /** Phones: a select above the courses; wider screens: a list of links beside them. */
  narrow: boolean;
  onCreate: () => void;
}

/** The categories with their number of courses; the chosen one is in the address (`?category=`). */
const CategoryPicker = ({ categories, selectedId, narrow, onCreate }: CategoryPickerProps) => {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const newButton = (
    <Button variant="default" leftSection={<IconFolderPlus size={16} aria-hidden="true" />} onClick={onCreate}>
      {t('categories.create')}
    </Button>
  );
  if (narrow)
    return (
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('categories.choose')}
          allowDeselect={false}
          data={categories.map((c) => ({ value: c.id, label: t('categories.option', { name: c.name, count: c.courseCount }) }))}
          value={selectedId}
          onChange={(id) => id && void navigate(paths.catalogue.to({ category: id }))}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 220px', minWidth: 0 }}
        />
        {newButton}
      </Group>
    );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="catalogue-categories">
        {t('categories.title')}
      </Title>
      <Box component="nav" aria-labelledby="catalogue-categories">
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {categories.map((c) => (
            <li key={c.id}>
              <NavLink
                component={Link}
                to={paths.catalogue.to({ category: c.id })}
                active={c.id === selectedId}
                aria-current={c.id === selectedId ? 'page' : undefined}
                variant={c.id === selectedId ? 'filled' : 'subtle'}
                label={c.name}
                description={t('categories.courseCount', { count: c.courseCount })}
                styles={{ label: { overflowWrap: 'anywhere', fontWeight: 600 } }}
              />
            </li>
          ))}
        </Stack>
      </Box>
      {newButton}
    </Stack>
  );
};

/** The chosen category: its name and description, rename, delete and a new course in it. */
const CategoryHeader = ({ category, onEdit, onCreateCourse }: { category: CategoryRow; onEdit: () => void; onCreateCourse: () => void }) => {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const { busy, run } = useCourseAction(null);
  const remove = async () => {
    const done = await run('delete', {
      ask: {
        title: t('category.deleteTitle'),
        message: t('category.deleteConfirm', { name: category.name }),
        confirmLabel: t('category.delete'),
        danger: true,
      },
      success: t('category.deleted'),
      send: () => deleteCategoryCall(category.id),
    });
    if (done) await navigate(paths.catalogue.to(), { replace: true });
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {category.name}
          </Title>
          {category.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {category.description}
            </Text>
          )}
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onCreateCourse}>
          {t('courses.create')}
        </Button>
      </Group>
      <Group gap="xs">
        <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden="true" />} onClick={onEdit}>
          {t('category.edit')}
        </Button>
        <Button
          variant="outline"
          color="red.9"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          loading={busy === 'delete'}
          onClick={() => void remove()}
        >
          {t('category.delete')}
        </Button>
      </Group>
    </Stack>
  );
};

type Dialog = { kind: 'category'; category: CategoryRow | null } | { kind: 'course' } | null;

/**
 * `#/catalogue` (rex admin): the catalogue's categories (a list beside the courses, a select on
 * phones, each with its number of courses), the chosen one's courses as cards, and the dialogs
 * to create, rename and delete a category and to create a catalogue course, which then opens.
 * A course's card publishes, unpublishes and deletes it; a deletion runs in the background and
 * the list follows it by itself.
 */
export const CataloguePage = () => {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const narrow = useMediaQuery(CATEGORY_SELECT_QUERY) ?? false;
  const categories = useCatalogueCategories();
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = categories.data ?? [];
  const wanted = params.get('category');
  const selected = rows.find((c) => c.id === wanted) ?? null;
  // No category (or one that is gone) in the address: the first one.
  if (categories.isSuccess && rows.length > 0 && !selected) return <Navigate to={paths.catalogue.to({ category: rows[0]!.id })} replace />;

  const newCategory = () => setDialog({ kind: 'category', category: null });
  const picker = selected && <CategoryPicker categories={rows} selectedId={selected.id} narrow={narrow} onCreate={newCategory} />;
  const main = selected && (
    <Stack gap="md">
      <CategoryHeader
        category={selected}
        onEdit={() => setDialog({ kind: 'category', category: selected })}
        onCreateCourse={() => setDialog({ kind: 'course' })}
      />
      <CategoryCourses key={selected.id} category={selected} onCreate={() => setDialog({ kind: 'course' })} />
    </Stack>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('titles.catalogue')}
      </Title>
      {categories.isPending && (
        <Stack gap="sm" aria-busy="true" data-testid="catalogue-loading">
          <Skeleton height={36} width="40%" />
          <Skeleton height={200} />
        </Stack>
      )}
      {categories.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          <ErrorText error={categories.error} />
        </Alert>
      )}
      {categories.isSuccess && rows.length === 0 && (
        <EmptyState text={t('categories.empty')}>
          <Button leftSection={<IconFolderPlus size={16} aria-hidden="true" />} onClick={newCategory}>
            {t('categories.create')}
          </Button>
        </EmptyState>
      )}
      {selected &&
        (narrow ? (
          <Stack gap="md">
            {picker}
            {main}
          </Stack>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>{picker}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>{main}</Grid.Col>
          </Grid>
        ))}
      {dialog?.kind === 'category' && (
        <CategoryDialog category={dialog.category} onSaved={(c) => navigate(paths.catalogue.to({ category: c.id }))} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'course' && <CatalogueCourseFormDialog course={null} defaultCategoryId={selected?.id ?? null} onClose={() => setDialog(null)} />}
    </Stack>
  );
};
