import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFile, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AssignmentSettings, FileInfo, RubricGrading, SubmissionsAnswer } from '@klase/core/assignments/contracts';
import { MB } from '@klase/core/constants';
import { ANY_FILE_TYPE, formatBytes } from '@klase/core/upload';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { DateText } from '../../components/date-text.tsx';
import { DetailList, type DetailItem } from '../../components/detail-list.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useTone } from '../../components/tones.ts';
import { RubricTable } from './rubric-table.tsx';
import { UploadBox } from '../../components/upload-box.tsx';
import { RichContent } from '../../components/rich-content.tsx';

export { WORK_STATE_COLORS, WorkStateBadge } from '../../components/work-state-badge.tsx';

/** The editor (tiptap and its styles) loads only when a page needs it. */
const RichTextField = lazy(() => import('../../components/rich-text-editor.tsx').then((m) => ({ default: m.RichTextField })));

export const LazyRichTextField = (props: { label: string; value: string; onChange: (html: string) => void; error?: string | null }) => {
  const { t } = useTranslation('assignments');
  return (
    <Suspense fallback={<Skeleton height={280} role="status" aria-label={t('work.editorLoading')} />}>
      <RichTextField {...props} />
    </Suspense>
  );
};

/** An outlined chip: its text takes the danger tone of the colour scheme (AA on light and dark pages). */
export const LateBadge = () => {
  const { t } = useTranslation('assignments');
  const danger = useTone('danger');
  return (
    <Badge variant="outline" color={danger} tt="none" data-testid="late-badge">
      {t('work.lateBadge')}
    </Badge>
  );
};

/** "8.5 / 10" (numbers as the browser's language writes them). */
export const formatGrade = (grade: number, max: number, locale?: string) => {
  const f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return `${f.format(grade)} / ${f.format(max)}`;
};

/**
 * The translated text of a failed assignment call. FILE_TOO_LARGE names the assignment's own
 * limit (the server sends it in MB); other codes use the shared catalogue with their placeholders.
 */
export const useWorkErrorMessage = () => {
  const { t } = useTranslation('assignments');
  const message = useErrorMessage();
  return useCallback(
    (e: unknown) => {
      if (isApiError(e) && e.code === 'FILE_TOO_LARGE' && e.params?.max !== undefined) return t('errors.fileTooLarge', { max: e.params.max });
      return message(e);
    },
    [message, t],
  );
};

export const WorkError = ({ error }: { error: unknown }) => {
  const message = useWorkErrorMessage();
  const danger = useTone('danger');
  if (error === null || error === undefined) return null;
  return (
    <Text role="alert" c={danger} size="sm">
      {message(error)}
    </Text>
  );
};

interface FileListProps {
  files: FileInfo[];
  /** Accessible name of the list. */
  label: string;
  /** Removes one file (after a confirmation); absent: download only. */
  onRemove?: (file: FileInfo) => Promise<unknown>;
  disabled?: boolean;
}

