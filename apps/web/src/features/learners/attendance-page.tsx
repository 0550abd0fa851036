import { useMemo, useState } from 'react';
import { Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { schoolYearMonths } from '@klase/core/deped/learners';
import { useClassDetails } from '../../api/class-api.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { learnerKeys, putAttendanceCall, useAttendance, useInvalidate, type AttendanceView } from './learners-api.ts';
import { SheetState, SheetTable, issuesOf, useIssueText } from './sheet-parts.tsx';

type Draft = { days: Record<string, string>; present: Record<string, Record<string, string>> };

const toDraft = (sheet: AttendanceView): Draft => ({
  days: Object.fromEntries(sheet.months.map((m) => [m.month, String(m.schoolDays)])),
  present: Object.fromEntries(sheet.learners.map((l) => [l.studentId, Object.fromEntries(Object.entries(l.present).map(([m, n]) => [m, String(n)]))])),
});

const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));

/** A whole number from 0 to `max`, else the validation key. */
const cellIssue = (s: string | undefined, max: number): { key: string; params?: Record<string, number> } | null => {
  const n = num(s);
  if (n === null) return null;
  if (!Number.isInteger(n) || n < 0) return { key: 'number' };
  if (n > max) return { key: 'notGreaterThan', params: { limit: max } };
  return null;
};

/** Client checks of the grid: school days ≤ 31, days present ≤ the month's school days (paths as the API's). */
const useGridErrors = (draft: Draft, months: string[], learners: AttendanceView['learners'], serverErrors: Record<string, string>) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const { t: tv } = useTranslation('validation');
  const dayErrors: Record<string, string> = {};
  for (const m of months) {
    const issue = cellIssue(draft.days[m], 31);
    if (issue) dayErrors[m] = tv(issue.key, issue.params ?? {});
  }
  const cellErrors: Record<string, string> = {};
  learners.forEach((l, i) => {
    for (const m of months) {
      const value = draft.present[l.studentId]?.[m];
      const limit = num(draft.days[m]);
      const path = `learners.${i}.present.${m}`;
      if (limit === null && num(value) !== null) cellErrors[path] = t('attendance.schoolDaysFirst');
      else {
        const issue = cellIssue(value, limit ?? 31);
        if (issue) cellErrors[path] = tv(issue.key, issue.params ?? {});
        else if (serverErrors[path]) cellErrors[path] = serverErrors[path];
      }
    }
  });
  return { dayErrors, cellErrors, hasErrors: Object.keys(dayErrors).length + Object.keys(cellErrors).length > 0 };
};

const useMonthName = () => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  return (m: string) => new Intl.DateTimeFormat(t('common.dateLocale'), { month: 'short', timeZone: 'UTC' }).format(new Date(`${m}-01T00:00:00Z`));
};

const toBody = (draft: Draft, months: string[], learners: AttendanceView['learners']) => {
  const used = months.filter((m) => num(draft.days[m]) !== null);
  return {
    months: used.map((month) => ({ month, schoolDays: num(draft.days[month]) ?? 0 })),
    learners: learners.map((l) => ({
      studentId: l.studentId,
      present: Object.fromEntries(
        used.flatMap((m) => {
          const n = num(draft.present[l.studentId]?.[m]);
          return n === null ? [] : [[m, n]];
        }),
      ),
    })),
  };
};

type Cell = { label: string; value: string; error?: string; readOnly: boolean; onChange: (v: string) => void };

const NumberCell = ({ label, value, error, readOnly, onChange }: Cell) => (
  <Table.Td>
    <TextInput
      size="xs"
      inputMode="numeric"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      readOnly={readOnly}
      error={error}
      w={64}
    />
  </Table.Td>
);

const MonthHeader = ({ months }: { months: string[] }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const monthName = useMonthName();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{t('attendance.learner')}</Table.Th>
        {months.map((m) => (
          <Table.Th key={m} scope="col">
            {monthName(m)}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
};

/** The editable grid, started from one loaded sheet (remounted when the sheet reloads). */
const AttendanceGrid = ({ classId, sheet, months }: { classId: string; sheet: AttendanceView; months: string[] }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const issueText = useIssueText();
  const monthName = useMonthName();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState<Draft>(() => toDraft(sheet));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { canEdit, learners } = sheet;
  const { dayErrors, cellErrors, hasErrors } = useGridErrors(draft, months, learners, serverErrors);

  const save = async () => {
    if (hasErrors) return;
    setSaving(true);
    try {
      await putAttendanceCall(classId, toBody(draft, months, learners));
      setServerErrors({});
      toastSuccess(t('attendance.saved'));
      await invalidate(learnerKeys.attendance(classId));
    } catch (err) {
      const issues = issuesOf(err);
      if (!issues) throw err;
      setServerErrors(issueText(issues));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SheetTable minWidth={months.length * 72 + 200} label={t('attendance.title')} canEdit={canEdit} saving={saving} onSave={() => void save()}>
      <MonthHeader months={months} />
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('attendance.schoolDays')}</Table.Th>
          {months.map((m) => (
            <NumberCell
              key={m}
              label={t('attendance.schoolDaysOf', { month: monthName(m) })}
              value={draft.days[m] ?? ''}
              error={dayErrors[m]}
              readOnly={!canEdit}
              onChange={(v) => setDraft((d) => ({ ...d, days: { ...d.days, [m]: v } }))}
            />
          ))}
        </Table.Tr>
        {learners.map((l, i) => (
          <Table.Tr key={l.studentId}>
            <Table.Th scope="row" fw={500}>
              {l.name}
              {l.sex && (
                <Text span c="dimmed" size="xs">
                  {` (${t(`sex.${l.sex}`)})`}
                </Text>
              )}
            </Table.Th>
            {months.map((m) => (
              <NumberCell
                key={m}
                label={t('attendance.presentOf', { name: l.name, month: monthName(m) })}
                value={draft.present[l.studentId]?.[m] ?? ''}
                error={cellErrors[`learners.${i}.present.${m}`]}
                readOnly={!canEdit}
                onChange={(v) => setDraft((d) => ({ ...d, present: { ...d.present, [l.studentId]: { ...d.present[l.studentId], [m]: v } } }))}
              />
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </SheetTable>
  );
};

/**
 * `#/classes/:id/class-attendance`: school days per month (top row) and days present per learner
 * (male learners first, then female, by last name), June to April of the class's school year.
 * The adviser and the school administrator edit; other staff of the class read.
 */
export const AttendancePage = () => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const { id = '' } = useParams();
  const cls = useClassDetails(id);
  const q = useAttendance(id);
  const months = useMemo(() => (cls.data ? schoolYearMonths(cls.data.schoolYearFrom) : []), [cls.data]);
  return (
    <Stack gap="md">
      <Title order={2}>{t('attendance.title')}</Title>
      <Text>{t('attendance.intro')}</Text>
      <SheetState pending={q.isPending || cls.isPending} error={q.error ?? cls.error} empty={(q.data?.learners.length ?? 0) === 0}>
        {q.data && <AttendanceGrid key={q.dataUpdatedAt} classId={id} sheet={q.data} months={months} />}
      </SheetState>
    </Stack>
  );
};
