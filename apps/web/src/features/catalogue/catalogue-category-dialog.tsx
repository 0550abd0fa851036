import { Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, categoryForm, type CategoryRow } from '@klase/core/catalogue/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { catalogueKeys } from '../../api/courses-api.ts';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { createCategoryCall, updateCategoryCall } from './catalogue-api.ts';

/** "Category already exists" is about its name. */
const CODE_FIELDS = { CATEGORY_EXISTS: 'name' };

interface Values {
  name: string;
  description: string;
}

interface CategoryDialogProps {
  /** The category being renamed; null creates one. */
  category: CategoryRow | null;
  /** After saving, with the saved category (a new one is then opened). */
  onSaved: (category: CategoryRow) => unknown;
  onClose: () => void;
}

/**
 * Create or rename a catalogue category: its name (unique) and a short description. Checked with
 * the API's schema; saving asks first; "Category already exists." lands on the name. Mount it
 * only while open.
 */
export const CategoryDialog = ({ category, onSaved, onClose }: CategoryDialogProps) => {
  const { t } = useTranslation(['catalogue', 'common']);
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: category?.name ?? '', description: category?.description ?? '' },
    validate: useZodValidate<Values>(categoryForm),
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: CODE_FIELDS, setErrors: form.setErrors });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const title = category ? t('category.editTitle') : t('category.createTitle');

  const submit = form.onSubmit((values) =>
    save({ title, message: category ? t('category.confirmEdit') : t('category.confirmCreate') }, async () => {
      const body = categoryForm.parse(values);
      const saved = category ? await updateCategoryCall(category.id, body) : await createCategoryCall(body);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      toastSuccess(category ? t('category.updated') : t('category.created'));
      onClose();
      await onSaved(saved);
    }),
  );

  return (
    <FormModal opened title={title} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <TextField label={t('category.name')} required maxLength={CATEGORY_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('category.description')} rows={3} maxLength={CATEGORY_DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};
