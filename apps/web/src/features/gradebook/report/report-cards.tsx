import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLine, StudentGradeReport } from '@klase/core/gradebook/contracts';
import { ExplanationPanel } from './explanation-panel.tsx';
import { ExplainButton, explained, FeedbackButton, FeedbackPanel, HiddenTotalNote, isTotal, useReportLines, type LineText } from './report-parts.tsx';
import css from './report.module.css';

const FIELDS = ['grade', 'range', 'percentage', 'letter', 'weight', 'contribution'] as const satisfies readonly (keyof LineText)[];
const INDENT_PX = 12;

/** Phones: each line is a card of "label: value" pairs; totals are emphasised, items indented under them. */
export const ReportCards = ({ report, decimals }: { report: StudentGradeReport; decimals: number }) => {
  const { t } = useTranslation('gradeReport');
  const lineOf = useReportLines(decimals);
  const card = (line: ReportLine, i: number) => {
    const { key, cells, explain, feedback } = lineOf(line, i);
    return (
      <Paper
        key={key}
        component="li"
        withBorder
        p="sm"
        radius="md"
        ml={Math.min(line.depth, 3) * INDENT_PX}
        className={isTotal(line) ? css.totalRow : undefined}
        data-testid="report-line"
        data-kind={line.kind}
      >
        <Stack gap="xs">
          <Group gap={6} wrap="wrap">
            <Title order={3} size="h5" fw={isTotal(line) ? 700 : 600} className={css.name}>
              {line.name}
            </Title>
            {line.extraCredit && (
              <Badge size="xs" variant="outline" color="gray.8">
                {t('report.extraCredit')}
              </Badge>
            )}
          </Group>
          <dl className={css.facts}>
            {FIELDS.map((f) => (
              <div key={f}>
                <Text component="dt" size="xs" fw={700}>
                  {t(`columns.${f}`)}
                </Text>
                <Text component="dd" m={0} size="sm" fw={400}>
                  {cells[f]}
                </Text>
              </div>
            ))}
          </dl>
          {line.hiddenByPolicy && <HiddenTotalNote />}
          {explained(line) && (
            <div>
              <ExplainButton line={line} state={explain} />
              {explain.open && <ExplanationPanel id={explain.id} line={line} names={report.names} decimals={decimals} />}
            </div>
          )}
          {line.feedbackHtml && (
            <div>
              <FeedbackButton line={line} state={feedback} />
              {feedback.open && <FeedbackPanel id={feedback.id} line={line} />}
            </div>
          )}
        </Stack>
      </Paper>
    );
  };
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('report.caption', { name: report.student.name })} data-testid="report-cards">
      {report.lines.map(card)}
    </Stack>
  );
};
