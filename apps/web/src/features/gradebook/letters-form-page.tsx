import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { gradeLettersForm } from '@klase/core/gradebook/contracts';
import { type GradebookSettings } from '@klase/core/gradebook/views';
import { DEFAULT_LETTERS } from '@klase/core/gradebook/display';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTone } from '../../components/tones.ts';
import { SaveError } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { setupCalls } from './setup/setup-api.ts';
import { FormFrame, useSetupSave, WithSetup } from './setup/setup-frame.tsx';

interface LetterState {
  letter: string;
  boundary: string;
}
interface LettersState {
  letters: LetterState[];
}

const rowsOf = (letters: readonly { letter: string; boundary: number }[]): LetterState[] =>
  letters.map((l) => ({ letter: l.letter, boundary: String(l.boundary) }));
const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/** The rows as typed: a blank boundary is null (the schema leaves the row out), a non-numeric one NaN (refused). */
const bodyOf = (s: LettersState) => ({
  letters: s.letters.map((r) => ({
    letter: r.letter,
    boundary: r.boundary.trim() === '' ? null : NUMBER.test(r.boundary) ? Number(r.boundary) : Number.NaN,
  })),
});

/** The request: the kept rows, sorted (as the API saves them), or null when they are the defaults. */
const requestOf = (s: LettersState) => {
  const { letters } = gradeLettersForm.parse(bodyOf(s));
  const isDefault =
    letters !== null &&
    letters.length === DEFAULT_LETTERS.length &&
    letters.every((l, i) => l.letter === DEFAULT_LETTERS[i]!.letter && l.boundary === DEFAULT_LETTERS[i]!.boundary);
  return { letters: isDefault ? null : letters };
};

const LettersForm = ({ settings }: { settings: GradebookSettings }) => {
  const { t } = useTranslation('gradeSetup');
  const validateBody = useZodValidate(gradeLettersForm);
  const form = useForm<LettersState>({
    initialValues: { letters: rowsOf(settings.letters) },
    validate: (values) => validateBody(bodyOf(values)),
  });
  const flow = useSetupSave({ back: 'gradeLetters', dirty: form.isDirty(), setErrors: form.setErrors });
  const submit = form.onSubmit((values) =>
    flow.run(
      { title: t('titles.updateLetters'), message: t('lettersForm.confirm') },
      (overwrite) => setupCalls.saveLetters(flow.courseId, { ...requestOf(values), version: settings.version, overwrite }),
      t('lettersForm.saved'),
    ),
  );
  const listError = form.errors.letters;
  const danger = useTone('danger');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={flow.error} />
          <Text size="sm">{t('lettersForm.intro')}</Text>
          {listError && (
            <Text role="alert" c={danger} size="sm">
              {listError}
            </Text>
          )}
          {form.values.letters.map((_, i) => (
            <Group key={i} gap="sm" align="flex-start" wrap="nowrap" data-testid="letter-row">
              <TextField
                label={t('lettersForm.letter', { n: i + 1 })}
                maxLength={20}
                {...form.getInputProps(`letters.${i}.letter`)}
                style={{ flex: '1 1 0', minWidth: 0 }}
              />
              <TextField
                label={t('lettersForm.boundary', { n: i + 1 })}
                inputMode="decimal"
                {...form.getInputProps(`letters.${i}.boundary`)}
                style={{ flex: '1 1 0', minWidth: 0 }}
              />
              <Tooltip label={t('lettersForm.remove', { n: i + 1 })}>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  mt={28}
                  aria-label={t('lettersForm.remove', { n: i + 1 })}
                  onClick={() => form.removeListItem('letters', i)}
                  disabled={form.values.letters.length <= 1}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => form.insertListItem('letters', { letter: '', boundary: '' })}
            >
              {t('lettersForm.add')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRestore size={16} aria-hidden="true" />}
              onClick={() => form.setFieldValue('letters', rowsOf(DEFAULT_LETTERS))}
            >
              {t('lettersForm.restore')}
            </Button>
          </Group>
          <FormActions onCancel={flow.cancel} busy={flow.busy} />
        </Stack>
      </form>
    </Paper>
  );
};

/** `gradeLetters/update`: the letters and the percent each starts at; blank rows are left out and the rest saved highest first. */
export const GradeLettersPage = () => {
  const { t } = useTranslation('gradeSetup');
  return (
    <FormFrame back="gradeLetters" title={t('titles.updateLetters')}>
      <WithSetup>{(setup) => <LettersForm settings={setup.settings} />}</WithSetup>
    </FormFrame>
  );
};
