import { useId, useState } from 'react';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowBackUp, IconChevronLeft, IconChevronRight, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { gradeRequest, MAX_FILES_LIMIT, type GradeRequest, type SubmissionDetails, type SubmissionRow } from '@klase/core/assignments/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { paths } from '../../config/paths.ts';
import { DateText } from '../../components/date-text.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { isApiError } from '../../api/http.ts';
import { toastGradeSaved } from '../../lib/toasts.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { useFieldIssueMessages, useZodValidate } from '../../lib/zod-form.ts';
import { RichContent } from '../../components/rich-content.tsx';
import { Loaded, useGradedViewer } from './graded-viewer.tsx';
import { assignmentCalls, assignmentKeys, useInvalidateWork, useSubmissionDetails, useSubmissions } from './assignments-api.ts';
import { MaterialPage, PageFrame, usePageParams } from '../../components/page-frame.tsx';
import { RubricTable } from './rubric-table.tsx';
import { useRubricChoices } from './use-rubric-choices.ts';
import { FeedbackView, FileList, FileUploader, LateBadge, LazyRichTextField, WorkError, WorkStateBadge, useWorkErrorMessage } from './work-parts.tsx';

const submissionHref = (m: MaterialDetails, studentId: string) => paths.classSubmission.to(m.classId ?? '', m.courseId, m.id, studentId);

/** Previous and next student of the list (links, so they work from the keyboard and open in a new tab). */
const StudentNav = ({ material, rows, studentId }: { material: MaterialDetails; rows: SubmissionRow[]; studentId: string }) => {
  const { t } = useTranslation('assignments');
  const i = rows.findIndex((r) => r.studentId === studentId);
  const previous = i > 0 ? rows[i - 1] : undefined;
  const next = i >= 0 ? rows[i + 1] : undefined;
  if (!previous && !next) return null;
  return (
    <Group component="nav" aria-label={t('grading.studentNav')} justify="space-between" gap="sm">
      {previous ? (
        <Button
          component={Link}
          to={submissionHref(material, previous.studentId)}
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
          maw="100%"
        >
          <Text span truncate inherit>
            {t('grading.previous', { name: previous.name })}
          </Text>
        </Button>
      ) : (
        <span />
      )}
      {next && (
        <Button
          component={Link}
          to={submissionHref(material, next.studentId)}
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden="true" />}
          maw="100%"
        >
          <Text span truncate inherit>
            {t('grading.next', { name: next.name })}
          </Text>
        </Button>
      )}
    </Group>
  );
};

/** What the student handed in: the written answer and the files to download. */
const StudentWorkView = ({ details }: { details: SubmissionDetails }) => {
  const { t } = useTranslation('assignments');
  const titleId = useId();
  const type = details.settings.submissionType;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {t('grading.work')}
        </Title>
        {type !== 'files' &&
          (details.textHtml ? <RichContent html={details.textHtml} label={t('grading.answer')} /> : <Text size="sm">{t('grading.noAnswer')}</Text>)}
        {type !== 'text' &&
          (details.files.length > 0 ? <FileList files={details.files} label={t('grading.files')} /> : <Text size="sm">{t('grading.noFiles')}</Text>)}
      </Stack>
    </Paper>
  );
};

const gradeOf = (v: number | string): number | null => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

