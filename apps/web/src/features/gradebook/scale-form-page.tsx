import { Badge, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { parseScaleValues, scaleForm, type ScaleFormInput } from '@klase/core/gradebook/contracts';
import { type ScaleRow } from '@klase/core/gradebook/views';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { SaveError } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { setupCalls } from './setup/setup-api.ts';
import { FormFrame, useSetupParams, useSetupSave, WithRecord } from './setup/setup-frame.tsx';

/** The words of the scale as typed, worst first, with the grades they stand for (1..k). */
const ScalePreview = ({ values }: { values: string }) => {
  const { t } = useTranslation('gradeSetup');
  const words = parseScaleValues(values);
  return (
    <Stack gap={4} aria-live="polite" data-testid="scale-preview">
      <Text size="sm" fw={700}>
        {t('scaleForm.preview')}
      </Text>
      {words.length === 0 ? (
        <Text size="sm">{t('scaleForm.previewEmpty')}</Text>
      ) : (
        <>
          <Group gap={6}>
            {words.map((w, i) => (
              <Badge key={`${i}-${w}`} variant="filled" color="gray.8" c="white" tt="none">
                {`${i + 1} = ${w}`}
              </Badge>
            ))}
          </Group>
          <Text size="sm">{t('scaleForm.range', { min: 1, max: words.length })}</Text>
        </>
      )}
    </Stack>
  );
};

const ScaleForm = ({ row }: { row: ScaleRow | null }) => {
  const { t } = useTranslation('gradeSetup');
  const validate = useZodValidate<ScaleFormInput>(scaleForm);
  const form = useForm<ScaleFormInput>({
    initialValues: { name: row?.name ?? '', values: row?.values.join(', ') ?? '', description: row?.description ?? '' },
    validate,
  });
  const flow = useSetupSave({ back: 'scales', dirty: form.isDirty(), setErrors: form.setErrors });
  const submit = form.onSubmit((values) =>
    flow.run(
      { title: t(row ? 'titles.editScale' : 'titles.addScale'), message: t('form.confirmSave', { name: values.name.trim() }) },
      (overwrite) => setupCalls.save(flow.courseId, 'scales', row?.id ?? null, { ...scaleForm.parse(values), version: row?.version, overwrite }),
      t('scaleForm.saved'),
    ),
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={flow.error} />
          {row && row.usedBy > 0 && <Text size="sm">{t('scaleForm.inUse', { count: row.usedBy })}</Text>}
          <TextField label={t('form.name')} required maxLength={100} {...form.getInputProps('name')} />
          <Textarea label={t('scaleForm.values')} description={t('scaleForm.valuesHint')} withAsterisk rows={3} {...form.getInputProps('values')} />
          <ScalePreview values={form.values.values} />
          <Textarea label={t('scaleForm.description')} rows={3} maxLength={500} {...form.getInputProps('description')} />
          <FormActions onCancel={flow.cancel} busy={flow.busy} />
        </Stack>
      </form>
    </Paper>
  );
};

/** `grade-setup/scales/add-scale`: a custom scale of the course. */
export const ScaleAddPage = () => {
  const { t } = useTranslation('gradeSetup');
  return (
    <FormFrame back="scales" title={t('titles.addScale')}>
      <ScaleForm row={null} />
    </FormFrame>
  );
};

/** `scales/:scaleId/edit`: a custom scale (standard ones are the school's). */
export const ScaleEditPage = () => {
  const { t } = useTranslation('gradeSetup');
  const { scaleId } = useSetupParams();
  return (
    <FormFrame back="scales" title={t('titles.editScale')}>
      <WithRecord find={(setup) => setup.scales.find((s) => s.id === scaleId && s.canEdit)}>{(row) => <ScaleForm key={row.id} row={row} />}</WithRecord>
    </FormFrame>
  );
};
