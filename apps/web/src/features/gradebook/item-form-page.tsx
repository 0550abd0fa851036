import { Checkbox, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GRADE_TYPES, gradeItemForm } from '@klase/core/gradebook/contracts';
import { type GradebookSetupView, type GradeItemRow } from '@klase/core/gradebook/views';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { SaveError } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { joinDateTime, splitDateTime } from '../../lib/date-time-fields.ts';
import { CommonFields, commonFromRow, commonToBody, DateTimeFields, toFormErrors, type CommonState } from './setup/common-fields.tsx';
import { setupCalls } from './setup/setup-api.ts';
import { FormFrame, useSetupParams, useSetupSave, WithRecord, WithSetup } from './setup/setup-frame.tsx';

interface ItemState extends CommonState {
  name: string;
  categoryId: string;
  gradeType: string;
  maxGrade: string;
  minGrade: string;
  scaleId: string;
  rubricId: string;
  gradingPeriodId: string;
  dueDate: string;
  dueTime: string;
  rescale: boolean;
}

const stateOf = (row: GradeItemRow | null, categoryId: string): ItemState => {
  const due = splitDateTime(row?.dueAt ?? null);
  return {
    name: row?.name ?? '',
    categoryId,
    gradeType: row?.gradeType ?? 'value',
    maxGrade: String(row?.maxGrade ?? 100),
    minGrade: String(row?.minGrade ?? 0),
    scaleId: row?.scaleId ?? '',
    rubricId: row?.rubricId ?? '',
    gradingPeriodId: row?.gradingPeriodId ?? '',
    dueDate: due.date,
    dueTime: due.time,
    rescale: false,
    ...commonFromRow(row),
  };
};

const orNull = (s: string) => (s === '' ? null : s);

const bodyOf = (s: ItemState, rangeChanged: boolean) => ({
  name: s.name,
  categoryId: s.categoryId,
  gradeType: s.gradeType,
  maxGrade: s.maxGrade,
  minGrade: s.minGrade,
  scaleId: s.gradeType === 'scale' ? orNull(s.scaleId) : null,
  rubricId: orNull(s.rubricId),
  gradingPeriodId: orNull(s.gradingPeriodId),
  dueAt: joinDateTime(s.dueDate, s.dueTime, '23:59'),
  rescale: rangeChanged && s.rescale,
  ...commonToBody(s),
});

/** The kind of grade (points, scale, text) with what each needs, and an assignment's rubric. */
const GradeFields = ({
  form,
  setup,
  row,
  fromMaterial,
  rangeChanged,
}: {
  form: UseFormReturnType<ItemState>;
  setup: GradebookSetupView;
  row: GradeItemRow | null;
  fromMaterial: boolean;
  rangeChanged: boolean;
}) => {
  const { t } = useTranslation('gradeSetup');
  const none = { value: '', label: t('form.none') };
  return (
    <>
      <NativeSelect
        label={t('form.gradeType')}
        description={t('form.gradeTypeHint')}
        data={GRADE_TYPES.map((g) => ({ value: g, label: t(`gradeTypes.${g}`) }))}
        {...form.getInputProps('gradeType')}
      />
      {form.values.gradeType === 'value' && (
        <>
          <TextField label={t('form.maxGrade')} required inputMode="decimal" disabled={fromMaterial} {...form.getInputProps('maxGrade')} />
          <TextField label={t('form.minGrade')} required inputMode="decimal" {...form.getInputProps('minGrade')} />
          {rangeChanged && <Checkbox label={t('form.rescale')} description={t('form.rescaleHint')} {...form.getInputProps('rescale', { type: 'checkbox' })} />}
        </>
      )}
      {form.values.gradeType === 'scale' && (
        <NativeSelect
          label={t('form.scale')}
          withAsterisk
          data={[none, ...setup.scales.map((s) => ({ value: s.id, label: s.name }))]}
          {...form.getInputProps('scaleId')}
        />
      )}
      {row?.source === 'assignment' && (
        <NativeSelect
          label={t('form.rubric')}
          description={t('form.rubricHint')}
          data={[none, ...setup.rubrics.map((r) => ({ value: r.id, label: r.name }))]}
          {...form.getInputProps('rubricId')}
        />
      )}
    </>
  );
};