/** The grade and feedback as typed against the saved ones, their problems, and saving (and returning) them. */
const useGradeSave = (details: SubmissionDetails) => {
  const { t } = useTranslation(['assignments', 'errors']);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWork();
  const validate = useZodValidate<GradeRequest>(gradeRequest);
  const fieldMessages = useFieldIssueMessages();
  const errorMessage = useWorkErrorMessage();
  const { materialId, studentId } = details;
  const rubric = details.rubric ?? null;
  const max = rubric ? rubric.maxPoints : details.settings.maxPoints;
  const [grade, setGrade] = useState<number | string>(details.grade ?? '');
  const [savedGrade, setSavedGrade] = useState<number | null>(details.grade);
  const choices = useRubricChoices(rubric);
  const [feedback, setFeedback] = useState<string | null>(null);
  const [savedFeedback, setSavedFeedback] = useState(details.feedbackHtml ?? '');
  const [gradeError, setGradeError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'save' | 'return' | null>(null);
  const dirty = (rubric ? choices.dirty : gradeOf(grade) !== savedGrade) || (feedback !== null && feedback !== savedFeedback);
  useLeaveGuard(dirty);

  /** The server's refusal: under the rubric, under the grade, or above the buttons. */
  const refused = (e: unknown) => {
    if (choices.serverError(e)) setError(null);
    else if (isApiError(e) && e.code === 'GRADE_OVER_MAX') setGradeError(errorMessage(e));
    else if (isApiError(e) && e.fields?.length) {
      const fields = fieldMessages(e.fields);
      setGradeError(fields.grade ?? null);
      setError(fields.grade ? null : e);
    } else setError(e);
  };

  const save = async (returnToStudent: boolean) => {
    const feedbackHtml = feedback ?? savedFeedback;
    if (rubric && !choices.check()) return;
    const body: GradeRequest = rubric ? { ...choices.request(), feedbackHtml, returnToStudent } : { grade: gradeOf(grade), feedbackHtml, returnToStudent };
    const problems = validate(body);
    const over = typeof body.grade === 'number' && body.grade > max ? t('errors:GRADE_OVER_MAX', { max }) : null;
    const gradeProblem = problems.grade ?? over;
    setGradeError(gradeProblem);
    setError(problems.feedbackHtml ?? null);
    if (gradeProblem || problems.feedbackHtml) return;
    setBusy(returnToStudent ? 'return' : 'save');
    try {
      const answer = await assignmentCalls.grade(materialId, studentId, body);
      queryClient.setQueryData(assignmentKeys.one(materialId, studentId), answer);
      setSavedGrade(body.grade ?? null);
      choices.saved();
      setSavedFeedback(body.feedbackHtml ?? '');
      toastGradeSaved(returnToStudent ? t('grading.returned', { name: details.studentName }) : t('grading.saved'));
      await invalidate(materialId);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(null);
    }
  };

  const changeGrade = (v: number | string) => {
    setGrade(v);
    setGradeError(null);
  };

  return { rubric, max, grade, changeGrade, choices, setFeedback, gradeError, error, busy, save };
};

/** The feedback's files: removing them and adding more. */
const FeedbackFiles = ({ details }: { details: SubmissionDetails }) => {
  const { t } = useTranslation('assignments');
  const invalidate = useInvalidateWork();
  const { materialId, studentId } = details;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('grading.feedbackFiles')}
      </Text>
      <FileList
        files={details.feedbackFiles}
        label={t('grading.feedbackFiles')}
        onRemove={(f) => assignmentCalls.removeFeedbackFile(materialId, studentId, f.id).then(() => invalidate(materialId))}
      />
      <FileUploader
        label={t('grading.addFeedbackFiles')}
        upload={(file, onProgress) => assignmentCalls.addFeedbackFile(materialId, studentId, file, onProgress)}
        maxFiles={MAX_FILES_LIMIT - details.feedbackFiles.length}
        maxBytes={FILE_MAX_BYTES}
        onDone={() => invalidate(materialId)}
      />
    </Stack>
  );
};

/**
 * The teacher's grade (0..max points, 2 decimals) and feedback (rich text and files). "Save" keeps
 * it for the teacher; "Save and return" hands it to the student and their parents. Leaving with
 * unsaved changes asks first.
 */
