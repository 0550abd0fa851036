import { useId, useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconCloudOff, IconCloudUpload, IconSend } from '@tabler/icons-react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, PublicQuestion } from '@klase/core/quizzes/questions';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { useTone } from '../../components/tones.ts';
import { paths } from '../../config/paths.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { isMissing } from '../../components/group-load-state.tsx';
import { RichContent } from '../../components/rich-content.tsx';
import { useMaterial } from '../../api/materials-api.ts';
import { AnswerInput, isAnswered, type SaveKind } from './answer-inputs.tsx';
import { type SaveStatus } from './answer-saver.ts';
import { materialHref, QuizPageFrame } from './quiz-page-frame.tsx';
import { formatPoints } from './quiz-labels.ts';
import { useAttempt, type LoadedAttempt } from './quizzes-api.ts';
import { formatLeft } from './use-countdown.ts';
import {
  useAnswerSaver,
  useAnswers,
  useAskSubmit,
  useAttemptClock,
  useAttemptSubmit,
  useQuestionPicker,
  useResultHref,
  useUnsentAnswers,
} from './attempt-state.tsx';

const SaveStatusLine = ({ status }: { status: SaveStatus }) => {
  const { t } = useTranslation('quizzes');
  const danger = useTone('danger');
  const muted = useTone('muted');
  if (status === 'idle' || status === 'finished') return <Text size="sm" c={muted} role="status" data-testid="save-status" />;
  const Icon = status === 'saved' ? IconCheck : status === 'saving' ? IconCloudUpload : status === 'offline' ? IconCloudOff : IconAlertTriangle;
  return (
    <Group gap={4} wrap="nowrap" role="status" data-testid="save-status" data-status={status}>
      <Icon size={16} aria-hidden="true" color={status === 'retrying' ? `var(--mantine-color-${danger.replace('.', '-')})` : undefined} />
      <Text size="sm" c={status === 'retrying' ? danger : undefined} fw={status === 'retrying' ? 700 : undefined}>
        {t(`attempt.save.${status}`)}
      </Text>
    </Group>
  );
};

const Timer = ({ left }: { left: number }) => {
  const { t } = useTranslation('quizzes');
  const warning = useTone('warning');
  const low = left <= 5 * 60_000;
  return (
    <Group gap={4} wrap="nowrap">
      <IconClock size={18} aria-hidden="true" />
      <Text size="sm">{t('attempt.timeLeft')}</Text>
      <Text
        fw={700}
        ff="monospace"
        c={low ? warning : undefined}
        role="timer"
        aria-label={t('attempt.timeLeftLabel', { time: formatLeft(left) })}
        data-testid="timer"
      >
        {formatLeft(left)}
      </Text>
    </Group>
  );
};

const QuestionNavigator = ({
  questions,
  answers,
  current,
  onPick,
}: {
  questions: PublicQuestion[];
  answers: Record<string, AnswerValue>;
  current: number | null;
  onPick: (i: number) => void;
}) => {
  const { t } = useTranslation('quizzes');
  return (
    <nav aria-label={t('attempt.navigator')}>
      <Group gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {questions.map((q, i) => {
          const answered = isAnswered(q, answers[q.id]);
          return (
            <li key={q.id}>
              <Button
                size="compact-md"
                miw={40}
                variant={answered ? 'filled' : 'default'}
                onClick={() => onPick(i)}
                aria-current={current === i ? 'step' : undefined}
                aria-label={t(answered ? 'attempt.navAnswered' : 'attempt.navUnanswered', { n: i + 1 })}
                // The current question is marked by a ring of its own; the focus ring is drawn outside it.
                style={current === i ? { boxShadow: '0 0 0 3px var(--mantine-color-orange-8)', outlineOffset: 5 } : undefined}
              >
                {i + 1}
              </Button>
            </li>
          );
        })}
      </Group>
    </nav>
  );
};

interface QuestionCardProps {
  question: PublicQuestion;
  index: number;
  count: number;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue, kind: SaveKind) => void;
  headingRef?: (el: HTMLHeadingElement | null) => void;
}

const QuestionCard = ({ question, index, count, value, onChange, headingRef }: QuestionCardProps) => {
  const { t } = useTranslation('quizzes');
  const headingId = useId();
  const n = index + 1;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={headingId} data-testid="attempt-question">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={headingId} tabIndex={-1} ref={headingRef}>
            {t('attempt.questionOf', { n, count })}
          </Title>
          <Text size="sm">{t('questions.points', { count: question.points, points: formatPoints(question.points) })}</Text>
        </Group>
        <RichContent html={question.prompt} label={t('attempt.prompt', { n })} />
        <AnswerInput question={question} value={value} label={t('attempt.yourAnswer', { n })} onChange={onChange} />
      </Stack>
    </Paper>
  );
};