const ItemForm = ({ setup, row, categoryId }: { setup: GradebookSetupView; row: GradeItemRow | null; categoryId: string }) => {
  const { t } = useTranslation('gradeSetup');
  const validateBody = useZodValidate(gradeItemForm);
  const rangeChangedOf = (s: ItemState) =>
    row !== null && row.materialId === null && (s.maxGrade.trim() !== String(row.maxGrade) || s.minGrade.trim() !== String(row.minGrade));
  const form = useForm<ItemState>({
    initialValues: stateOf(row, categoryId),
    validate: (values) => toFormErrors(validateBody(bodyOf(values, rangeChangedOf(values)))),
  });
  const flow = useSetupSave({ back: 'categories', dirty: form.isDirty(), setErrors: (e) => form.setErrors(toFormErrors(e)) });
  const fromMaterial = row !== null && row.materialId !== null;
  const submit = form.onSubmit((values) =>
    flow.run(
      { title: t(row ? 'titles.editItem' : 'titles.addItem'), message: t('form.confirmSave', { name: values.name.trim() }) },
      (overwrite) =>
        setupCalls.save(flow.courseId, 'items', row?.id ?? null, {
          ...gradeItemForm.parse(bodyOf(values, rangeChangedOf(values))),
          version: row?.version,
          overwrite,
        }),
      t('form.savedItem'),
    ),
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={flow.error} />
          {fromMaterial && <Text size="sm">{t('form.fromMaterial', { source: t(`sources.${row.source}`) })}</Text>}
          <TextField label={t('form.name')} required maxLength={100} disabled={fromMaterial} {...form.getInputProps('name')} />
          <NativeSelect
            label={t('form.category')}
            withAsterisk
            data={setup.categories.map((c) => ({
              value: c.id,
              label: `${'· '.repeat(c.depth)}${c.parentId === null ? t('categories.courseTotal', { name: c.name }) : c.name}`,
            }))}
            {...form.getInputProps('categoryId')}
          />
          <GradeFields form={form} setup={setup} row={row} fromMaterial={fromMaterial} rangeChanged={rangeChangedOf(form.values)} />
          <NativeSelect
            label={t('form.period')}
            description={t('form.periodHint')}
            data={[{ value: '', label: t('form.byDueDate') }, ...setup.periods.map((p) => ({ value: p.id, label: p.name }))]}
            {...form.getInputProps('gradingPeriodId')}
          />
          <DateTimeFields inputProps={form.getInputProps} date="dueDate" time="dueTime" labels={[t('form.dueDate'), t('form.dueTime')]} />
          <CommonFields inputProps={form.getInputProps} weightHint={t('form.weightHint')} />
          <FormActions onCancel={flow.cancel} busy={flow.busy} />
        </Stack>
      </form>
    </Paper>
  );
};

/** `categories/add-item?category=`: a manual grade item (a recitation, a paper test). */
export const ItemAddPage = () => {
  const { t } = useTranslation('gradeSetup');
  const [search] = useSearchParams();
  return (
    <FormFrame back="categories" title={t('titles.addItem')}>
      <WithSetup>
        {(setup) => {
          const asked = setup.categories.find((c) => c.id === search.get('category')) ?? setup.categories.find((c) => c.parentId === null);
          return <ItemForm setup={setup} row={null} categoryId={asked?.id ?? ''} />;
        }}
      </WithSetup>
    </FormFrame>
  );
};

/** `items/:itemId/edit`: any grade item (a material's keeps the material's name and maximum). */
export const ItemEditPage = () => {
  const { t } = useTranslation('gradeSetup');
  const { itemId } = useSetupParams();
  return (
    <FormFrame back="categories" title={t('titles.editItem')}>
      <WithRecord find={(setup) => setup.items.find((i) => i.id === itemId)}>
        {(row, setup) => <ItemForm key={row.id} setup={setup} row={row} categoryId={row.categoryId} />}
      </WithRecord>
    </FormFrame>
  );
};
