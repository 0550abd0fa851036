import { useId, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AssignmentSettings, MySubmission } from '@klase/core/assignments/contracts';
import { workState } from '@klase/core/assignments/contracts';
import { MB } from '@klase/core/constants';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { DateText } from '../../components/date-text.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { RichContent } from '../../components/rich-content.tsx';
import { assignmentCalls, assignmentKeys, useInvalidateWork } from './assignments-api.ts';
import { useOfflineDraft, type DraftSync } from './use-offline-draft.ts';
import {
  FeedbackView,
  FileList,
  FileUploader,
  LateBadge,
  LazyRichTextField,
  ScheduleDetails,
  WorkError,
  WorkStateBadge,
  useLimitsText,
} from './work-parts.tsx';

const SELF = { kind: 'self' } as const;
const infoIcon = <IconInfoCircle aria-hidden="true" />;
const alertStyles = { message: { color: 'var(--mantine-color-text)' } };

/** What the teacher's preview shows: a new student's empty work on these settings. */
export const previewWork = (settings: AssignmentSettings, now = new Date()): MySubmission => ({
  materialId: settings.materialId,
  settings,
  state: workState(null, settings.dueAt ? new Date(settings.dueAt) : null, now),
  status: 'none',
  textHtml: null,
  files: [],
  submittedAt: null,
  late: false,
  submitCount: 0,
  grade: null,
  feedbackHtml: null,
  feedbackFiles: [],
  returnedAt: null,
  can: { edit: false, submit: false },
  blockedBy: null,
});

/** Why the student cannot hand in now, said before they try. */
const BlockNotice = ({ work }: { work: MySubmission }) => {
  const { t } = useTranslation(['assignments', 'errors']);
  if (work.blockedBy === 'NOT_OPEN_YET')
    return (
      <Alert color="blue" variant="light" icon={infoIcon} styles={alertStyles} data-testid="work-blocked">
        {work.settings.openAt ? (
          <>
            {t('work.opensOn')} <DateText value={work.settings.openAt} />
          </>
        ) : (
          t('errors:NOT_OPEN_YET')
        )}
      </Alert>
    );
  if (work.blockedBy === 'PAST_DUE')
    return (
      <Alert color="red" variant="light" icon={infoIcon} styles={alertStyles} data-testid="work-blocked">
        {t('errors:PAST_DUE')}
      </Alert>
    );
  return null;
};

/** Where the work stands once handed in: when, late or not, and whether it may still change. */
const SubmittedNote = ({ work }: { work: MySubmission }) => {
  const { t } = useTranslation('assignments');
  if (work.status === 'returned') return <Text size="sm">{t('work.returnedNote')}</Text>;
  if (work.status !== 'submitted' || !work.submittedAt) return null;
  return (
    <Text size="sm" data-testid="work-submitted-note">
      {t('work.submittedOn')} <DateText value={work.submittedAt} />
      {work.can.edit ? ` ${t('work.canResubmit')}` : ''}
    </Text>
  );
};

const isPast = (iso: string | null) => iso !== null && Date.now() > new Date(iso).getTime();

interface StudentWorkProps {
  work: MySubmission;
  /** The teacher's preview: the same page, nothing can be changed. */
  preview?: boolean;
}

/** The draft being written, saving it, and submitting (after a confirmation); `busy` names the button at work. */
const useWorkActions = (work: MySubmission) => {
  const { t } = useTranslation('assignments');
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWork();
  const confirm = useConfirm();
  const { settings, materialId } = work;
  const [savedText, setSavedText] = useState(work.textHtml ?? '');
  const keep = (answer: MySubmission) => queryClient.setQueryData(assignmentKeys.mine(materialId, SELF), answer);
  // Text saved without a connection waits on the device and is sent when the app is back online.
  const offline = useOfflineDraft(materialId, async (text) => {
    keep(await assignmentCalls.saveDraft(materialId, text));
    setSavedText(text);
  });
  const [draft, setDraft] = useState<string | null>(offline.kept);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const dirty = draft !== null && draft !== savedText;
  useLeaveGuard(dirty && draft !== offline.kept);
  const resubmit = work.submitCount > 0;

  const storeDraft = async () => (draft === null ? 'saved' : offline.save(draft));

  const run = async (kind: 'draft' | 'submit', task: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await task();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const saveDraft = () =>
    run('draft', async () => {
      if ((await storeDraft()) === 'saved') toastSuccess(t('work.draftSaved'));
    });

  const submit = async () => {
    const late = isPast(settings.dueAt);
    const ok = await confirm({
      title: t(resubmit ? 'work.resubmitTitle' : 'work.submitTitle'),
      message: late ? t('work.submitLateMessage') : t('work.submitMessage'),
      confirmLabel: t(resubmit ? 'work.resubmit' : 'work.submit'),
    });
    if (!ok) return;
    await run('submit', async () => {
      if (dirty) await storeDraft();
      keep(await assignmentCalls.submit(materialId));
      toastSuccess(t(late ? 'work.submittedLate' : 'work.submitted'));
      await invalidate(materialId);
    });
  };

  return { setDraft, dirty, busy, error, resubmit, saveDraft, submit, offline };
};

/** The written answer: an editor while it may change, a disabled box in the preview, else the answer as handed in. */
const AnswerField = ({
  work,
  canEdit,
  preview,
  onChange,
  offline,
}: {
  work: MySubmission;
  canEdit: boolean;
  preview: boolean;
  onChange: (html: string) => void;
  offline: { kept: string | null; sync: DraftSync };
}) => {
  const { t } = useTranslation('assignments');
  if (canEdit)
    return (
      <Stack gap={4}>
        <LazyRichTextField label={t('work.answer')} value={offline.kept ?? work.textHtml ?? ''} onChange={onChange} />
        <Text size="sm" role="status" data-testid="draft-sync" data-sync={offline.sync ?? 'none'}>
          {offline.sync === 'offline' ? t('work.keptOffline') : offline.sync === 'sent' ? t('work.textSaved') : ''}
        </Text>
      </Stack>
    );
  if (preview) return <Textarea label={t('work.answer')} disabled rows={4} />;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('work.answer')}
      </Text>
      {work.textHtml ? <RichContent html={work.textHtml} label={t('work.answer')} /> : <Text size="sm">{t('work.noAnswer')}</Text>}
    </Stack>
  );
};

