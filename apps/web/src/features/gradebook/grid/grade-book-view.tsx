import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GradebookGrid } from '@klase/core/gradebook/views';
import { paths } from '../../../config/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorText } from '../../../components/error-text.tsx';
import { useTone } from '../../../components/tones.ts';
import { GraderGrid } from './grader-grid.tsx';
import { useGradebookGrid } from './gradebook-api.ts';
import { gridColumns, visibleStudents, type GridSort } from './grid-model.ts';
import { GridToolbar, type GridFilters } from './grid-toolbar.tsx';
import { loadRouteNamespace } from '../../../i18n/i18n.ts';
import { useClassRecordInfo } from '../class-record/class-record-api.ts';

/** The E-Class Record panel (DepEd courses only) loads apart: the grade book's own code stays within its budget. */
const ClassRecordPanel = lazy(() =>
  Promise.all([import('../class-record/class-record-panel.tsx'), loadRouteNamespace('grading')]).then(([m]) => ({ default: m.ClassRecordPanel })),
);

/** The teacher's grade book: loading, error, "not ready" and empty states around the filters and the grid. */

const GridLoading = () => {
  const { t } = useTranslation('gradeBook');
  return (
    <Stack gap="sm" role="status" aria-label={t('loading')} data-testid="grade-book-loading">
      <Skeleton height={36} width="60%" />
      <Skeleton height={320} />
    </Stack>
  );
};

interface FilledProps {
  classId: string;
  courseId: string;
  grid: GradebookGrid;
  /** The course is a DepEd learning area: its E-Class Record panel stands above the filters. */
  classRecord: boolean;
}

const Filled = ({ classId, courseId, grid, classRecord }: FilledProps) => {
  const { t } = useTranslation('gradeBook');
  const muted = useTone('muted');
  const [filters, setFilters] = useState<GridFilters>({ groupId: null, periodId: null, search: '' });
  const [sort, setSort] = useState<GridSort>({ key: 'name', dir: 'asc' });
  const columns = useMemo(() => gridColumns(grid, filters.periodId), [grid, filters.periodId]);
  const students = useMemo(
    () => visibleStudents(grid, { groupId: filters.groupId, search: filters.search, sort }),
    [grid, filters.groupId, filters.search, sort],
  );
  const onSort = (key: string) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'name' ? 'asc' : 'desc' }));

  if (grid.students.length === 0) return <EmptyState text={t('empty.noStudents')} />;
  if (grid.items.length === 0)
    return (
      <EmptyState text={t('empty.noItems')}>
        {grid.can.manage && (
          <Anchor component={Link} to={paths.classGradeItemAdd.to(classId, courseId)}>
            {t('empty.addItem')}
          </Anchor>
        )}
      </EmptyState>
    );
  return (
    <Stack gap="sm">
      {classRecord && <ClassRecordPanel courseId={courseId} />}
      <GridToolbar courseId={courseId} grid={grid} filters={filters} onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))} />
      {grid.can.manage && (
        <Text size="xs" c={muted} id="grade-book-keys">
          {t('grid.keys')}
        </Text>
      )}
      {students.length === 0 ? (
        <EmptyState kind="noResults" />
      ) : (
        <GraderGrid courseId={courseId} grid={grid} columns={columns} students={students} sort={sort} onSort={onSort} />
      )}
    </Stack>
  );
};

export const GradeBookView = ({ classId, courseId }: { classId: string; courseId: string }) => {
  const { t } = useTranslation('gradeBook');
  const q = useGradebookGrid(courseId);
  // Asked beside the grid and awaited with it (with the panel's code, in the Suspense below): the
  // panel appearing later would push the filters and the grid down under the teacher's finger.
  // Without an answer (an error) there is no panel, and the grid still shows.
  const record = useClassRecordInfo(courseId);
  if (q.error) return <ErrorText error={q.error} />;
  if (q.isPending || record.isPending) return <GridLoading />;
  if (!q.data.ready)
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle aria-hidden="true" />}
        styles={{ message: { color: 'var(--mantine-color-text)' } }}
        data-testid="grade-book-not-ready"
      >
        <Stack gap="xs">
          <Text size="sm">{t('notReady')}</Text>
          {q.data.can.manage && (
            <Anchor component={Link} to={paths.classGradeSetup.to(classId, courseId)} size="sm">
              {t('goToSetup')}
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  return (
    <Suspense fallback={<GridLoading />}>
      <Filled classId={classId} courseId={courseId} grid={q.data} classRecord={record.data?.deped === true} />
    </Suspense>
  );
};
