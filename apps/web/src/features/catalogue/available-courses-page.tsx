import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AVAILABLE_SOURCES, type AvailableCourseRow, type AvailableSource } from '@klase/core/catalogue/contracts';
import { NARROW_QUERY, type SortOrder } from '../../components/data-table/types.ts';
import { TableFooter } from '../../components/data-table/table-footer.tsx';
import { useTableState } from '../../components/data-table/use-table-state.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CourseCardSkeleton } from '../../components/course-card.tsx';
import { CopyCourseDialog } from '../../components/course-copy-dialog.tsx';
import { paths } from '../../config/paths.ts';
import { useAvailableCourses, useCategories } from './browse-api.ts';
import { BrowseCourseCard, CourseSearch, LoadError } from './browse-parts.tsx';

/** Filled chips with white text: shade 9 keeps 4.5:1 (WCAG AA) in both themes. */
const SOURCE_COLORS: Record<AvailableSource, string> = { own: 'blue.9', school: 'teal.9', catalogue: 'grape.9' };

/** The sort choices: a column and its direction in one value (`name:asc`). */
const SORTS = ['name:asc', 'name:desc', 'code:asc', 'source:asc', 'updatedAt:desc'] as const;
const sortValue = (sortBy: string | undefined, order: SortOrder) => `${sortBy ?? 'name'}:${order}`;

const SourceChip = ({ source }: { source: AvailableSource }) => {
  const { t } = useTranslation('catalogueBrowse');
  return (
    <Badge variant="filled" color={SOURCE_COLORS[source]} c="white" tt="none" data-source={source}>
      {t(`available.source.${source}`)}
    </Badge>
  );
};

/** Where the course comes from: its class (and sharing teacher) or its catalogue category. */
const Origin = ({ row }: { row: AvailableCourseRow }) => {
  const { t } = useTranslation('catalogueBrowse');
  const lines = [
    row.className ? t('available.class', { name: row.className }) : null,
    row.teacherName ? t('available.teacher', { name: row.teacherName }) : null,
    row.categoryName ? t('available.category', { name: row.categoryName }) : null,
  ].filter((l): l is string => l !== null);
  return lines.map((line) => (
    <Text key={line} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {line}
    </Text>
  ));
};

/** All, My courses, My school, Catalogue: the `source` filter of the table query. */
const SourceSwitch = ({ value, onChange }: { value: AvailableSource | 'all'; onChange: (v: AvailableSource | 'all') => void }) => {
  const { t } = useTranslation('catalogueBrowse');
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  return (
    <Stack gap={4}>
      <Text component="span" size="sm" fw={500} id="available-source-label">
        {t('available.sourceLabel')}
      </Text>
      <SegmentedControl
        aria-labelledby="available-source-label"
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
        data={(['all', ...AVAILABLE_SOURCES] as const).map((s) => ({ value: s, label: t(`available.filter.${s}`) }))}
        value={value}
        onChange={(v) => onChange(v as AvailableSource | 'all')}
      />
    </Stack>
  );
};

/** The courses as cards, each with "Copy to class"; skeleton cards while loading. */
const AvailableGrid = ({
  rows,
  pending,
  fetching,
  onCopy,
}: {
  rows: AvailableCourseRow[];
  pending: boolean;
  fetching: boolean;
  onCopy: (row: AvailableCourseRow) => void;
}) => {
  const { t } = useTranslation('catalogueBrowse');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={fetching} data-testid="available-grid">
      {pending
        ? Array.from({ length: 3 }, (_, i) => <CourseCardSkeleton key={i} />)
        : rows.map((row) => (
            <BrowseCourseCard
              key={`${row.source}-${row.id}`}
              course={row}
              headingOrder={2}
              chips={<SourceChip source={row.source} />}
              details={<Origin row={row} />}
              actions={
                <Button
                  variant="default"
                  leftSection={<IconCopy size={16} aria-hidden="true" />}
                  aria-label={t('available.copyNamed', { name: row.name })}
                  onClick={() => onCopy(row)}
                >
                  {t('available.copy')}
                </Button>
              }
            />
          ))}
    </SimpleGrid>
  );
};

/**
 * `#/courses/available`: the courses a teacher can copy: their own (every class they teach),
 * the ones other teachers of their school share and the published catalogue, filtered by source
 * (and catalogue category), searched, sorted and paged on the server. "Copy to class" picks one of
 * their active classes; the copy then shows in that class's courses tab until it is done.
 */
export const AvailableCoursesPage = () => {
  const { t } = useTranslation('catalogueBrowse');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const state = useTableState({ defaultSortBy: 'name', extraParams: categoryId ? { categoryId } : {} });
  const source = (state.filter?.values[0] as AvailableSource | undefined) ?? 'all';
  const categories = useCategories();
  const q = useAvailableCourses(state.query);
  const navigate = useNavigate();
  const [copying, setCopying] = useState<AvailableCourseRow | null>(null);
  const rows = q.data?.data ?? [];
  const totalCount = q.data?.pagination.totalcount ?? 0;

  const chooseSource = (v: AvailableSource | 'all') => {
    if (v !== 'catalogue') setCategoryId(null);
    state.setFilter('source', v === 'all' ? [] : [v]);
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('titles.available')}
        </Title>
        <Text size="sm">{t('available.hint')}</Text>
      </Stack>
      <SourceSwitch value={source} onChange={chooseSource} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <CourseSearch value={state.searchInput} onChange={state.onSearch} style={{ flex: '1 1 220px', minWidth: 0 }} />
        <Select
          label={t('available.sort')}
          data={SORTS.map((s) => ({ value: s, label: t(`available.sorts.${s.replace(':', '_')}`) }))}
          value={sortValue(state.sort.sortBy, state.sort.sortOrder)}
          onChange={(v) => {
            const [sortBy, sortOrder] = (v ?? 'name:asc').split(':') as [string, SortOrder];
            state.setSortState({ sortBy, sortOrder });
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 200px', minWidth: 0 }}
        />
        {source === 'catalogue' && (
          <Select
            label={t('available.categoryFilter')}
            placeholder={t('browse.all')}
            data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v);
              state.setPage(1);
            }}
            clearable
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          />
        )}
      </Group>
      {q.isError && <LoadError error={q.error} />}
      {q.isSuccess && rows.length === 0 && <EmptyState kind="noRecords" />}
      <AvailableGrid rows={rows} pending={q.isPending} fetching={q.isFetching} onCopy={setCopying} />
      {q.data && totalCount > 0 && (
        <TableFooter page={state.page} rowsPerPage={state.rowsPerPage} totalCount={totalCount} onPage={state.setPage} onRowsPerPage={state.setRowsPerPage} />
      )}
      {copying && (
        <CopyCourseDialog
          course={{ id: copying.id, name: copying.name, classId: null }}
          onCopied={(answer) => navigate(paths.classCourses.to(answer.classId))}
          onClose={() => setCopying(null)}
        />
      )}
    </Stack>
  );
};
