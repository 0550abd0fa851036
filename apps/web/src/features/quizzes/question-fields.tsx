import { lazy, Suspense, useId, type ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Group, NumberInput, Radio, Skeleton, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ACCEPTED_MAX,
  ACCEPTED_TEXT_MAX,
  CHOICE_TEXT_MAX,
  CHOICES_MAX,
  GUIDANCE_MAX,
  PAIR_TEXT_MAX,
  PAIRS_MAX,
  POINTS_MAX,
} from '@klase/core/quizzes/questions';
import { useTone } from '../../components/tones.ts';
import { newChoice, newPair, type QuestionEditorState } from './question-editor-values.ts';

type Form = UseFormReturnType<QuestionEditorState>;

/** The editor (tiptap and its styles) loads only when a question is edited. */
const RichTextField = lazy(() => import('../../components/rich-text-editor.tsx').then((m) => ({ default: m.RichTextField })));

/** A field's error under a group of inputs, announced when it appears. */
export const FieldError = ({ error }: { error: unknown }) => {
  const danger = useTone('danger');
  return typeof error === 'string' ? (
    <Text role="alert" size="sm" c={danger}>
      {error}
    </Text>
  ) : null;
};

export const PromptField = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  const error = form.errors.prompt;
  return (
    <Suspense fallback={<Skeleton height={280} role="status" aria-label={t('editor.editorLoading')} />}>
      <RichTextField
        label={t('editor.prompt')}
        value={form.values.prompt}
        onChange={(html) => form.setFieldValue('prompt', html)}
        error={typeof error === 'string' ? error : null}
        stickyOffset={0}
      />
    </Suspense>
  );
};

export const PointsField = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  return (
    <NumberInput
      label={t('editor.points')}
      withAsterisk
      allowNegative={false}
      decimalScale={2}
      max={POINTS_MAX}
      clampBehavior="none"
      style={{ maxWidth: 200 }}
      {...form.getInputProps('points')}
    />
  );
};

interface ListRowsProps {
  legend: string;
  count: number;
  max: number;
  /** Error of the list itself ("add at least 2"). */
  error: unknown;
  addLabel: string;
  onAdd: () => void;
  removeLabel: (i: number) => string;
  onRemove: (i: number) => void;
  row: (i: number) => ReactNode;
  /** Under the rows, before the add button (e.g. the error of the marked answers). */
  footer?: ReactNode;
}

/** Rows the teacher adds and removes (choices, accepted answers, pairs), in a named group. */
const ListRows = ({ legend, count, max, error, addLabel, onAdd, removeLabel, onRemove, row, footer }: ListRowsProps) => (
  <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
    <Text component="legend" fw={500} size="sm" mb={4}>
      {legend}
    </Text>
    {Array.from({ length: count }, (_, i) => (
      <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
        <Group gap="xs" align="flex-start" style={{ flex: 1, minWidth: 0 }} wrap="wrap">
          {row(i)}
        </Group>
        <ActionIcon variant="subtle" color="red.9" size="lg" mt={24} aria-label={removeLabel(i)} onClick={() => onRemove(i)}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    ))}
    <FieldError error={error} />
    {footer}
    <Button variant="default" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd} disabled={count >= max} w="fit-content">
      {addLabel}
    </Button>
  </Stack>
);

const MultipleChoiceFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  const group = useId();
  const { choices, correct, multiple } = form.values;
  const mark = (id: string, on: boolean) => {
    form.setFieldValue('correct', multiple ? (on ? [...correct, id] : correct.filter((c) => c !== id)) : on ? [id] : []);
    form.clearFieldError('correct');
  };
  return (
    <>
      <Switch
        label={t('editor.multiple')}
        description={t('editor.multipleHint')}
        checked={multiple}
        onChange={(e) => form.setFieldValue('multiple', e.currentTarget.checked)}
      />
      <ListRows
        legend={t(multiple ? 'editor.choicesMultiple' : 'editor.choicesSingle')}
        count={choices.length}
        max={CHOICES_MAX}
        error={form.errors.choices}
        addLabel={t('editor.addChoice')}
        onAdd={() => form.insertListItem('choices', newChoice())}
        removeLabel={(i) => t('editor.removeChoice', { n: i + 1 })}
        onRemove={(i) => form.removeListItem('choices', i)}
        footer={<FieldError error={form.errors.correct} />}
        row={(i) => {
          const choice = choices[i]!;
          const label = t('editor.choiceCorrect', { n: i + 1 });
          const props = { mt: 32, 'aria-label': label, onChange: (e: { currentTarget: HTMLInputElement }) => mark(choice.id, e.currentTarget.checked) };
          return (
            <>
              {multiple ? (
                <Checkbox checked={correct.includes(choice.id)} {...props} />
              ) : (
                // With two marked (after turning "several" off) none shows: the teacher picks one again.
                <Radio name={group} value={choice.id} checked={correct.length === 1 && correct[0] === choice.id} {...props} />
              )}
              <TextInput
                label={t('editor.choice', { n: i + 1 })}
                maxLength={CHOICE_TEXT_MAX}
                style={{ flex: 1, minWidth: 160 }}
                {...form.getInputProps(`choices.${i}.text`)}
              />
            </>
          );
        }}
      />
    </>
  );
};

const TrueFalseFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  return (
    <Radio.Group label={t('editor.correctAnswer')} withAsterisk {...form.getInputProps('trueFalse')}>
      <Group gap="lg" mt="xs">
        <Radio value="true" label={t('answer.true')} />
        <Radio value="false" label={t('answer.false')} />
      </Group>
    </Radio.Group>
  );
};

const ShortAnswerFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  return (
    <>
      <ListRows
        legend={t('editor.accepted')}
        count={form.values.accepted.length}
        max={ACCEPTED_MAX}
        error={form.errors.accepted}
        addLabel={t('editor.addAccepted')}
        onAdd={() => form.insertListItem('accepted', '')}
        removeLabel={(i) => t('editor.removeAccepted', { n: i + 1 })}
        onRemove={(i) => form.removeListItem('accepted', i)}
        row={(i) => (
          <TextInput
            label={t('editor.acceptedOne', { n: i + 1 })}
            maxLength={ACCEPTED_TEXT_MAX}
            style={{ flex: 1, minWidth: 160 }}
            {...form.getInputProps(`accepted.${i}`)}
          />
        )}
      />
      <Switch label={t('editor.caseSensitive')} description={t('editor.caseSensitiveHint')} {...form.getInputProps('caseSensitive', { type: 'checkbox' })} />
    </>
  );
};

const NumericFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  return (
    <Group gap="sm" align="flex-start">
      <NumberInput label={t('editor.numericAnswer')} withAsterisk decimalScale={10} style={{ flex: '1 1 180px' }} {...form.getInputProps('answer')} />
      <NumberInput
        label={t('editor.tolerance')}
        description={t('editor.toleranceHint')}
        allowNegative={false}
        decimalScale={10}
        style={{ flex: '1 1 180px' }}
        {...form.getInputProps('tolerance')}
      />
    </Group>
  );
};

const MatchingFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  return (
    <ListRows
      legend={t('editor.pairs')}
      count={form.values.pairs.length}
      max={PAIRS_MAX}
      error={form.errors.pairs}
      addLabel={t('editor.addPair')}
      onAdd={() => form.insertListItem('pairs', newPair())}
      removeLabel={(i) => t('editor.removePair', { n: i + 1 })}
      onRemove={(i) => form.removeListItem('pairs', i)}
      row={(i) => (
        <>
          <TextInput
            label={t('editor.left', { n: i + 1 })}
            maxLength={PAIR_TEXT_MAX}
            style={{ flex: '1 1 160px' }}
            {...form.getInputProps(`pairs.${i}.left`)}
          />
          <TextInput
            label={t('editor.right', { n: i + 1 })}
            maxLength={PAIR_TEXT_MAX}
            style={{ flex: '1 1 160px' }}
            {...form.getInputProps(`pairs.${i}.right`)}
          />
        </>
      )}
    />
  );
};

const EssayFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('quizzes');
  return <Textarea label={t('editor.guidance')} description={t('editor.guidanceHint')} rows={3} maxLength={GUIDANCE_MAX} {...form.getInputProps('guidance')} />;
};

/** The answer-key fields of the question's type. */
export const KeyFields = ({ form }: { form: Form }) => {
  switch (form.values.type) {
    case 'multipleChoice':
      return <MultipleChoiceFields form={form} />;
    case 'trueFalse':
      return <TrueFalseFields form={form} />;
    case 'shortAnswer':
      return <ShortAnswerFields form={form} />;
    case 'numeric':
      return <NumericFields form={form} />;
    case 'matching':
      return <MatchingFields form={form} />;
    case 'essay':
      return <EssayFields form={form} />;
  }
};