/** Files to download (name, size), each with a remove button when allowed. */
export const FileList = ({ files, label, onRemove, disabled }: FileListProps) => {
  const { t } = useTranslation('assignments');
  const confirm = useConfirm();
  const muted = useTone('muted');
  const danger = useTone('danger');
  const [error, setError] = useState<unknown>(null);
  const remove = async (file: FileInfo) => {
    if (!onRemove) return;
    if (
      !(await confirm({ title: t('files.removeTitle'), message: t('files.removeMessage', { name: file.name }), confirmLabel: t('files.remove'), danger: true }))
    )
      return;
    setError(null);
    try {
      await onRemove(file);
      toastSuccess(t('files.removed', { name: file.name }));
    } catch (e) {
      setError(e);
    }
  };
  if (files.length === 0) return null;
  return (
    <Stack gap={4}>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {files.map((f) => (
          <Group key={f.id} component="li" gap="sm" wrap="nowrap">
            <IconFile size={24} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Anchor href={f.downloadUrl} download={f.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Group gap={4} wrap="nowrap" component="span">
                  <span>{f.name}</span>
                  <IconDownload size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                </Group>
              </Anchor>
              <Text size="xs" c={muted}>
                {formatBytes(f.size)}
              </Text>
            </Stack>
            {onRemove && (
              <ActionIcon
                variant="subtle"
                color={danger}
                aria-label={t('files.removeNamed', { name: f.name })}
                onClick={() => void remove(f)}
                disabled={disabled}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      <WorkError error={error} />
    </Stack>
  );
};

interface FileUploaderProps {
  /** Streams one file (call `onProgress(0..100)`). */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  /** How many more files may be added now. */
  maxFiles: number;
  maxBytes: number;
  label: string;
  /** After the files are stored (refresh the list). */
  onDone: () => Promise<unknown>;
  disabled?: boolean;
}

/**
 * The upload box of assignment files: the chosen files stream one after the other with one
 * progress bar; once stored they join the list above (the box empties) and a failure is explained
 * with the assignment's limits.
 */
export const FileUploader = ({ upload, maxFiles, maxBytes, label, onDone, disabled }: FileUploaderProps) => {
  const { t } = useTranslation('assignments');
  const [round, setRound] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const onUpload = async (files: File[], onProgress: (percent: number) => void) => {
    setError(null);
    let stored = 0;
    try {
      for (const [i, file] of files.entries()) {
        await upload(file, (p) => onProgress(Math.round((i * 100 + p) / files.length)));
        stored += 1;
      }
      toastSuccess(t('files.added', { count: stored }));
    } catch (e) {
      setError(e);
    }
    if (stored > 0) await onDone();
    setRound((r) => r + 1);
  };
  return (
    <Stack gap={4}>
      <UploadBox
        key={round}
        label={label}
        types={[ANY_FILE_TYPE]}
        maxBytes={maxBytes}
        maxFiles={Math.max(1, maxFiles)}
        onUpload={onUpload}
        disabled={disabled || maxFiles < 1}
      />
      <WorkError error={error} />
    </Stack>
  );
};

/** Opens, due, late work and points of an assignment, as every reader sees them. */
export const ScheduleDetails = ({ settings, extra = [] }: { settings: AssignmentSettings; extra?: DetailItem[] }) => {
  const { t } = useTranslation('assignments');
  const late = !settings.allowLate ? t('schedule.lateNo') : settings.lateUntil ? <LateUntil at={settings.lateUntil} /> : t('schedule.lateYes');
  return (
    <DetailList
      items={[
        { label: t('schedule.opens'), value: settings.openAt ? <DateText value={settings.openAt} /> : t('schedule.openNow') },
        { label: t('schedule.due'), value: settings.dueAt ? <DateText value={settings.dueAt} /> : t('schedule.noDue') },
        { label: t('schedule.lateWork'), value: late },
        { label: t('schedule.points'), value: t('schedule.pointsValue', { count: settings.maxPoints }) },
        ...extra,
      ]}
    />
  );
};

const LateUntil = ({ at }: { at: string }) => {
  const { t } = useTranslation('assignments');
  return (
    <>
      {t('schedule.lateUntil')} <DateText value={at} />
    </>
  );
};

/** "Up to 5 files, 100 MB each" for the student's upload box and the settings summary. */
export const useLimitsText = () => {
  const { t } = useTranslation('assignments');
  return (s: Pick<AssignmentSettings, 'maxFiles' | 'maxFileMb'>) => t('files.limits', { count: s.maxFiles, size: formatBytes(s.maxFileMb * MB) });
};

interface FeedbackViewProps {
  grade: number | null;
  maxPoints: number;
  feedbackHtml: string | null;
  feedbackFiles: FileInfo[];
  returnedAt: string | null;
  /** Graded with a rubric: the levels chosen are shown under the grade. */
  rubric?: RubricGrading | null;
}

/** The teacher's grade and feedback (text and files, the rubric's levels), as the student and their parents see it once returned. */
export const FeedbackView = ({ grade, maxPoints, feedbackHtml, feedbackFiles, returnedAt, rubric }: FeedbackViewProps) => {
  const { t, i18n } = useTranslation('assignments');
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid="work-feedback">
      <Stack gap="sm">
        <Title order={4} id={titleId}>
          {t('feedback.title')}
        </Title>
        <DetailList
          items={[
            { label: t('feedback.grade'), value: grade === null ? t('feedback.noGrade') : formatGrade(grade, maxPoints, i18n.language) },
            { label: t('feedback.returnedAt'), value: returnedAt ? <DateText value={returnedAt} /> : null },
          ]}
        />
        {rubric?.selections && <RubricTable rubric={rubric} value={rubric.selections} />}
        {feedbackHtml ? <RichContent html={feedbackHtml} label={t('feedback.text')} /> : <Text size="sm">{t('feedback.noText')}</Text>}
        <FileList files={feedbackFiles} label={t('feedback.files')} />
      </Stack>
    </Paper>
  );
};

type Counts = SubmissionsAnswer['counts'];

/** Submitted / total, late, missing and to grade: the teacher's summary of an assignment. */
export const WorkCounts = ({ counts }: { counts: Counts }) => {
  const { t } = useTranslation('assignments');
  const items: { key: string; label: string; value: string }[] = [
    { key: 'submitted', label: t('counts.submitted'), value: t('counts.ofTotal', { done: counts.submitted, total: counts.total }) },
    { key: 'toGrade', label: t('counts.toGrade'), value: String(counts.toGrade) },
    { key: 'late', label: t('counts.late'), value: String(counts.late) },
    { key: 'missing', label: t('counts.missing'), value: String(counts.missing) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} data-testid="work-counts">
      {items.map((i) => (
        <Paper key={i.key} withBorder p="sm" radius="md" data-count={i.key}>
          <Text component="dt" size="sm" fw={700}>
            {i.label}
          </Text>
          <Text component="dd" m={0} fz="lg" fw={700}>
            {i.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
};
