import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import type { AttemptSummary, QuizResults } from '@klase/core/quizzes/contracts';
import { ClientTable } from '../../components/data-table/client-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PersonCell } from '../../components/person-cell.tsx';
import { paths } from '../../config/paths.ts';
import { QuizMaterialLoader, QuizPageFrame, UrlTabs, materialHref } from './quiz-page-frame.tsx';
import { QuizStatsTab } from './quiz-stats.tsx';
import { PendingBadge } from './quiz-badges.tsx';
import { scoreText } from './quiz-labels.ts';
import { useQuizResults } from './quizzes-api.ts';

const TABS = ['results', 'statistics'] as const;

type Row = QuizResults['rows'][number] & { id: string };

/** Each attempt of a student, linked to its result ("#2 8 / 10"; in progress without a link). */
const AttemptLinks = ({ row, material }: { row: Row; material: MaterialDetails }) => {
  const { t } = useTranslation('quizzes');
  if (row.attempts.length === 0) return <Text size="sm">{t('results.noAttempts')}</Text>;
  const label = (a: AttemptSummary) =>
    a.status === 'inProgress'
      ? t('results.attemptInProgress', { n: a.number })
      : a.pending
        ? t('results.attemptPending', { n: a.number })
        : t('results.attemptScore', { n: a.number, score: scoreText(a.score ?? 0, a.maxScore ?? 0) });
  return (
    <Stack gap={2}>
      {row.attempts.map((a) =>
        a.status === 'inProgress' ? (
          <Text key={a.id} size="sm">
            {label(a)}
          </Text>
        ) : (
          <Anchor
            key={a.id}
            component={Link}
            to={paths.classQuizAttemptResult.to(material.classId ?? '', material.courseId, material.id, a.id)}
            state={{ studentName: row.name }}
            size="sm"
            aria-label={t('results.openAttempt', { name: row.name, label: label(a) })}
          >
            {label(a)}
          </Anchor>
        ),
      )}
    </Stack>
  );
};

const Counts = ({ counts }: { counts: QuizResults['counts'] }) => {
  const { t } = useTranslation('quizzes');
  const items = [
    { label: t('results.counts.total'), value: counts.total },
    { label: t('results.counts.attempted'), value: counts.attempted },
    { label: t('results.counts.pending'), value: counts.pending },
    { label: t('results.counts.passed'), value: counts.passed },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <Paper key={item.label} withBorder p="sm">
          <Text component="dt" size="sm">
            {item.label}
          </Text>
          <Text component="dd" m={0} fz={24} fw={700}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
};

const ResultsTab = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('quizzes');
  const results = useQuizResults(material.id);
  if (results.isPending) return <Skeleton height={200} aria-busy="true" />;
  if (results.isError) return <ErrorText error={results.error} />;
  const { maxPoints } = results.data;
  const rows: Row[] = results.data.rows.map((r) => ({ ...r, id: r.studentId }));
  const columns: TableColumn<Row>[] = [
    { key: 'name', header: t('results.student'), sortable: true, render: (r) => <PersonCell name={r.name} photoUrl={r.photoUrl} /> },
    { key: 'attempts', header: t('results.attempts'), render: (r) => <AttemptLinks row={r} material={material} /> },
    { key: 'grade', header: t('results.grade'), sortable: true, render: (r) => (r.grade === null ? <EmptyLabel /> : scoreText(r.grade, maxPoints)) },
    {
      key: 'pending',
      header: t('results.state'),
      render: (r) => (r.pending ? <PendingBadge label={t('results.pending')} /> : r.attempts.length === 0 ? t('results.notStarted') : t('results.graded')),
    },
  ];
  return (
    <Stack gap="md">
      <Counts counts={results.data.counts} />
      <ClientTable rows={rows} columns={columns} caption={t('results.caption')} rowLabel={(r) => r.name} />
    </Stack>
  );
};

const ResultsBody = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('quizzes');
  return (
    <QuizPageFrame title={t('results.title')} subtitle={material.name} back={{ to: materialHref(material), label: t('backToQuiz') }}>
      <UrlTabs tabs={TABS.map((value) => ({ value, label: t(`results.tabs.${value}`) }))} label={t('results.title')}>
        {(tab, open) => open && (tab === 'results' ? <ResultsTab material={material} /> : <QuizStatsTab materialId={material.id} />)}
      </UrlTabs>
    </QuizPageFrame>
  );
};

/** `quiz-results/:materialId` (staff of the class; `?tab=statistics`): every student's attempts and grade, and per-question statistics. */
export function QuizResultsPage() {
  return <QuizMaterialLoader>{(m) => <ResultsBody material={m} />}</QuizMaterialLoader>;
}
