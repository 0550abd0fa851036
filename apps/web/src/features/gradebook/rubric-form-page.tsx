import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RUBRIC_CRITERIA_MAX, RUBRIC_LEVELS_MAX, rubricForm, rubricMaxPoints } from '@klase/core/gradebook/contracts';
import { type RubricRow } from '@klase/core/gradebook/views';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTone } from '../../components/tones.ts';
import { SaveError } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { setupCalls } from './setup/setup-api.ts';
import { FormFrame, useSetupParams, useSetupSave, WithRecord } from './setup/setup-frame.tsx';
import { num } from './setup/setup-table.tsx';

interface LevelState {
  id?: string;
  label: string;
  points: string;
}
interface CriterionState {
  id?: string;
  title: string;
  levels: LevelState[];
}
interface RubricState {
  name: string;
  criteria: CriterionState[];
}
type Form = UseFormReturnType<RubricState>;

const newLevel = (points: number): LevelState => ({ label: '', points: String(points) });
const newCriterion = (): CriterionState => ({ title: '', levels: [newLevel(0), newLevel(1)] });

const stateOf = (row: RubricRow | null): RubricState =>
  row
    ? {
        name: row.name,
        criteria: row.criteria.map((c) => ({
          id: c.id,
          title: c.title,
          levels: c.levels.map((l) => ({ id: l.id, label: l.label, points: String(l.points) })),
        })),
      }
    : { name: '', criteria: [newCriterion()] };

/** The best total as the teacher types (unreadable points count as 0). */
const liveMax = (s: RubricState) => rubricMaxPoints(s.criteria.map((c) => ({ levels: c.levels.map((l) => ({ points: Number(l.points) || 0 })) })));

const ListError = ({ message }: { message: string | undefined }) => {
  const danger = useTone('danger');
  return message ? (
    <Text role="alert" c={danger} size="sm">
      {message}
    </Text>
  ) : null;
};

const Criterion = ({ form, index }: { form: Form; index: number }) => {
  const { t } = useTranslation('gradeSetup');
  const n = index + 1;
  const criterion = form.values.criteria[index]!;
  return (
    <Paper withBorder p="sm" component="fieldset" style={{ minWidth: 0 }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <TextField
            label={t('rubricForm.criterion', { n })}
            required
            maxLength={200}
            {...form.getInputProps(`criteria.${index}.title`)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Tooltip label={t('rubricForm.removeCriterion', { n })}>
            <ActionIcon
              variant="subtle"
              color="red.9"
              mb={4}
              aria-label={t('rubricForm.removeCriterion', { n })}
              onClick={() => form.removeListItem('criteria', index)}
              disabled={form.values.criteria.length <= 1}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
        <ListError message={form.errors[`criteria.${index}.levels`] as string | undefined} />
        {criterion.levels.map((_, j) => (
          <Group key={j} gap="sm" wrap="nowrap" align="flex-start" pl={{ base: 0, sm: 'md' }}>
            <TextField
              label={t('rubricForm.level', { n, m: j + 1 })}
              required
              maxLength={100}
              {...form.getInputProps(`criteria.${index}.levels.${j}.label`)}
              style={{ flex: '2 1 0', minWidth: 0 }}
            />
            <TextField
              label={t('rubricForm.points')}
              required
              inputMode="decimal"
              {...form.getInputProps(`criteria.${index}.levels.${j}.points`)}
              style={{ flex: '1 1 0', minWidth: 0 }}
            />
            <Tooltip label={t('rubricForm.removeLevel', { n, m: j + 1 })}>
              <ActionIcon
                variant="subtle"
                color="red.9"
                mt={28}
                aria-label={t('rubricForm.removeLevel', { n, m: j + 1 })}
                onClick={() => form.removeListItem(`criteria.${index}.levels`, j)}
                disabled={criterion.levels.length <= 1}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={criterion.levels.length >= RUBRIC_LEVELS_MAX}
          onClick={() => form.insertListItem(`criteria.${index}.levels`, newLevel(criterion.levels.length))}
        >
          {t('rubricForm.addLevel', { n })}
        </Button>
      </Stack>
    </Paper>
  );
};

const RubricForm = ({ row }: { row: RubricRow | null }) => {
  const { t } = useTranslation('gradeSetup');
  const validate = useZodValidate<RubricState>(rubricForm);
  const form = useForm<RubricState>({ initialValues: stateOf(row), validate });
  const flow = useSetupSave({ back: 'rubrics', dirty: form.isDirty(), setErrors: form.setErrors });
  const submit = form.onSubmit((values) =>
    flow.run(
      { title: t(row ? 'titles.editRubric' : 'titles.createRubric'), message: t('form.confirmSave', { name: values.name.trim() }) },
      (overwrite) => setupCalls.save(flow.courseId, 'rubrics', row?.id ?? null, { ...rubricForm.parse(values), version: row?.version, overwrite }),
      t('rubricForm.saved'),
    ),
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={flow.error} />
          {row && row.usedBy > 0 && <Text size="sm">{t('rubricForm.inUse', { count: row.usedBy })}</Text>}
          <TextField label={t('form.name')} required maxLength={100} {...form.getInputProps('name')} />
          <Title order={3} size="h5">
            {t('rubricForm.criteria')}
          </Title>
          <ListError message={form.errors.criteria as string | undefined} />
          {form.values.criteria.map((_, i) => (
            <Criterion key={i} form={form} index={i} />
          ))}
          <Button
            variant="default"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={form.values.criteria.length >= RUBRIC_CRITERIA_MAX}
            onClick={() => form.insertListItem('criteria', newCriterion())}
          >
            {t('rubricForm.addCriterion')}
          </Button>
          <Text fw={700} aria-live="polite" data-testid="rubric-max">
            {t('rubricForm.max', { points: num(liveMax(form.values)) })}
          </Text>
          <FormActions onCancel={flow.cancel} busy={flow.busy} />
        </Stack>
      </form>
    </Paper>
  );
};

/** `rubrics/create`. */
export const RubricCreatePage = () => {
  const { t } = useTranslation('gradeSetup');
  return (
    <FormFrame back="rubrics" title={t('titles.createRubric')}>
      <RubricForm row={null} />
    </FormFrame>
  );
};

/** `rubrics/:rubricId/edit`: levels keep their ids, so grades given with the rubric stay valid. */
export const RubricEditPage = () => {
  const { t } = useTranslation('gradeSetup');
  const { rubricId } = useSetupParams();
  return (
    <FormFrame back="rubrics" title={t('titles.editRubric')}>
      <WithRecord find={(setup) => setup.rubrics.find((r) => r.id === rubricId)}>{(row) => <RubricForm key={row.id} row={row} />}</WithRecord>
    </FormFrame>
  );
};
