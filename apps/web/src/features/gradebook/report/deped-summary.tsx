import { Fragment, useId, useState } from 'react';
import { Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DepedCourseReport, Descriptor, QuarterResult } from '@klase/core/deped/contracts';
import { useTone } from '../../../components/tones.ts';
import { explainQuarter, hasScores, headlineOf } from './deped-view.ts';
import type { Phrase } from './explain-text.ts';
import { ToggleButton } from './report-parts.tsx';
import css from './report.module.css';

/** The badge's tint (its text keeps the text colour, readable in both themes). */
const DESCRIPTOR_COLOR: Record<Descriptor, string> = {
  outstanding: 'green',
  verySatisfactory: 'teal',
  satisfactory: 'blue',
  fairlySatisfactory: 'yellow',
  didNotMeet: 'red',
};

/** "How was this calculated?" of one quarter: each component's totals, PS and WS, the initial grade and the table's row. */
const QuarterExplanation = ({ id, quarter }: { id: string; quarter: QuarterResult }) => {
  const { t } = useTranslation(['grading', 'gradeReport']);
  const e = explainQuarter(quarter);
  const say = (p: Phrase) => {
    const component = typeof p.params.component === 'string' ? t(`grading:deped.components.${p.params.component}`) : undefined;
    return t(p.key, { ...p.params, ...(component ? { component } : {}) });
  };
  const title = t('deped.explainTitle', { n: quarter.quarter });
  return (
    <Stack id={id} gap={6} role="region" aria-label={title} className={css.panel} data-testid="deped-explanation">
      <Text fw={700} size="sm">
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {e.components.map((p, i) => (
          <List.Item key={i}>{say(p)}</List.Item>
        ))}
      </List>
      <Text size="sm">{say(e.initial)}</Text>
      {e.transmuted && <Text size="sm">{say(e.transmuted)}</Text>}
      {quarter.descriptor && (
        <Text size="sm">{t('deped.explain.descriptor', { grade: quarter.quarterly, descriptor: t(`deped.descriptors.${quarter.descriptor}`) })}</Text>
      )}
    </Stack>
  );
};

const DescriptorBadge = ({ descriptor }: { descriptor: Descriptor }) => {
  const { t } = useTranslation(['grading', 'gradeReport']);
  return (
    <Badge variant="light" color={DESCRIPTOR_COLOR[descriptor]} c="var(--mantine-color-text)" size="lg" tt="none" data-testid="deped-descriptor">
      {t(`deped.descriptors.${descriptor}`)}
    </Badge>
  );
};

/** Q1–Q4, the final grade and the remarks, as on the report card. */
const QuarterTable = ({ deped }: { deped: DepedCourseReport }) => {
  const { t } = useTranslation(['grading', 'gradeReport']);
  // Six short columns fit a 360 px screen (headers wrap): no scrolling region.
  return (
    <Table captionSide="top" withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={6} data-testid="deped-quarters">
      <caption>{t('deped.caption')}</caption>
      <Table.Thead>
        <Table.Tr>
          {deped.quarters.map((q) => (
            <Table.Th key={q.quarter} scope="col" ta="center">
              <abbr title={t('deped.quarterLong', { n: q.quarter })}>{t('deped.quarterShort', { n: q.quarter })}</abbr>
            </Table.Th>
          ))}
          <Table.Th scope="col" ta="center">
            {t('deped.final')}
          </Table.Th>
          <Table.Th scope="col" ta="center">
            {t('deped.remarks')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          {deped.quarters.map((q) => (
            <Table.Td key={q.quarter} ta="center" data-testid={`deped-q${q.quarter}`}>
              {q.quarterly ?? '-'}
            </Table.Td>
          ))}
          <Table.Td ta="center" fw={700} data-testid="deped-final">
            {deped.final ?? '-'}
          </Table.Td>
          <Table.Td ta="center" data-testid="deped-remarks">
            {deped.remarks ? t(`deped.remarksValue.${deped.remarks}`) : '-'}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
};

/** Per quarter with scores: its "How was this calculated?" button and panel. */
const QuarterExplanations = ({ quarters }: { quarters: QuarterResult[] }) => {
  const { t } = useTranslation(['grading', 'gradeReport']);
  const muted = useTone('muted');
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (n: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });
  if (quarters.length === 0) return null;
  return (
    <Stack gap="xs">
      {quarters.map((q) => {
        const id = `${base}-q${q.quarter}`;
        const name = t('deped.quarterLong', { n: q.quarter });
        return (
          <Fragment key={q.quarter}>
            <Group gap={4} wrap="wrap">
              <Text span size="sm" c={muted} aria-hidden="true">
                {name}
              </Text>
              <ToggleButton
                open={open.has(q.quarter)}
                controls={id}
                onToggle={() => toggle(q.quarter)}
                label={open.has(q.quarter) ? t('gradeReport:explain.close') : t('gradeReport:explain.open')}
                name={name}
              />
            </Group>
            {open.has(q.quarter) && <QuarterExplanation id={id} quarter={q} />}
          </Fragment>
        );
      })}
    </Stack>
  );
};

/**
 * A DepEd learning area's grades on top of the report: the headline (the latest quarterly grade and
 * its descriptor), the four quarters with the final grade and remarks, and per quarter how it was
 * calculated. Replaces the course total / final grade summary (no competing totals).
 */
export const DepedSummary = ({ deped }: { deped: DepedCourseReport }) => {
  const { t } = useTranslation(['grading', 'gradeReport']);
  const base = useId();
  const headline = headlineOf(deped);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${base}-title`} data-testid="deped-summary">
      <Stack gap="md">
        <Title order={3} size="h4" id={`${base}-title`}>
          {t('deped.reportTitle')}
        </Title>
        {headline ? (
          <Stack gap={4} data-testid="deped-headline">
            <Text size="sm" fw={700}>
              {t('deped.headlineLabel', { n: headline.quarter })}
            </Text>
            <Group gap="sm" align="center">
              <Text fz={36} fw={700} lh={1} data-testid="deped-headline-grade">
                {headline.grade}
              </Text>
              <DescriptorBadge descriptor={headline.descriptor} />
            </Group>
          </Stack>
        ) : (
          <Text size="sm" data-testid="deped-no-grade">
            {t('deped.noGradeYet')}
          </Text>
        )}
        <QuarterTable deped={deped} />
        {deped.final !== null && deped.finalDescriptor && (
          <Text size="sm">{t('deped.finalLine', { grade: deped.final, descriptor: t(`deped.descriptors.${deped.finalDescriptor}`) })}</Text>
        )}
        <QuarterExplanations quarters={deped.quarters.filter(hasScores)} />
      </Stack>
    </Paper>
  );
};
