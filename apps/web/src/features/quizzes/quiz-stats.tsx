import { Badge, Group, List, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuizStats } from '@klase/core/quizzes/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { formatPoints, htmlExcerpt } from './quiz-labels.ts';
import { useQuizStats } from './quizzes-api.ts';

type Row = QuizStats['questions'][number];

const QuestionStat = ({ row }: { row: Row }) => {
  const { t } = useTranslation('quizzes');
  const percent = row.correctShare === null ? null : Math.round(row.correctShare * 100);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="li" data-testid="question-stat">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h5">
              {t('attempt.questionN', { n: row.position })}
            </Title>
            <Badge variant="filled" color="gray.8" c="white" tt="none">
              {t(`types.${row.type}`)}
            </Badge>
          </Group>
          <Text size="sm">{t('stats.answered', { count: row.answered })}</Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {htmlExcerpt(row.prompt, 200) || t('questions.mediaOnly')}
        </Text>
        {percent === null ? (
          <Text size="sm">{t('stats.noShare')}</Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('stats.correctShare', { percent })}
            </Text>
            <Progress value={percent} color="teal.9" size="lg" aria-label={t('stats.correctBar', { n: row.position, percent })} />
          </Stack>
        )}
        <Text size="sm">
          {t('stats.average', { average: row.averagePoints === null ? '- -' : formatPoints(row.averagePoints), points: formatPoints(row.points) })}
        </Text>
        {row.commonWrong.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={700}>
              {t('stats.commonWrong')}
            </Text>
            <List size="sm" spacing={2}>
              {row.commonWrong.map((w) => (
                <List.Item key={w.text} style={{ overflowWrap: 'anywhere' }}>
                  {t('stats.wrongItem', { text: w.text, count: w.count })}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};

/** The Statistics tab: per question, over submitted attempts, how it went. */
export const QuizStatsTab = ({ materialId }: { materialId: string }) => {
  const { t } = useTranslation('quizzes');
  const stats = useQuizStats(materialId);
  if (stats.isPending) return <Skeleton height={200} aria-busy="true" />;
  if (stats.isError) return <ErrorText error={stats.error} />;
  if (stats.data.questions.length === 0) return <EmptyState text={t('questions.empty')} />;
  return (
    <Stack gap="sm">
      <Text>{t('stats.attempts', { count: stats.data.attempts })}</Text>
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('stats.listLabel')}>
        {stats.data.questions.map((row) => (
          <QuestionStat key={row.questionId} row={row} />
        ))}
      </Stack>
    </Stack>
  );
};