/** The handed-in files with their limits, removing them and adding more while the work may change. */
const WorkFiles = ({ work, canEdit, preview }: { work: MySubmission; canEdit: boolean; preview: boolean }) => {
  const { t } = useTranslation('assignments');
  const invalidate = useInvalidateWork();
  const limitsText = useLimitsText();
  const { settings, materialId } = work;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('work.files')}
      </Text>
      <Text size="sm" data-testid="work-limits">
        {limitsText(settings)}
      </Text>
      <FileList
        files={work.files}
        label={t('work.files')}
        onRemove={canEdit ? (f) => assignmentCalls.removeWorkFile(materialId, f.id).then(() => invalidate(materialId)) : undefined}
      />
      {(canEdit || preview) && (
        <FileUploader
          label={t('work.addFiles')}
          upload={(file, onProgress) => assignmentCalls.addWorkFile(materialId, file, onProgress)}
          maxFiles={settings.maxFiles - work.files.length}
          maxBytes={settings.maxFileMb * MB}
          onDone={() => invalidate(materialId)}
          disabled={preview}
        />
      )}
    </Stack>
  );
};

/** The state badges, the dates, the teacher's files and, once returned, the grade and feedback. */
const WorkHeader = ({ work }: { work: MySubmission }) => {
  const { t } = useTranslation('assignments');
  const { settings } = work;
  return (
    <>
      <Group gap="xs">
        <WorkStateBadge state={work.state} />
        {work.late && <LateBadge />}
      </Group>
      <ScheduleDetails settings={settings} extra={work.submittedAt ? [{ label: t('work.submittedAt'), value: <DateText value={work.submittedAt} /> }] : []} />
      {settings.attachments.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{t('work.teacherFiles')}</Title>
          <FileList files={settings.attachments} label={t('work.teacherFiles')} />
        </Stack>
      )}
      {work.status === 'returned' && (
        <FeedbackView
          grade={work.grade}
          maxPoints={settings.maxPoints}
          feedbackHtml={work.feedbackHtml}
          feedbackFiles={work.feedbackFiles}
          returnedAt={work.returnedAt}
          rubric={work.rubric}
        />
      )}
    </>
  );
};

/**
 * The student's side of an assignment: dates and the teacher's files, the written answer (a rich
 * text draft saved on demand) and the files (streamed with progress), submitting and resubmitting
 * with a confirmation, and the grade and feedback once returned. Leaving with unsaved text asks first.
 */
export const StudentWork = ({ work, preview = false }: StudentWorkProps) => {
  const { t } = useTranslation('assignments');
  const titleId = useId();
  const { settings } = work;
  const { setDraft, dirty, busy, error, resubmit, saveDraft, submit, offline } = useWorkActions(work);

  const allowsText = settings.submissionType !== 'files';
  const allowsFiles = settings.submissionType !== 'text';
  const canEdit = work.can.edit && !preview;
  const showSubmit = preview || work.can.submit || (dirty && canEdit);

  return (
    <Stack gap="md" data-testid="assignment-panel" data-mode={preview ? 'preview' : 'student'}>
      {preview && (
        <Alert color="blue" variant="light" icon={infoIcon} styles={alertStyles}>
          {t('preview.note')}
        </Alert>
      )}
      <WorkHeader work={work} />
      <BlockNotice work={work} />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={titleId}>
        <Stack gap="md">
          <Title order={4} id={titleId}>
            {t('work.title')}
          </Title>
          <SubmittedNote work={work} />
          {allowsText && <AnswerField work={work} canEdit={canEdit} preview={preview} onChange={setDraft} offline={offline} />}
          {allowsFiles && <WorkFiles work={work} canEdit={canEdit} preview={preview} />}
          <WorkError error={error} />
          <Group justify="flex-end" gap="sm">
            {allowsText && (canEdit || preview) && (
              <Button variant="default" onClick={() => void saveDraft()} loading={busy === 'draft'} disabled={preview || !dirty || busy === 'submit'}>
                {t('work.saveDraft')}
              </Button>
            )}
            {showSubmit && (
              <Button
                onClick={() => void submit()}
                loading={busy === 'submit'}
                disabled={preview || busy === 'draft'}
                leftSection={<IconSend size={16} aria-hidden="true" />}
              >
                {t(resubmit ? 'work.resubmit' : 'work.submit')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
};
