import { Alert, Fieldset, Group, NativeSelect, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GRADING_METHODS } from '@klase/core/quizzes/grading';
import { ATTEMPTS_MAX, REVIEW_OPTIONS, SHOW_ANSWERS, TIME_LIMIT_MAX, quizSettingsForm, type QuizSettingsForm } from '@klase/core/quizzes/quiz-settings';
import type { QuizSettingsAnswer } from '@klase/core/quizzes/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useTone } from '../../components/tones.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { stateFromSettings, stateToSettings, toSettingsErrors, type QuizSettingsState } from './quiz-settings-values.ts';
import { quizKeys, saveSettingsCall, useInvalidateQuiz } from './quizzes-api.ts';

type Form = UseFormReturnType<QuizSettingsState>;

const DateTimeRow = ({
  form,
  date,
  time,
  labels,
  hint,
}: {
  form: Form;
  date: 'openDate' | 'closeDate';
  time: 'openTime' | 'closeTime';
  labels: [string, string];
  hint: string;
}) => {
  const muted = useTone('muted');
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextField label={labels[0]} dateMask {...form.getInputProps(date)} style={{ flex: '1 1 180px', minWidth: 0 }} />
        <TextField label={labels[1]} timeMask {...form.getInputProps(time)} style={{ flex: '1 1 140px', minWidth: 0 }} />
      </Group>
      <Text size="xs" c={muted}>
        {hint}
      </Text>
    </Stack>
  );
};

/** The time limit and the number of attempts (empty for none). */
const AttemptLimits = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  const noLimit = t('settings.emptyForNone');
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <NumberInput
        label={t('settings.timeLimit')}
        description={noLimit}
        allowDecimal={false}
        allowNegative={false}
        max={TIME_LIMIT_MAX}
        clampBehavior="none"
        style={{ flex: '1 1 180px' }}
        {...form.getInputProps('timeLimitMinutes')}
      />
      <NumberInput
        label={t('settings.attempts')}
        description={noLimit}
        allowDecimal={false}
        allowNegative={false}
        max={ATTEMPTS_MAX}
        clampBehavior="none"
        style={{ flex: '1 1 180px' }}
        {...form.getInputProps('attemptsAllowed')}
      />
    </Group>
  );
};

/** The review options: what students see of a finished attempt, and when. */
const ReviewOptions = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  return (
    <Fieldset legend={t('settings.review')} variant="unstyled">
      <Text size="sm" c="dimmed" mb="xs">
        {t('settings.reviewHint')}
      </Text>
      <Group gap="md" align="flex-start">
        {REVIEW_OPTIONS.map((option) => (
          <NativeSelect
            key={option}
            label={t(`settings.${option}`)}
            data={SHOW_ANSWERS.map((s) => ({ value: s, label: t(`showAnswers.${s}`) }))}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
            {...form.getInputProps(option)}
          />
        ))}
      </Group>
    </Fieldset>
  );
};

/**
 * The Settings tab of `quiz-settings`: when the quiz opens and closes, the time limit, attempts
 * and how they combine, shuffling, when students see the answers and the passing grade. Checked
 * with the shared `quizSettingsForm` (a close time before the open time is refused) before saving;
 * saving asks first, leaving with changes asks first.
 */
export const QuizSettingsFormView = ({ materialId, settings, onCancel }: { materialId: string; settings: QuizSettingsAnswer; onCancel: () => void }) => {
  const { t } = useTranslation('quizzes');
  const queryClient = useQueryClient();
  const invalidate = useInvalidateQuiz(materialId);
  const zodValidate = useZodValidate<QuizSettingsForm>(quizSettingsForm);
  const form = useForm<QuizSettingsState>({
    mode: 'controlled',
    initialValues: stateFromSettings(settings),
    validate: (values) => toSettingsErrors(zodValidate(stateToSettings(values))),
  });
  const { busy, error, save } = useConfirmedSave({
    codeFields: {},
    setErrors: (errors) => form.setErrors(toSettingsErrors(errors)),
    onReload: () => queryClient.invalidateQueries({ queryKey: quizKeys.settings(materialId) }),
  });
  useLeaveGuard(() => form.isDirty());

  const submit = form.onSubmit((values) =>
    save({ title: t('settings.confirmTitle'), message: t('settings.confirm') }, async (overwrite) => {
      const answer = await saveSettingsCall(materialId, { ...quizSettingsForm.parse(stateToSettings(values)), version: settings.version, overwrite });
      queryClient.setQueryData(quizKeys.settings(materialId), answer);
      form.setInitialValues(values);
      form.resetDirty(values);
      await invalidate();
      toastSuccess(t('settings.saved'));
    }),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SaveError error={error} />
          {settings.attemptCount > 0 && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
              {t('settings.hasAttempts', { count: settings.attemptCount })}
            </Alert>
          )}
          <DateTimeRow form={form} date="openDate" time="openTime" labels={[t('settings.openDate'), t('settings.openTime')]} hint={t('settings.openHint')} />
          <DateTimeRow
            form={form}
            date="closeDate"
            time="closeTime"
            labels={[t('settings.closeDate'), t('settings.closeTime')]}
            hint={t('settings.closeHint')}
          />
          <AttemptLimits form={form} />
          <NativeSelect
            label={t('settings.gradingMethod')}
            description={t('settings.gradingMethodHint')}
            data={GRADING_METHODS.map((m) => ({ value: m, label: t(`gradingMethods.${m}`) }))}
            style={{ maxWidth: 360 }}
            {...form.getInputProps('gradingMethod')}
          />
          <Switch label={t('settings.shuffleQuestions')} {...form.getInputProps('shuffleQuestions', { type: 'checkbox' })} />
          <Switch
            label={t('settings.shuffleChoices')}
            description={t('settings.shuffleChoicesHint')}
            {...form.getInputProps('shuffleChoices', { type: 'checkbox' })}
          />
          <ReviewOptions form={form} />
          <NumberInput
            label={t('settings.passingPercent')}
            withAsterisk
            allowDecimal={false}
            allowNegative={false}
            max={100}
            clampBehavior="none"
            suffix="%"
            style={{ maxWidth: 200 }}
            {...form.getInputProps('passingPercent')}
          />
          <FormActions onCancel={onCancel} busy={busy} />
        </Stack>
      </form>
    </Paper>
  );
};
