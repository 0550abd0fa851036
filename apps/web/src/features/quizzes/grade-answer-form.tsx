import { Button, Group, NumberInput, Paper, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { manualGradeRequest } from '@klase/core/quizzes/contracts';
import { toastGradeSaved } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { quizKeys, gradeAnswerCall } from './quizzes-api.ts';

interface GradeValues {
  points: number | string;
  feedback: string;
}

const CODE_FIELDS = { GRADE_OVER_MAX: 'points' };

/**
 * The teacher's grade of one answer (an essay waiting for them, or a change of any answer's
 * points): points up to the question's maximum and feedback. Saving regrades the attempt and the
 * student's combined grade on the server.
 */
export const GradeAnswerForm = ({
  attemptId,
  questionId,
  max,
  points,
  feedback,
  materialId,
  n,
}: {
  attemptId: string;
  questionId: string;
  max: number;
  points: number | null;
  feedback: string | null;
  materialId: string;
  /** The question's number (names the fields). */
  n: number;
}) => {
  const { t } = useTranslation(['quizzes', 'validation']);
  const queryClient = useQueryClient();
  const zodValidate = useZodValidate<{ points: number; feedback: string }>(manualGradeRequest);
  const form = useForm<GradeValues>({
    mode: 'controlled',
    initialValues: { points: points ?? '', feedback: feedback ?? '' },
    validate: (values) => {
      const pointsValue = typeof values.points === 'number' ? values.points : Number.NaN;
      const errors = zodValidate({ points: pointsValue, feedback: values.feedback });
      if (!errors.points && pointsValue > max) errors.points = t('validation:notGreaterThan', { limit: max });
      return errors;
    },
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: CODE_FIELDS, setErrors: form.setErrors });

  const submit = form.onSubmit((values) =>
    save({ title: t('grade.confirmTitle'), message: t('grade.confirm', { n }) }, async () => {
      await gradeAnswerCall(attemptId, questionId, manualGradeRequest.parse({ points: values.points, feedback: values.feedback }));
      form.resetDirty(values);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKeys.result(attemptId) }),
        queryClient.invalidateQueries({ queryKey: quizKeys.quiz(materialId) }),
      ]);
      toastGradeSaved(t('grade.saved'));
    }),
  );

  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <NumberInput
            label={t('grade.points', { n, max })}
            withAsterisk
            allowNegative={false}
            decimalScale={2}
            max={max}
            clampBehavior="none"
            style={{ maxWidth: 220 }}
            {...form.getInputProps('points')}
          />
          <Textarea label={t('grade.feedback', { n })} rows={3} maxLength={5000} {...form.getInputProps('feedback')} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('grade.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
