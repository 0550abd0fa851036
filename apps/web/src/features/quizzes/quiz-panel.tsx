import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconEye, IconListCheck, IconPlayerPlay, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { percentOf } from '@klase/core/quizzes/grading';
import { attemptsLeft, quizWindow } from '@klase/core/quizzes/quiz-settings';
import type { AttemptSummary, QuizOverview, QuizSettingsAnswer } from '@klase/core/quizzes/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { ROLE } from '@klase/core/roles';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { DateText } from '../../components/date-text.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { PassBadge, PendingBadge } from './quiz-badges.tsx';
import { formatPoints, scoreText } from './quiz-labels.ts';
import { quizKeys, startAttemptCall, useQuizOverview, useQuizSettings } from './quizzes-api.ts';

export interface QuizPanelProps {
  material: MaterialDetails;
  classId: string;
  courseId: string;
  /** The teacher's preview of the student's page: shown, but nothing can be started. */
  studentMode?: boolean;
}

const ALERT_TEXT = { styles: { message: { color: 'var(--mantine-color-text)' } } } as const;

const WindowBadge = ({ window }: { window: QuizOverview['window'] }) => {
  const { t } = useTranslation('quizzes');
  return (
    <Badge variant="filled" color={window === 'open' ? 'teal.9' : 'gray.7'} c="white" tt="none">
      {t(`panel.window.${window}`)}
    </Badge>
  );
};

/** The settings a student (or parent) reads before starting. */
const QuizFacts = ({ quiz }: { quiz: QuizOverview }) => {
  const { t } = useTranslation('quizzes');
  const used = quiz.attempts.length;
  return (
    <DetailList
      items={[
        { label: t('panel.status'), value: <WindowBadge window={quiz.window} /> },
        { label: t('panel.questions'), value: t('panel.questionsValue', { count: quiz.questionCount, points: formatPoints(quiz.totalPoints) }) },
        { label: t('panel.opens'), value: quiz.openAt ? <DateText value={quiz.openAt} /> : t('panel.openNow') },
        { label: t('panel.closes'), value: quiz.closeAt ? <DateText value={quiz.closeAt} /> : t('panel.noClose') },
        { label: t('panel.timeLimit'), value: quiz.timeLimitMinutes ? t('panel.minutes', { count: quiz.timeLimitMinutes }) : t('panel.noTimeLimit') },
        {
          label: t('panel.attempts'),
          value:
            quiz.attemptsAllowed === null
              ? t('panel.attemptsUnlimited', { count: used })
              : t('panel.attemptsLimited', { used, allowed: quiz.attemptsAllowed, left: quiz.attemptsLeft ?? 0 }),
        },
        { label: t('panel.gradingMethod'), value: t(`gradingMethods.${quiz.gradingMethod}`) },
        { label: t('panel.passing'), value: `${quiz.passingPercent}%` },
      ]}
    />
  );
};

const AttemptLine = ({ attempt, resultHref, continueHref }: { attempt: AttemptSummary; resultHref: string; continueHref: string | null }) => {
  const { t } = useTranslation('quizzes');
  return (
    <Paper withBorder p="xs" component="li">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text fw={500}>{t('panel.attemptN', { n: attempt.number })}</Text>
          <Text size="sm">
            {attempt.submittedAt ? <DateText value={attempt.submittedAt} /> : t('panel.inProgress')}
            {attempt.autoSubmitted && ` · ${t('panel.autoSubmitted')}`}
          </Text>
        </Stack>
        <Group gap="xs">
          {attempt.status === 'submitted' && attempt.pending && <PendingBadge label={t('panel.waiting')} />}
          {attempt.status === 'submitted' && attempt.score !== null && attempt.maxScore !== null && (
            <Text fw={700}>{scoreText(attempt.score, attempt.maxScore)}</Text>
          )}
          {attempt.status === 'submitted' ? (
            <Anchor component={Link} to={resultHref} size="sm" aria-label={t('panel.seeResultOf', { n: attempt.number })}>
              {t('panel.seeResult')}
            </Anchor>
          ) : (
            continueHref && (
              <Anchor component={Link} to={continueHref} size="sm">
                {t('panel.continue')}
              </Anchor>
            )
          )}
        </Group>
      </Group>
    </Paper>
  );
};