/** The sticky bar: time left, the save status and Submit. */
const AttemptBar = ({ left, status, submitting, onSubmit }: { left: number | null; status: SaveStatus; submitting: boolean; onSubmit: () => void }) => {
  const { t } = useTranslation('quizzes');
  return (
    <Paper withBorder p="sm" style={{ position: 'sticky', top: 60, zIndex: 5 }} data-testid="attempt-bar">
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          {left !== null && <Timer left={left} />}
          <SaveStatusLine status={status} />
        </Group>
        <Button leftSection={<IconSend size={16} aria-hidden="true" />} onClick={onSubmit} loading={submitting}>
          {t('attempt.submit')}
        </Button>
      </Group>
    </Paper>
  );
};

/** Previous / Next below the one question shown; Submit in place of Next on the last. */
const PagerButtons = ({
  current,
  count,
  submitting,
  onPick,
  onSubmit,
}: {
  current: number;
  count: number;
  submitting: boolean;
  onPick: (i: number) => void;
  onSubmit: () => void;
}) => {
  const { t } = useTranslation('quizzes');
  return (
    <Group justify="space-between">
      <Button variant="default" disabled={current === 0} onClick={() => onPick(current - 1)}>
        {t('attempt.previous')}
      </Button>
      {current < count - 1 ? (
        <Button variant="default" onClick={() => onPick(current + 1)}>
          {t('attempt.next')}
        </Button>
      ) : (
        <Button onClick={onSubmit} loading={submitting}>
          {t('attempt.submit')}
        </Button>
      )}
    </Group>
  );
};

/** The attempt in progress: questions, answers saved as they change, the timer and Submit. */
const AttemptView = ({ attempt }: { attempt: LoadedAttempt }) => {
  const { t } = useTranslation('quizzes');
  const { id = '', materialId = '' } = useParams();
  const material = useMaterial(materialId);
  const [mode, setMode] = useState<'one' | 'all'>('one');
  const questions = attempt.questions;
  const unsent = useUnsentAnswers(attempt.id);
  const { saver, snapshot } = useAnswerSaver(attempt.id, unsent);
  const { answers, change } = useAnswers(attempt, saver, unsent);
  const { submit, submitting, problem } = useAttemptSubmit(attempt, saver, snapshot.status);
  const { left, announcement } = useAttemptClock(attempt, () => void submit('timeUp'));
  const { current, pick, headingRef } = useQuestionPicker(mode);

  const askSubmit = useAskSubmit(questions, answers, submit);

  const card = (i: number) => {
    const q = questions[i]!;
    return (
      <QuestionCard
        key={q.id}
        question={q}
        index={i}
        count={questions.length}
        value={answers[q.id]}
        onChange={(v, kind) => change(q.id, v, kind)}
        headingRef={headingRef(i)}
      />
    );
  };

  return (
    <QuizPageFrame
      title={material.data?.name ?? t('titles.attempt')}
      subtitle={t('attempt.number', { n: attempt.number })}
      back={{ to: material.data ? materialHref(material.data) : paths.classCourses.to(id), label: t('backToQuiz') }}
    >
      <AttemptBar left={left} status={snapshot.status} submitting={submitting} onSubmit={() => void askSubmit()} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="time-announcement">
        {announcement}
      </VisuallyHidden>
      <ErrorText error={snapshot.refused} />
      {problem && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden="true" />}
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {problem}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" align="flex-end">
        <QuestionNavigator questions={questions} answers={answers} current={mode === 'one' ? current : null} onPick={pick} />
        <SegmentedControl
          visibleFrom="sm"
          value={mode}
          onChange={(v) => setMode(v as 'one' | 'all')}
          aria-label={t('attempt.layout')}
          data={[
            { value: 'one', label: t('attempt.oneAtATime') },
            { value: 'all', label: t('attempt.allAtOnce') },
          ]}
        />
      </Group>
      {mode === 'one' ? (
        <Stack gap="sm">
          {card(current)}
          <PagerButtons current={current} count={questions.length} submitting={submitting} onPick={pick} onSubmit={() => void askSubmit()} />
        </Stack>
      ) : (
        <Stack gap="sm">{questions.map((_, i) => card(i))}</Stack>
      )}
    </QuizPageFrame>
  );
};

/**
 * `quiz/:materialId/attempt/:attemptId` (students): the attempt in progress. A reload comes back
 * here with the saved answers; a finished attempt goes to its result.
 */
export function AttemptPage() {
  const { t } = useTranslation('quizzes');
  const { attemptId = '' } = useParams();
  const resultHref = useResultHref();
  const attempt = useAttempt(attemptId);
  if (attempt.isPending) return <PageLoader />;
  if (isApiError(attempt.error) && attempt.error.code === 'ATTEMPT_FINISHED') return <Navigate to={resultHref} replace state={{ notice: 'finished' }} />;
  if (isMissing(attempt.error)) return <Navigate to={paths.notFound.to()} replace />;
  if (attempt.isError) return <ErrorText error={attempt.error} />;
  if (attempt.data.status === 'submitted') return <Navigate to={resultHref} replace state={{ notice: 'finished' }} />;
  if (attempt.data.questions.length === 0) return <Alert color="gray">{t('attempt.noQuestions')}</Alert>;
  return <AttemptView key={attempt.data.id} attempt={attempt.data} />;
}
