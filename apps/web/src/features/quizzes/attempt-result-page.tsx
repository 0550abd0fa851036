import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHourglass, IconInfoCircle } from '@tabler/icons-react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { percentOf } from '@klase/core/quizzes/grading';
import type { AttemptResult } from '@klase/core/quizzes/contracts';
import { canOpen } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { DateText } from '../../components/date-text.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { paths } from '../../config/paths.ts';
import { languageTag } from '../../i18n/i18n.ts';
import { useSession } from '../../lib/session-store.ts';
import { GroupLoadState } from '../../components/group-load-state.tsx';
import { RichContent } from '../../components/rich-content.tsx';
import { useMaterial } from '../../api/materials-api.ts';
import { KeyView, StudentAnswer } from './answer-view.tsx';
import type { ResultNotice } from './attempt-state.tsx';
import { GradeAnswerForm } from './grade-answer-form.tsx';
import { PassBadge, PendingBadge } from './quiz-badges.tsx';
import { materialHref, QuizPageFrame } from './quiz-page-frame.tsx';
import { formatPoints, scoreText } from './quiz-labels.ts';
import { useAttemptResult } from './quizzes-api.ts';
import { TONES } from '../../components/tones.ts';

type ResultQuestion = AttemptResult['questions'][number];

/** The filled badge of a partly correct answer (the light warning tone, tones.ts). */
export const PARTLY_CORRECT_BADGE = TONES.light.warning;

const ALERT_TEXT = { styles: { message: { color: 'var(--mantine-color-text)' } } } as const;

/** Correct, partly correct, incorrect or waiting for the teacher (nothing when the quiz does not show correctness). */
const Verdict = ({ row }: { row: ResultQuestion }) => {
  const { t } = useTranslation('quizzes');
  if (row.pending) return <PendingBadge label={t('result.pending')} />;
  if (row.correct === null) return null;
  // Without the points a wrong answer may still have earned some: say only that it is not fully right.
  if (!row.correct && row.points === null)
    return (
      <Badge variant="filled" color="red.9" c="white" tt="none">
        {t('result.notFullyCorrect')}
      </Badge>
    );
  const partly = !row.correct && (row.points ?? 0) > 0;
  // White text: orange.9 reaches only 4.3:1, the warning tone's darker orange 6:1 (theme.test.ts).
  const color = row.correct ? 'teal.9' : partly ? PARTLY_CORRECT_BADGE : 'red.9';
  return (
    <Badge variant="filled" color={color} c="white" tt="none">
      {t(row.correct ? 'result.correct' : partly ? 'result.partlyCorrect' : 'result.incorrect')}
    </Badge>
  );
};

const Summary = ({ result }: { result: AttemptResult }) => {
  const { t } = useTranslation('quizzes');
  const { attempt } = result;
  const score = attempt.score ?? 0;
  const max = attempt.maxScore ?? 0;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group gap="sm" align="center">
          <Text fz={28} fw={700} data-testid="result-score">
            {scoreText(score, max)}
          </Text>
          <Text size="lg">{`${formatPoints(percentOf(score, max))}%`}</Text>
          <PassBadge passed={result.passed} />
        </Group>
        {attempt.pending && (
          <Alert color="violet" variant="light" icon={<IconHourglass aria-hidden="true" />} {...ALERT_TEXT}>
            {t('result.pendingNote')}
          </Alert>
        )}
        <DetailList
          items={[
            { label: t('result.started'), value: <DateText value={attempt.startedAt} /> },
            { label: t('result.submittedAt'), value: <DateText value={attempt.submittedAt} /> },
            // Issue 13: the score scaled to what the quiz is worth (raw / total × maximum points).
            ...(result.grade === null ? [] : [{ label: t('result.grade'), value: scoreText(result.grade, result.maxPoints) }]),
          ]}
        />
        {attempt.autoSubmitted && <Text size="sm">{t('result.autoSubmitted')}</Text>}
      </Stack>
    </Paper>
  );
};

