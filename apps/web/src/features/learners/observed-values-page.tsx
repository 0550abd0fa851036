import { useState } from 'react';
import { List, NativeSelect, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OBSERVED_MARKS, OBSERVED_STATEMENTS, QUARTERS, type ObservedMark, type ObservedStatement, type Quarter } from '@klase/core/deped/contracts';
import { toastSuccess } from '../../lib/toasts.ts';
import type { ObservedValuesSheet } from '@klase/core/deped/learners';
import { learnerKeys, putObservedCall, useInvalidate, useObservedValues } from './learners-api.ts';
import { SheetState, SheetTable } from './sheet-parts.tsx';

type Marks = Record<string, Partial<Record<ObservedStatement, ObservedMark>>>;

/** The four core values (names as printed on the SF9 in every language) and their statements. */
export const CORE_VALUES: { key: 'makaDiyos' | 'makatao' | 'makakalikasan' | 'makabansa'; name: string; statements: ObservedStatement[] }[] = [
  { key: 'makaDiyos', name: 'Maka-Diyos', statements: ['makaDiyos1', 'makaDiyos2'] },
  { key: 'makatao', name: 'Makatao', statements: ['makatao1', 'makatao2'] },
  { key: 'makakalikasan', name: 'Maka-kalikasan', statements: ['makakalikasan1'] },
  { key: 'makabansa', name: 'Makabansa', statements: ['makabansa1', 'makabansa2'] },
];

/** Short column label of a statement: "1.2" = core value 1, statement 2. */
const statementNo = (s: ObservedStatement): string => {
  const v = CORE_VALUES.findIndex((c) => c.statements.includes(s));
  return `${v + 1}.${(CORE_VALUES[v]?.statements.indexOf(s) ?? 0) + 1}`;
};

const Statements = () => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {t('observed.statements')}
      </Title>
      {CORE_VALUES.map((v, i) => (
        <div key={v.key}>
          <Text fw={600}>
            {i + 1}. {v.name}{' '}
            <Text span c="dimmed">
              ({t(`values.${v.key}`)})
            </Text>
          </Text>
          <List size="sm" withPadding>
            {v.statements.map((s) => (
              <List.Item key={s}>
                {statementNo(s)} {t(`statements.${s}`)}
              </List.Item>
            ))}
          </List>
        </div>
      ))}
      <Text size="sm">
        <Text span fw={600}>
          {t('observed.legend')}:
        </Text>{' '}
        {OBSERVED_MARKS.map((m) => `${m} ${t(`marks.${m}`)}`).join(' · ')}
      </Text>
    </Stack>
  );
};

/** The marks grid of one quarter, started from one loaded sheet (remounted when it reloads). */
const ObservedGrid = ({ classId, sheet }: { classId: string; sheet: ObservedValuesSheet }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const invalidate = useInvalidate();
  const [marks, setMarks] = useState<Marks>(() => Object.fromEntries(sheet.learners.map((l) => [l.studentId, l.marks])));
  const [saving, setSaving] = useState(false);
  const { learners, canEdit, quarter } = sheet;

  const setMark = (sid: string, s: ObservedStatement, v: string) =>
    setMarks((m) => {
      const next = { ...m[sid] };
      if ((OBSERVED_MARKS as readonly string[]).includes(v)) next[s] = v as ObservedMark;
      else delete next[s];
      return { ...m, [sid]: next };
    });

  const save = async () => {
    setSaving(true);
    try {
      await putObservedCall(classId, { quarter, learners: learners.map((l) => ({ studentId: l.studentId, marks: marks[l.studentId] ?? {} })) });
      toastSuccess(t('observed.saved'));
      await invalidate(learnerKeys.observed(classId, quarter));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SheetTable
      minWidth={OBSERVED_STATEMENTS.length * 80 + 200}
      label={t('observed.tableLabel', { n: quarter })}
      canEdit={canEdit}
      saving={saving}
      onSave={() => void save()}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('observed.learner')}</Table.Th>
          {OBSERVED_STATEMENTS.map((s) => (
            <Table.Th key={s} scope="col" title={t(`statements.${s}`)}>
              {statementNo(s)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {learners.map((l) => (
          <Table.Tr key={l.studentId}>
            <Table.Th scope="row" fw={500}>
              {l.name}
            </Table.Th>
            {OBSERVED_STATEMENTS.map((s) => (
              <Table.Td key={s}>
                <NativeSelect
                  size="xs"
                  aria-label={t('observed.markOf', { name: l.name, no: statementNo(s) })}
                  value={marks[l.studentId]?.[s] ?? ''}
                  onChange={(e) => setMark(l.studentId, s, e.currentTarget.value)}
                  disabled={!canEdit}
                  data={[{ value: '', label: '–' }, ...OBSERVED_MARKS.map((m) => ({ value: m, label: m }))]}
                  w={70}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </SheetTable>
  );
};

/**
 * `#/classes/:id/class-observed-values`: the learners' observed values of one quarter (AO, SO,
 * RO, NO per behaviour statement), with the statements and the marks' legend. The adviser and the
 * school administrator edit; other staff of the class read.
 */
export const ObservedValuesPage = () => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const { id = '' } = useParams();
  const [quarter, setQuarter] = useState<Quarter>(1);
  const q = useObservedValues(id, quarter);
  return (
    <Stack gap="md">
      <Title order={2}>{t('observed.title')}</Title>
      <SegmentedControl
        aria-label={t('observed.quarter')}
        value={String(quarter)}
        onChange={(v) => setQuarter(Number(v) as Quarter)}
        data={QUARTERS.map((n) => ({ value: String(n), label: t('observed.quarterN', { n }) }))}
        w="fit-content"
      />
      <Statements />
      <SheetState pending={q.isPending} error={q.error} empty={(q.data?.learners.length ?? 0) === 0}>
        {q.data && <ObservedGrid key={`${quarter}-${q.dataUpdatedAt}`} classId={id} sheet={q.data} />}
      </SheetState>
    </Stack>
  );
};
