import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Button, Group, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { activityGradesRequest, type ActivityGradesRequest, type SubmissionRow, type SubmissionsAnswer } from '@klase/core/assignments/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { NARROW_QUERY } from '../../components/data-table/types.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { isApiError } from '../../api/http.ts';
import { PersonCell } from '../../components/person-cell.tsx';
import { toastGradeSaved } from '../../lib/toasts.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { Loaded, useGradedViewer } from './graded-viewer.tsx';
import { assignmentCalls, assignmentKeys, useActivityGrades, useInvalidateWork } from './assignments-api.ts';
import { MaterialPage, PageFrame, materialHref } from '../../components/page-frame.tsx';
import { WorkError } from './work-parts.tsx';

/** One row of the grid as typed: the grade as text ('' for none) and plain-text feedback. */
interface Entry {
  grade: string;
  feedback: string;
}
type Entries = Record<string, Entry>;

/** Rows carry the saved feedback (HTML); the grid edits it as plain text. */
type ActivityRow = SubmissionRow;

const textOfHtml = (html: string | null | undefined): string => {
  if (!html) return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').trim();
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain feedback as the rich text the server keeps ('' for none). */
export const feedbackHtmlOf = (text: string) => (text.trim() === '' ? '' : `<p>${escapeHtml(text.trim())}</p>`);

export const entriesOf = (rows: ActivityRow[]): Entries =>
  Object.fromEntries(rows.map((r) => [r.studentId, { grade: r.grade === null ? '' : String(r.grade), feedback: textOfHtml(r.feedbackHtml) }]));

const GRADE_TEXT = /^\d+([.,]\d{1,2})?$/;

/** The typed grade as a number (null when empty), or 'invalid'. */
export const parseGrade = (text: string): number | null | 'invalid' => {
  const v = text.trim();
  if (v === '') return null;
  if (!GRADE_TEXT.test(v)) return 'invalid';
  return Number(v.replace(',', '.'));
};

const sameEntry = (a: Entry | undefined, b: Entry | undefined) => a?.grade.trim() === b?.grade.trim() && a?.feedback.trim() === b?.feedback.trim();

/** Enter and arrow down go to the same field of the next student, arrow up to the previous one. */
const moveFocus = (grid: RefObject<HTMLElement | null>, column: 'grade' | 'feedback', index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
  const step = e.key === 'Enter' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
  if (step === 0) return;
  e.preventDefault();
  const target = grid.current?.querySelector<HTMLInputElement>(`[data-cell="${column}-${index + step}"]`);
  target?.focus();
  target?.select();
};

interface CellProps {
  row: ActivityRow;
  index: number;
  entry: Entry;
  error: string | undefined;
  readOnly: boolean;
  max: number;
  grid: RefObject<HTMLElement | null>;
  /** Cards show the labels; the table names each field with the student's name for screen readers only. */
  visibleLabels: boolean;
  onChange: (patch: Partial<Entry>) => void;
}

const GradeCell = ({ row, index, entry, error, readOnly, max, grid, visibleLabels, onChange }: CellProps) => {
  const { t } = useTranslation('assignments');
  const label = t('activity.gradeFor', { name: row.name, max });
  return (
    <TextInput
      label={visibleLabels ? t('activity.grade', { max }) : <VisuallyHidden>{label}</VisuallyHidden>}
      value={entry.grade}
      onChange={(e) => onChange({ grade: e.currentTarget.value })}
      onKeyDown={moveFocus(grid, 'grade', index)}
      inputMode="decimal"
      autoComplete="off"
      maxLength={10}
      readOnly={readOnly}
      error={error}
      data-cell={`grade-${index}`}
      w={visibleLabels ? '100%' : 120}
    />
  );
};

const FeedbackCell = ({ row, index, entry, readOnly, grid, visibleLabels, onChange }: CellProps) => {
  const { t } = useTranslation('assignments');
  const label = t('activity.feedbackFor', { name: row.name });
  return (
    <TextInput
      label={visibleLabels ? t('activity.feedback') : <VisuallyHidden>{label}</VisuallyHidden>}
      value={entry.feedback}
      onChange={(e) => onChange({ feedback: e.currentTarget.value })}
      onKeyDown={moveFocus(grid, 'feedback', index)}
      maxLength={2000}
      readOnly={readOnly}
      data-cell={`feedback-${index}`}
    />
  );
};

type Translate = ReturnType<typeof useTranslation>['t'];

/** The changed rows' grades to send, or the problem per student when a typed grade is not one. */
const collectGrades = (changed: ActivityRow[], values: Entries, baseline: Entries, max: number, t: Translate) => {
  const found: Record<string, string> = {};
  const grades: ActivityGradesRequest['grades'] = [];
  for (const r of changed) {
    const entry = values[r.studentId] ?? { grade: '', feedback: '' };
    const grade = parseGrade(entry.grade);
    if (grade === 'invalid') found[r.studentId] = t('activity.invalidGrade', { max });
    else if (grade !== null && grade > max) found[r.studentId] = t('errors:GRADE_OVER_MAX', { max });
    // Feedback is sent only when it changed: left out, the server keeps the saved (possibly richer) text.
    else if (entry.feedback === (baseline[r.studentId]?.feedback ?? '')) grades.push({ studentId: r.studentId, grade });
    else grades.push({ studentId: r.studentId, grade, feedbackHtml: feedbackHtmlOf(entry.feedback) });
  }
  return { found, grades };
};

/** The grades as typed against the saved ones, the problems per student, and saving the changed rows. */
const useGradesEntry = (material: MaterialDetails, rows: ActivityRow[], max: number) => {
  const { t } = useTranslation(['assignments', 'errors']);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWork();
  const [values, setValues] = useState<Entries>(() => entriesOf(rows));
  const [baseline, setBaseline] = useState<Entries>(() => entriesOf(rows));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const changed = rows.filter((r) => !sameEntry(values[r.studentId], baseline[r.studentId]));
  useLeaveGuard(changed.length > 0);

  const change = (studentId: string) => (patch: Partial<Entry>) => {
    setValues((v) => ({ ...v, [studentId]: { ...(v[studentId] ?? { grade: '', feedback: '' }), ...patch } }));
    setErrors((e) => {
      const { [studentId]: _gone, ...rest } = e;
      return rest;
    });
  };

  const save = async () => {
    const { found, grades } = collectGrades(changed, values, baseline, max, t);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0 || grades.length === 0) return;
    setBusy(true);
    try {
      const answer = await assignmentCalls.saveActivityGrades(material.id, activityGradesRequest.parse({ grades }));
      queryClient.setQueryData(assignmentKeys.activity(material.id), answer);
      setBaseline(values);
      toastGradeSaved(t('activity.saved', { count: grades.length }));
      await invalidate(material.id);
    } catch (e) {
      const rowError = isApiError(e) ? e.fields?.find((f) => /^grades\.\d+\./.test(f.path)) : undefined;
      const index = rowError ? Number(rowError.path.split('.')[1]) : -1;
      const student = grades[index]?.studentId;
      if (student) setErrors({ [student]: t('activity.invalidGrade', { max }) });
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, error, busy, changed, change, save };
};

interface GradeRowsProps {
  rows: ActivityRow[];
  cell: (r: ActivityRow, i: number, visibleLabels: boolean) => CellProps;
}

/** Phones: one card per student with labelled fields. */
const GradeCards = ({ rows, cell }: GradeRowsProps) => (
  <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="activity-cards">
    {rows.map((r, i) => (
      <Paper key={r.studentId} component="li" withBorder p="sm" radius="md">
        <Stack gap="xs">
          <PersonCell name={r.name} photoUrl={r.photoUrl} />
          <GradeCell {...cell(r, i, true)} />
          <FeedbackCell {...cell(r, i, true)} />
        </Stack>
      </Paper>
    ))}
  </Stack>
);

/** Wider screens: a table, student by grade and feedback; changed rows are marked. */
const GradeTable = ({ rows, cell, changed, caption, max }: GradeRowsProps & { changed: ActivityRow[]; caption: string; max: number }) => {
  const { t } = useTranslation('assignments');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.student')}</Table.Th>
            <Table.Th scope="col">{t('activity.grade', { max })}</Table.Th>
            <Table.Th scope="col">{t('activity.feedback')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.studentId} data-changed={changed.includes(r) || undefined}>
              <Table.Td>
                <PersonCell name={r.name} photoUrl={r.photoUrl} />
              </Table.Td>
              <Table.Td>
                <GradeCell {...cell(r, i, false)} />
              </Table.Td>
              <Table.Td>
                <FeedbackCell {...cell(r, i, false)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const GradesGrid = ({ material, data, manage }: { material: MaterialDetails; data: SubmissionsAnswer; manage: boolean }) => {
  const { t } = useTranslation(['assignments', 'errors']);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const gridRef = useRef<HTMLDivElement>(null);
  const rows = data.rows as ActivityRow[];
  const max = data.maxPoints;
  const { values, errors, error, busy, changed, change, save } = useGradesEntry(material, rows, max);

  if (rows.length === 0) return <EmptyState text={t('list.noStudents')} />;
  const cell = (r: ActivityRow, i: number, visibleLabels: boolean): CellProps => ({
    row: r,
    index: i,
    entry: values[r.studentId] ?? { grade: '', feedback: '' },
    error: errors[r.studentId],
    readOnly: !manage,
    max,
    grid: gridRef,
    visibleLabels,
    onChange: change(r.studentId),
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="activity-count">
          {t('activity.gradedCount', { graded: data.counts.returned, total: data.counts.total })}
          {manage ? ` ${t('activity.keyboardHint')}` : ''}
        </Text>
        <div ref={gridRef}>
          {narrow ? (
            <GradeCards rows={rows} cell={cell} />
          ) : (
            <GradeTable rows={rows} cell={cell} changed={changed} caption={t('activity.caption', { name: material.name })} max={max} />
          )}
        </div>
        <WorkError error={error} />
        {manage && (
          <Group justify="flex-end" gap="sm">
            <Text size="sm" aria-live="polite">
              {t('activity.changed', { count: changed.length })}
            </Text>
            <Button type="submit" loading={busy} disabled={changed.length === 0} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
              {t('activity.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

const GradesLoader = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('assignments');
  const viewer = useGradedViewer();
  const grades = useActivityGrades(material.id);
  return (
    <PageFrame back={{ to: materialHref(material), label: t('activity.back') }} title={t('titles.activityGrades')} subtitle={material.name}>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Loaded query={grades}>{(data) => <GradesGrid material={material} data={data} manage={viewer.kind === 'staff' && viewer.grade} />}</Loaded>
      </Paper>
    </PageFrame>
  );
};

/** `classes/:id/courses/:courseId/activity-grades/:materialId`: every assigned student's grade of an activity (teachers enter, assistants read). */
export const ActivityGradesPage = () => <MaterialPage type="activity">{(m) => <GradesLoader material={m} />}</MaterialPage>;