const QuestionResult = ({
  row,
  n,
  staff,
  canGrade,
  attemptId,
  materialId,
}: {
  row: ResultQuestion;
  n: number;
  staff: boolean;
  canGrade: boolean;
  attemptId: string;
  materialId: string;
}) => {
  const { t } = useTranslation('quizzes');
  const q = row.question;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="li" data-testid="result-question">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {t('attempt.questionN', { n })}
          </Title>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {row.pending || row.points === null ? `– / ${formatPoints(row.max)}` : scoreText(row.points, row.max)}
            </Text>
            <Verdict row={row} />
          </Group>
        </Group>
        <RichContent html={q.prompt} label={t('attempt.prompt', { n })} />
        <Stack gap={4}>
          <Text fw={700} size="sm">
            {t(staff ? 'result.studentAnswer' : 'result.yourAnswer')}
          </Text>
          <StudentAnswer question={q} answer={row.answer} label={t('result.answerOf', { n })} />
        </Stack>
        {row.key && (
          <Stack gap={4} data-testid="answer-key">
            <Text fw={700} size="sm">
              {t(row.key.type === 'essay' ? 'result.guidance' : 'result.correctAnswer')}
            </Text>
            <KeyView keyOf={row.key} />
          </Stack>
        )}
        {row.feedback && !(canGrade && q.type === 'essay') && (
          <Stack gap={4}>
            <Text fw={700} size="sm">
              {t('result.feedback')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.feedback}</Text>
          </Stack>
        )}
        {canGrade && q.type === 'essay' && (
          <GradeAnswerForm
            attemptId={attemptId}
            questionId={q.id}
            max={row.max}
            points={row.pending ? null : row.points}
            feedback={row.feedback}
            materialId={materialId}
            n={n}
          />
        )}
      </Stack>
    </Paper>
  );
};

const REVIEW_PARTS = ['correctness', 'points', 'answers', 'feedback'] as const;

/** What the quiz's review options keep from the student now, in one sentence. */
const HiddenParts = ({ review }: { review: AttemptResult['review'] }) => {
  const { t, i18n } = useTranslation('quizzes');
  const hidden = REVIEW_PARTS.filter((p) => !review[p]);
  if (hidden.length === 0) return null;
  const list = new Intl.ListFormat(languageTag(i18n.language), { type: 'conjunction' }).format(hidden.map((p) => t(`result.hiddenPart.${p}`)));
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />} {...ALERT_TEXT}>
      {t('result.partsHidden', { list })}
    </Alert>
  );
};

const ResultBody = ({ result }: { result: AttemptResult }) => {
  const { t } = useTranslation('quizzes');
  const { id = '', courseId = '', materialId = '', attemptId = '' } = useParams();
  const location = useLocation();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const staff = roleId === ROLE.teacher || roleId === ROLE.assistantTeacher;
  const material = useMaterial(materialId);
  const state = location.state as { notice?: ResultNotice; studentName?: string } | null;
  const notice = state?.notice;
  const back = staff
    ? { to: paths.classQuizResults.to(id, courseId, materialId), label: t('backToResults') }
    : { to: material.data ? materialHref(material.data) : paths.classCourse.to(id, courseId), label: t('backToQuiz') };
  const subtitle = [material.data?.name, state?.studentName].filter(Boolean).join(' · ');
  return (
    <QuizPageFrame title={t('result.title', { n: result.attempt.number })} subtitle={subtitle || undefined} back={back}>
      {notice && (
        <Alert color={notice === 'submitted' ? 'teal' : 'blue'} variant="light" role="status" icon={<IconInfoCircle aria-hidden="true" />} {...ALERT_TEXT}>
          {t(`result.notice.${notice}`)}
        </Alert>
      )}
      <Summary result={result} />
      {!staff && <HiddenParts review={result.review} />}
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('result.questions')}>
        {result.questions.map((row, i) => (
          <QuestionResult
            key={row.question.id}
            row={row}
            n={i + 1}
            staff={staff}
            canGrade={canOpen('assessmentGrade', roleId)}
            attemptId={attemptId}
            materialId={materialId}
          />
        ))}
      </Stack>
    </QuizPageFrame>
  );
};

/**
 * `quiz/:materialId/attempt/:attemptId/result`: the score of a submitted attempt and, per
 * question, the answer, its points and (only when the API sends it) the key. The student, their
 * parents and the class's staff read it; teachers grade essays here.
 */
export function AttemptResultPage() {
  const { attemptId = '' } = useParams();
  const result = useAttemptResult(attemptId);
  return <GroupLoadState query={result}>{(r) => <ResultBody result={r} />}</GroupLoadState>;
}
