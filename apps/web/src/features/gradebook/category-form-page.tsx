import { NativeSelect, Paper, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gradeCategoryForm } from '@klase/core/gradebook/contracts';
import { type GradebookSetupView, type GradeCategoryRow } from '@klase/core/gradebook/views';
import { AGGREGATION_METHODS } from '@klase/core/gradebook/types';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { SaveError } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { setupCalls } from './setup/setup-api.ts';
import { CommonFields, commonFromRow, commonToBody, toFormErrors, type CommonState } from './setup/common-fields.tsx';
import { FormFrame, useSetupParams, useSetupSave, WithRecord, WithSetup } from './setup/setup-frame.tsx';

interface CategoryState extends CommonState {
  name: string;
  parentId: string;
  aggregation: string;
  excludeEmpty: boolean;
  dropLowest: string;
  keepHighest: string;
  includeOutcomes: boolean;
  maxGrade: string;
}

const stateOf = (row: GradeCategoryRow | null, parentId: string): CategoryState => ({
  name: row?.name ?? '',
  parentId,
  aggregation: row?.aggregation ?? 'natural',
  excludeEmpty: row?.excludeEmpty ?? true,
  dropLowest: String(row?.dropLowest ?? 0),
  keepHighest: String(row?.keepHighest ?? 0),
  includeOutcomes: row?.includeOutcomes ?? false,
  maxGrade: String(row?.maxGrade ?? 100),
  ...commonFromRow(row),
});

/** The request body; the course total as parent means "directly under the course" (null). */
const bodyOf = (s: CategoryState, rootId: string | undefined) => ({
  name: s.name,
  parentId: s.parentId === '' || s.parentId === rootId ? null : s.parentId,
  aggregation: s.aggregation,
  excludeEmpty: s.excludeEmpty,
  dropLowest: s.dropLowest,
  keepHighest: s.keepHighest,
  includeOutcomes: s.includeOutcomes,
  maxGrade: s.maxGrade,
  ...commonToBody(s),
});

/** A category and everything under it (it cannot move into those). */
const subtree = (setup: GradebookSetupView, id: string): Set<string> => {
  const out = new Set([id]);
  for (const c of setup.categories) if (c.parentId !== null && out.has(c.parentId)) out.add(c.id);
  return out;
};

const CategoryForm = ({ setup, row, parentId }: { setup: GradebookSetupView; row: GradeCategoryRow | null; parentId: string }) => {
  const { t } = useTranslation('gradeSetup');
  const root = setup.categories.find((c) => c.parentId === null);
  const validateBody = useZodValidate(gradeCategoryForm);
  const form = useForm<CategoryState>({
    initialValues: stateOf(row, parentId),
    validate: (values) => toFormErrors(validateBody(bodyOf(values, root?.id))),
  });
  const flow = useSetupSave({ back: 'categories', dirty: form.isDirty(), setErrors: (e) => form.setErrors(toFormErrors(e)) });
  const isRoot = row !== null && row.parentId === null;
  const blocked = row ? subtree(setup, row.id) : new Set<string>();
  const parents = setup.categories
    .filter((c) => !blocked.has(c.id))
    .map((c) => ({ value: c.id, label: `${'· '.repeat(c.depth)}${c.parentId === null ? t('categories.courseTotal', { name: c.name }) : c.name}` }));
  const natural = form.values.aggregation === 'natural';
  const submit = form.onSubmit((values) =>
    flow.run(
      { title: t(row ? 'titles.editCategory' : 'titles.addCategory'), message: t('form.confirmSave', { name: values.name.trim() }) },
      (overwrite) =>
        setupCalls.save(flow.courseId, 'categories', row?.id ?? null, {
          ...gradeCategoryForm.parse(bodyOf(values, root?.id)),
          version: row?.version,
          overwrite,
        }),
      t('form.savedCategory'),
    ),
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={flow.error} />
          <TextField label={t('form.name')} required maxLength={100} {...form.getInputProps('name')} />
          {!isRoot && <NativeSelect label={t('form.parent')} description={t('form.parentHint')} data={parents} {...form.getInputProps('parentId')} />}
          <NativeSelect
            label={t('form.aggregation')}
            description={t(`aggregationHints.${form.values.aggregation}`, { defaultValue: '' })}
            data={AGGREGATION_METHODS.map((m) => ({ value: m, label: t(`aggregation.${m}`) }))}
            {...form.getInputProps('aggregation')}
          />
          <Switch label={t('form.excludeEmpty')} description={t('form.excludeEmptyHint')} {...form.getInputProps('excludeEmpty', { type: 'checkbox' })} />
          <TextField label={t('form.dropLowest')} description={t('form.dropLowestHint')} inputMode="numeric" {...form.getInputProps('dropLowest')} />
          <TextField label={t('form.keepHighest')} description={t('form.keepHighestHint')} inputMode="numeric" {...form.getInputProps('keepHighest')} />
          <Switch
            label={t('form.includeOutcomes')}
            description={t('form.includeOutcomesHint')}
            {...form.getInputProps('includeOutcomes', { type: 'checkbox' })}
          />
          {natural ? (
            <Text size="sm">{t('form.naturalMax')}</Text>
          ) : (
            <TextField label={t('form.maxGrade')} description={t('form.maxGradeHint')} required inputMode="decimal" {...form.getInputProps('maxGrade')} />
          )}
          <CommonFields inputProps={form.getInputProps} weightHint={t('form.weightHint')} />
          <FormActions onCancel={flow.cancel} busy={flow.busy} />
        </Stack>
      </form>
    </Paper>
  );
};

/** `categories/add?parent=`: a new grading category (under the course total unless a parent is given). */
export const CategoryAddPage = () => {
  const { t } = useTranslation('gradeSetup');
  const [search] = useSearchParams();
  return (
    <FormFrame back="categories" title={t('titles.addCategory')}>
      <WithSetup>
        {(setup) => {
          const root = setup.categories.find((c) => c.parentId === null);
          const asked = search.get('parent');
          const parent = setup.categories.find((c) => c.id === asked) ?? root;
          return <CategoryForm setup={setup} row={null} parentId={parent?.id ?? ''} />;
        }}
      </WithSetup>
    </FormFrame>
  );
};

/** `categories/:categoryId/edit`. */
export const CategoryEditPage = () => {
  const { t } = useTranslation('gradeSetup');
  const { categoryId } = useSetupParams();
  return (
    <FormFrame back="categories" title={t('titles.editCategory')}>
      <WithRecord find={(setup) => setup.categories.find((c) => c.id === categoryId)}>
        {(row, setup) => <CategoryForm key={row.id} setup={setup} row={row} parentId={row.parentId ?? ''} />}
      </WithRecord>
    </FormFrame>
  );
};