const GradeForm = ({ details }: { details: SubmissionDetails }) => {
  const { t } = useTranslation(['assignments', 'errors']);
  const titleId = useId();
  const { rubric, max, grade, changeGrade, choices, setFeedback, gradeError, error, busy, save } = useGradeSave(details);

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <Stack gap="md">
          <Title order={3} size="h4" id={titleId}>
            {t('grading.gradeTitle')}
          </Title>
          {rubric && <RubricTable rubric={rubric} value={choices.value} onChange={choices.change} error={choices.error} />}
          {rubric && choices.total !== null && (
            <Group>
              <Button variant="subtle" size="compact-sm" onClick={() => choices.change({})}>
                {t('rubric.clear')}
              </Button>
            </Group>
          )}
          <NumberInput
            label={t(rubric ? 'rubric.grade' : 'grading.grade', { max })}
            description={t(rubric ? 'rubric.gradeHint' : 'grading.gradeHint')}
            readOnly={rubric !== null}
            value={rubric ? (choices.total ?? '') : grade}
            onChange={changeGrade}
            min={0}
            max={max}
            decimalScale={2}
            allowNegative={false}
            clampBehavior="none"
            error={gradeError}
            style={{ maxWidth: 260 }}
          />
          <LazyRichTextField label={t('grading.feedback')} value={details.feedbackHtml ?? ''} onChange={setFeedback} />
          <FeedbackFiles details={details} />
          <WorkError error={error} />
          <Group justify="flex-end" gap="sm">
            <Button
              type="submit"
              variant="default"
              loading={busy === 'save'}
              disabled={busy === 'return'}
              leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
            >
              {t('grading.save')}
            </Button>
            <Button
              onClick={() => void save(true)}
              loading={busy === 'return'}
              disabled={busy === 'save'}
              leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
            >
              {t('grading.saveAndReturn')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const SubmissionBody = ({
  material,
  details,
  rows,
  manage,
}: {
  material: MaterialDetails;
  details: SubmissionDetails;
  rows: SubmissionRow[];
  manage: boolean;
}) => {
  const { t } = useTranslation('assignments');
  return (
    <Stack gap="md">
      <StudentNav material={material} rows={rows} studentId={details.studentId} />
      <Group gap="xs">
        <WorkStateBadge state={details.state} />
        {details.late && <LateBadge />}
      </Group>
      <DetailList
        items={[
          { label: t('work.submittedAt'), value: details.submittedAt ? <DateText value={details.submittedAt} /> : t('parent.notSubmitted') },
          { label: t('grading.submitCount'), value: String(details.submitCount) },
          { label: t('schedule.due'), value: details.settings.dueAt ? <DateText value={details.settings.dueAt} /> : t('schedule.noDue') },
          { label: t('feedback.returnedAt'), value: details.returnedAt ? <DateText value={details.returnedAt} /> : t('grading.notReturned') },
        ]}
      />
      <StudentWorkView details={details} />
      {manage ? (
        <GradeForm key={details.studentId} details={details} />
      ) : (
        <FeedbackView
          grade={details.grade}
          maxPoints={details.settings.maxPoints}
          feedbackHtml={details.feedbackHtml}
          feedbackFiles={details.feedbackFiles}
          returnedAt={details.returnedAt}
          rubric={details.rubric}
        />
      )}
    </Stack>
  );
};

const SubmissionLoader = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('assignments');
  const { studentId } = usePageParams();
  const viewer = useGradedViewer();
  const details = useSubmissionDetails(material.id, studentId);
  const list = useSubmissions(material.id);
  const back = paths.classSubmissions.to(material.classId ?? '', material.courseId, material.id);
  return (
    <PageFrame back={{ to: back, label: t('grading.back') }} title={details.data?.studentName ?? t('titles.submission')} subtitle={material.name}>
      <Loaded query={details}>
        {(d) => <SubmissionBody material={material} details={d} rows={list.data?.rows ?? []} manage={viewer.kind === 'staff' && viewer.grade} />}
      </Loaded>
    </PageFrame>
  );
};

/** `classes/:id/courses/:courseId/submissions/:materialId/student/:studentId` (teachers and assistants grade). */
export const SubmissionPage = () => <MaterialPage type="assignment">{(m) => <SubmissionLoader material={m} />}</MaterialPage>;
