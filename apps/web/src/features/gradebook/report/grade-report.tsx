import { lazy, Suspense } from 'react';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StudentGradeReport } from '@klase/core/gradebook/views';
import { NARROW_QUERY } from '../../../components/data-table/types.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SectionLoader } from '../../../components/page-loader.tsx';
import { useErrorMessage } from '../../../components/error-text.tsx';
import { isApiError } from '../../../api/http.ts';
import { loadRouteNamespace } from '../../../i18n/i18n.ts';
import { depedOf } from './deped-view.ts';
import { useStudentGradeReport } from './report-api.ts';
import { ReportCards } from './report-cards.tsx';
import { ReportSummary } from './report-summary.tsx';
import { ReportTable } from './report-table.tsx';

/** A DepEd course's quarterly grades and their explanation, with their texts (the `grading` namespace), load apart. */
const DepedSummary = lazy(() => Promise.all([import('./deped-summary.tsx'), loadRouteNamespace('grading')]).then(([m]) => ({ default: m.DepedSummary })));

/** While the report loads: announced, shaped like the summary and the table. */
export const ReportSkeleton = () => {
  const { t } = useTranslation('gradeReport');
  return (
    <Stack gap="sm" role="status" aria-label={t('report.loading')} data-testid="report-loading">
      <Skeleton height={96} radius="md" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
};

interface GradeReportViewProps {
  report: StudentGradeReport;
  /** Staff read the report of a gradebook hidden from students: say so instead of "not released". */
  staff?: boolean;
}

/**
 * A loaded report: not released, empty, or the summary with the lines (a table, cards on phones).
 * A DepEd learning area (issue 19) shows its quarterly grades instead of the course total and final
 * grade, and its items without letters, weights or contributions.
 */
export const GradeReportView = ({ report, staff = false }: GradeReportViewProps) => {
  const { t } = useTranslation('gradeReport');
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  if (!report.released && !staff)
    return (
      <Alert color="gray" variant="light" role="status" icon={<IconEyeOff aria-hidden="true" />} data-testid="report-not-released">
        {t('report.notReleased')}
      </Alert>
    );
  const decimals = report.settings.decimals;
  const deped = depedOf(report);
  return (
    <Stack gap="md">
      {!report.released && (
        <Alert color="gray" variant="light" role="status" icon={<IconEyeOff aria-hidden="true" />}>
          {t('report.notReleasedStaff')}
        </Alert>
      )}
      {deped && (
        <Suspense fallback={<SectionLoader />}>
          <DepedSummary deped={deped} />
        </Suspense>
      )}
      {report.lines.every((l) => l.kind !== 'item') ? (
        <EmptyState text={t('report.empty')} />
      ) : (
        <>
          {!deped && <ReportSummary report={report} />}
          {narrow ? <ReportCards report={report} decimals={decimals} deped={!!deped} /> : <ReportTable report={report} decimals={decimals} deped={!!deped} />}
        </>
      )}
    </Stack>
  );
};

/** One student's grades in a course, loaded from the gradebook API. */
export const GradeReport = ({ courseId, studentId, staff = false }: { courseId: string; studentId: string; staff?: boolean }) => {
  const { t } = useTranslation('gradeReport');
  const message = useErrorMessage();
  const q = useStudentGradeReport(courseId, studentId);
  if (q.isPending) return <ReportSkeleton />;
  if (q.isError) {
    if (isApiError(q.error) && q.error.code === 'GRADEBOOK_NOT_READY') return <EmptyState text={t('report.notReady')} />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        {message(q.error)}
      </Alert>
    );
  }
  return <GradeReportView report={q.data} staff={staff} />;
};