/** Why a student cannot start now (nothing when they can). */
const useBlockedReason = (quiz: QuizOverview): string | null => {
  const { t } = useTranslation('quizzes');
  if (quiz.inProgressAttemptId || quiz.can.start) return null;
  if (quiz.questionCount === 0) return t('panel.blocked.noQuestions');
  if (quiz.window === 'notOpen') return t('panel.blocked.notOpen');
  if (quiz.window === 'closed') return t('panel.blocked.closed');
  if (quiz.attemptsLeft === 0) return t('panel.blocked.noAttempts');
  return t('panel.blocked.other');
};

interface StudentQuizProps {
  quiz: QuizOverview;
  classId: string;
  courseId: string;
  /** Parents read their child's page; the preview shows the page without acting. */
  mode: 'student' | 'parent' | 'preview';
  onStartFailed?: () => void;
}

/** The quiz as a student sees it: the facts, the grade, past attempts and Start or Continue. */
const StudentQuiz = ({ quiz, classId, courseId, mode, onStartFailed }: StudentQuizProps) => {
  const { t } = useTranslation('quizzes');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const blocked = useBlockedReason(quiz);
  const attemptHref = (attemptId: string) => paths.classQuizAttempt.to(classId, courseId, quiz.materialId, attemptId);
  const resultHref = (attemptId: string) => paths.classQuizAttemptResult.to(classId, courseId, quiz.materialId, attemptId);
  const acting = mode === 'student';

  const start = async () => {
    const notes = [
      ...(quiz.timeLimitMinutes ? [t('panel.startTimed', { count: quiz.timeLimitMinutes })] : []),
      ...(quiz.attemptsLeft !== null ? [t('panel.startUsesAttempt', { count: quiz.attemptsLeft })] : []),
    ];
    if (notes.length && !(await confirm({ title: t('panel.startTitle'), message: notes.join(' '), confirmLabel: t('panel.start') }))) return;
    setBusy(true);
    setError(null);
    try {
      const attempt = await startAttemptCall(quiz.materialId);
      void navigate(attemptHref(attempt.id));
    } catch (e) {
      setError(e);
      setBusy(false);
      onStartFailed?.();
    }
  };

  return (
    <Stack gap="md" data-testid="quiz-panel" data-mode={mode}>
      {mode === 'preview' && (
        <Alert color="violet" variant="light" icon={<IconEye aria-hidden="true" />} {...ALERT_TEXT}>
          {t('panel.previewNote')}
        </Alert>
      )}
      <QuizFacts quiz={quiz} />
      {quiz.grade !== null && (
        <Group gap="sm" data-testid="quiz-grade">
          <Text fw={700}>{t(mode === 'parent' ? 'panel.childGrade' : 'panel.yourGrade')}</Text>
          <Text fw={700}>{`${scoreText(quiz.grade, quiz.maxPoints)} (${formatPoints(percentOf(quiz.grade, quiz.maxPoints))}%)`}</Text>
          <PassBadge passed={quiz.passed} />
        </Group>
      )}
      {quiz.attempts.length > 0 && (
        <Stack gap="xs">
          <Title order={4} size="h5">
            {t('panel.pastAttempts')}
          </Title>
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {quiz.attempts.map((a) => (
              <AttemptLine key={a.id} attempt={a} resultHref={resultHref(a.id)} continueHref={acting && a.status === 'inProgress' ? attemptHref(a.id) : null} />
            ))}
          </Stack>
        </Stack>
      )}
      {mode !== 'parent' && (
        <Stack gap="xs">
          {quiz.inProgressAttemptId ? (
            <Button component={Link} to={attemptHref(quiz.inProgressAttemptId)} leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} w="fit-content">
              {t('panel.continueAttempt')}
            </Button>
          ) : (
            <Button
              onClick={() => void start()}
              loading={busy}
              disabled={!acting || !quiz.can.start}
              leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
              w="fit-content"
            >
              {t('panel.start')}
            </Button>
          )}
          {blocked && mode === 'student' && <Text size="sm">{blocked}</Text>}
          <ErrorText error={error} />
        </Stack>
      )}
    </Stack>
  );
};

/** The student's page as the teacher's preview shows it: from the settings, with no attempts. */
const previewOf = (material: MaterialDetails, s: QuizSettingsAnswer, now: Date): QuizOverview => ({
  materialId: material.id,
  name: material.name,
  instructions: material.instructions,
  openAt: s.openAt,
  closeAt: s.closeAt,
  timeLimitMinutes: s.timeLimitMinutes,
  attemptsAllowed: s.attemptsAllowed,
  attemptsLeft: attemptsLeft(s, 0),
  gradingMethod: s.gradingMethod,
  passingPercent: s.passingPercent,
  questionCount: s.questionCount,
  totalPoints: s.totalPoints,
  maxPoints: s.maxPoints,
  window: quizWindow(s, now),
  inProgressAttemptId: null,
  attempts: [],
  grade: null,
  passed: null,
  can: { start: false },
});

