import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLine, StudentGradeReport } from '@klase/core/gradebook/views';
import { useTone } from '../../../components/tones.ts';
import { HiddenTotalNote } from './report-parts.tsx';

const Figure = ({ label, line, hint }: { label: string; line: ReportLine; hint?: string }) => {
  const { t } = useTranslation('gradeReport');
  const muted = useTone('muted');
  const hidden = !!line.hiddenByPolicy;
  const value = hidden || line.value === null ? '-' : line.display || '-';
  return (
    <Stack gap={2} data-testid={`summary-${line.kind}`}>
      <Text size="sm" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {!hidden && line.letter && <Text size="sm">{t('summary.letter', { letter: line.letter })}</Text>}
      {hidden && <HiddenTotalNote />}
      {hint && (
        <Text size="xs" c={muted}>
          {hint}
        </Text>
      )}
    </Stack>
  );
};

/** On top of the report: the course total and the final grade, with their letters. */
export const ReportSummary = ({ report }: { report: StudentGradeReport }) => {
  const { t } = useTranslation('gradeReport');
  const course = report.lines.find((l) => l.kind === 'course');
  const final = report.lines.find((l) => l.kind === 'final');
  if (!course && !final) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('summary.title')}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('summary.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {course && <Figure label={t('summary.courseTotal')} line={course} />}
          {final && (
            <Figure label={t('summary.finalGrade')} line={final} hint={report.settings.finalMode === 'periods' ? t('summary.fromPeriods') : undefined} />
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
