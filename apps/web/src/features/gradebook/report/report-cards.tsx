import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLine, StudentGradeReport } from '@klase/core/gradebook/views';
import { DEPED_HIDDEN_COLUMNS, isDepedLine } from './deped-view.ts';
import { ExplanationPanel } from './explanation-panel.tsx';
import { ExplainButton, explained, FeedbackButton, FeedbackPanel, HiddenTotalNote, isTotal, useReportLines, type LineText } from './report-parts.tsx';
import { reportRows } from './report-rows.ts';
import css from './report.module.css';

const FIELDS = ['grade', 'range', 'percentage', 'letter', 'weight', 'contribution'] as const satisfies readonly (keyof LineText)[];
const INDENT_PX = 12;
const indent = (depth: number) => Math.min(depth, 3) * INDENT_PX;

/** A line's figures as "label: value" pairs. */
const LineFacts = ({ cells, deped }: { cells: LineText; deped: boolean }) => {
  const { t } = useTranslation('gradeReport');
  return (
    <dl className={css.facts}>
      {(deped ? FIELDS.filter((f) => !DEPED_HIDDEN_COLUMNS.has(f)) : FIELDS).map((f) => (
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
  );
};

/** Phones: each line is a card of "label: value" pairs under its category's heading; totals are emphasised. */
export const ReportCards = ({ report, decimals, deped = false }: { report: StudentGradeReport; decimals: number; deped?: boolean }) => {
  const { t } = useTranslation('gradeReport');
  const lineOf = useReportLines(decimals);
  const card = (line: ReportLine, i: number) => {
    const { key, label, cells, explain, feedback } = lineOf(line, i);
    return (
      <Paper
        key={key}
        component="li"
        withBorder
        p="sm"
        radius="md"
        ml={indent(line.depth)}
        className={isTotal(line) ? css.totalRow : undefined}
        data-testid="report-line"
        data-kind={line.kind}
      >
        <Stack gap="xs">
          <Group gap={6} wrap="wrap">
            <Text fw={700} className={css.name}>
              {label}
            </Text>
            {line.extraCredit && (
              <Badge size="xs" variant="outline" color="gray.8">
                {t('report.extraCredit')}
              </Badge>
            )}
          </Group>
          <LineFacts cells={cells} deped={deped} />
          {line.hiddenByPolicy && <HiddenTotalNote />}
          {explained(line) && (
            <div>
              <ExplainButton name={label} state={explain} />
              {explain.open && <ExplanationPanel id={explain.id} line={line} name={label} names={report.names} decimals={decimals} />}
            </div>
          )}
          {line.feedbackHtml && (
            <div>
              <FeedbackButton name={label} state={feedback} />
              {feedback.open && <FeedbackPanel id={feedback.id} line={line} />}
            </div>
          )}
        </Stack>
      </Paper>
    );
  };
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('report.caption', { name: report.student.name })}
      data-testid="report-cards"
    >
      {reportRows(report.lines, deped ? (l) => isDepedLine(l.kind) : undefined).map((r) =>
        r.type === 'header' ? (
          <li key={`header-${r.line.id}`} style={{ marginInlineStart: indent(r.line.depth) }} data-testid="report-header">
            <Title order={3} size="h5" mt="xs" className={css.name}>
              {r.line.name}
            </Title>
          </li>
        ) : (
          card(r.line, r.index)
        ),
      )}
    </Stack>
  );
};