const Loading = ({ error }: { error: unknown }) => (error ? <ErrorText error={error} /> : <Skeleton height={160} aria-busy="true" />);

const StaffQuiz = ({ material, classId, courseId, teacher }: { material: MaterialDetails; classId: string; courseId: string; teacher: boolean }) => {
  const { t } = useTranslation('quizzes');
  const settings = useQuizSettings(material.id);
  if (!settings.data) return <Loading error={settings.error} />;
  const s = settings.data;
  return (
    <Stack gap="md" data-testid="quiz-panel" data-mode="staff">
      <DetailList
        items={[
          { label: t('panel.questions'), value: t('panel.questionsValue', { count: s.questionCount, points: formatPoints(s.totalPoints) }) },
          { label: t('panel.attemptsMade'), value: String(s.attemptCount) },
          { label: t('panel.opens'), value: s.openAt ? <DateText value={s.openAt} /> : t('panel.openNow') },
          { label: t('panel.closes'), value: s.closeAt ? <DateText value={s.closeAt} /> : t('panel.noClose') },
          { label: t('panel.timeLimit'), value: s.timeLimitMinutes ? t('panel.minutes', { count: s.timeLimitMinutes }) : t('panel.noTimeLimit') },
        ]}
      />
      <Group gap="xs">
        {teacher && (
          <>
            <Button
              component={Link}
              to={paths.classQuizSettings.to(classId, courseId, material.id)}
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden="true" />}
            >
              {t('panel.settings')}
            </Button>
            <Button
              component={Link}
              to={paths.classQuizSettings.to(classId, courseId, material.id, 'questions')}
              variant="default"
              leftSection={<IconListCheck size={16} aria-hidden="true" />}
            >
              {t('panel.questionsButton')}
            </Button>
          </>
        )}
        <Button component={Link} to={paths.classQuizResults.to(classId, courseId, material.id)} leftSection={<IconChartBar size={16} aria-hidden="true" />}>
          {t('panel.results')}
        </Button>
      </Group>
    </Stack>
  );
};

const PreviewQuiz = ({ material, classId, courseId }: { material: MaterialDetails; classId: string; courseId: string }) => {
  const settings = useQuizSettings(material.id);
  // The quiz's window as of when the settings arrived (no clock read while rendering).
  if (!settings.data) return <Loading error={settings.error} />;
  return <StudentQuiz quiz={previewOf(material, settings.data, new Date(settings.dataUpdatedAt))} classId={classId} courseId={courseId} mode="preview" />;
};

const LearnerQuiz = ({ material, classId, courseId, childId }: { material: MaterialDetails; classId: string; courseId: string; childId: string | null }) => {
  const queryClient = useQueryClient();
  const parent = childId !== null;
  const overview = useQuizOverview(material.id, childId);
  if (!overview.data) return <Loading error={overview.error} />;
  return (
    <StudentQuiz
      quiz={overview.data}
      classId={classId}
      courseId={courseId}
      mode={parent ? 'parent' : 'student'}
      onStartFailed={() => void queryClient.invalidateQueries({ queryKey: quizKeys.overview(material.id, childId) })}
    />
  );
};

/**
 * The quiz inside the material viewer, by who is looking: a student's page (facts, grade, past
 * attempts, Start or Continue), a parent's read-only view of the selected child's, the staff's
 * summary with Settings, Questions and Results, or the teacher's disabled preview (student mode).
 */
export const QuizPanel = ({ material, classId, courseId, studentMode = false }: QuizPanelProps) => {
  const { t } = useTranslation('quizzes');
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const childId = useSession((s) => s.selectedChildId);
  if (studentMode) return <PreviewQuiz material={material} classId={classId} courseId={courseId} />;
  if (roleId === ROLE.student) return <LearnerQuiz material={material} classId={classId} courseId={courseId} childId={null} />;
  if (roleId === ROLE.parent)
    return childId ? <LearnerQuiz material={material} classId={classId} courseId={courseId} childId={childId} /> : <Text>{t('panel.chooseChild')}</Text>;
  if (roleId === ROLE.teacher || roleId === ROLE.assistantTeacher)
    return <StaffQuiz material={material} classId={classId} courseId={courseId} teacher={roleId === ROLE.teacher} />;
  return null;
};
