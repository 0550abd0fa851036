import { Fragment } from 'react';
import { Badge, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLine, StudentGradeReport } from '@klase/core/gradebook/views';
import { DEPED_HIDDEN_COLUMNS, isDepedLine } from './deped-view.ts';
import { ExplanationPanel } from './explanation-panel.tsx';
import { ExplainButton, explained, FeedbackButton, FeedbackPanel, HiddenTotalNote, isTotal, useReportLines } from './report-parts.tsx';
import { reportRows } from './report-rows.ts';
import css from './report.module.css';

const COLUMNS = ['item', 'grade', 'range', 'percentage', 'letter', 'weight', 'contribution', 'feedback'] as const;
/** The figures a DepEd course may leave out (deped-view.ts). */
const TAIL = ['letter', 'weight', 'contribution'] as const;
const INDENT_PX = 16;
const indent = (depth: number) => ({ paddingInlineStart: `calc(var(--mantine-spacing-sm) + ${depth * INDENT_PX}px)` });

interface ReportViewProps {
  report: StudentGradeReport;
  decimals: number;
  /** A DepEd learning area: only the items, without letters, weights and contributions (deped-view.ts). */
  deped?: boolean;
}

/** Wide screens: the report as a table, items indented under their category's header, totals emphasised. */
export const ReportTable = ({ report, decimals, deped = false }: ReportViewProps) => {
  const { t } = useTranslation('gradeReport');
  const lineOf = useReportLines(decimals);
  const columns = deped ? COLUMNS.filter((c) => !DEPED_HIDDEN_COLUMNS.has(c)) : COLUMNS;
  const row = (line: ReportLine, i: number) => {
    const { key, label, cells, explain, feedback } = lineOf(line, i);
    return (
      <Fragment key={key}>
        <Table.Tr className={isTotal(line) ? css.totalRow : undefined} data-testid="report-line" data-kind={line.kind}>
          <Table.Th scope="row" fw={isTotal(line) ? 700 : 400} style={indent(line.depth)}>
            <Stack gap={2} align="flex-start">
              <span className={css.name}>
                {label}
                {line.extraCredit && (
                  <Badge ml={6} size="xs" variant="outline" color="gray.8">
                    {t('report.extraCredit')}
                  </Badge>
                )}
              </span>
              {explained(line) && <ExplainButton name={label} state={explain} />}
            </Stack>
          </Table.Th>
          <Table.Td>
            {cells.grade}
            {line.hiddenByPolicy && <HiddenTotalNote />}
          </Table.Td>
          <Table.Td>{cells.range}</Table.Td>
          <Table.Td>{cells.percentage}</Table.Td>
          {TAIL.filter((c) => columns.includes(c)).map((c) => (
            <Table.Td key={c}>{cells[c]}</Table.Td>
          ))}
          <Table.Td>{line.feedbackHtml ? <FeedbackButton name={label} state={feedback} /> : '-'}</Table.Td>
        </Table.Tr>
        {explain.open && explained(line) && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <ExplanationPanel id={explain.id} line={line} name={label} names={report.names} decimals={decimals} />
            </Table.Td>
          </Table.Tr>
        )}
        {feedback.open && line.feedbackHtml && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <FeedbackPanel id={feedback.id} line={line} />
            </Table.Td>
          </Table.Tr>
        )}
      </Fragment>
    );
  };
  return (
    <Table.ScrollContainer minWidth={deped ? 560 : 760}>
      <Table captionSide="top" verticalSpacing="xs" data-testid="report-table">
        <caption>{t('report.caption', { name: report.student.name })}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c} scope="col">
                {t(`columns.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reportRows(report.lines, deped ? (l) => isDepedLine(l.kind) : undefined).map((r) =>
            r.type === 'header' ? (
              <Table.Tr key={`header-${r.line.id}`} data-testid="report-header">
                <Table.Td colSpan={columns.length} fw={700} style={indent(r.line.depth)}>
                  {r.line.name}
                </Table.Td>
              </Table.Tr>
            ) : (
              row(r.line, r.index)
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
