import { useEffect, useState } from 'react';
import { Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaterialType } from '@klase/core/class-work/contracts';
import { MATERIAL_NAME_MAX, materialForm, type MaterialDetails, type MaterialForm } from '@klase/core/materials/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useCourseLinks } from '../../config/course-links.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { AvailableFromFields, TypeFields } from './material-fields.tsx';
import { emptyMaterialState, stateFromDetails, stateToInput, toFormErrors, type MaterialFormState } from './material-form-values.ts';
import { createMaterialCall, updateMaterialCall, useInvalidateAfterMaterialChange } from '../../api/materials-api.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

export interface MaterialFormViewProps {
  /** The course's class; null for a catalogue course. */
  classId: string | null;
  courseId: string;
  type: MaterialType;
  /** Creating: the element the material goes into. */
  elementId: string | null;
  /** Editing: the material as the server has it. */
  material: MaterialDetails | null;
  /** Editing: fetch the stored material again (someone else saved it meanwhile). */
  onReload?: () => unknown;
}

/**
 * The full-page form of one material type. Checked with the shared `materialForm` schema before
 * anything is sent; saving asks first, leaving with changes asks first; after saving, back to the
 * course.
 */
export const MaterialFormView = ({ classId, courseId, type, elementId, material, onReload }: MaterialFormViewProps) => {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const links = useCourseLinks();
  const invalidate = useInvalidateAfterMaterialChange(classId);
  const zodValidate = useZodValidate<MaterialForm>(materialForm);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const form = useForm<MaterialFormState>({
    mode: 'controlled',
    initialValues: material ? stateFromDetails(material) : emptyMaterialState(),
    validate: (values) => toFormErrors(zodValidate(stateToInput(type, values))),
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: (errors) => form.setErrors(toFormErrors(errors)), onReload });
  useLeaveGuard(savedTo === null && form.isDirty());
  useEffect(() => {
    if (savedTo) void navigate(savedTo);
  }, [navigate, savedTo]);
  const back = links.course(courseId);

  const submit = form.onSubmit((values) =>
    save(
      material ? { title: t('form.editTitle'), message: t('form.confirmEdit') } : { title: t('form.createTitle'), message: t('form.confirmCreate') },
      async (overwrite) => {
        const body = materialForm.parse(stateToInput(type, values));
        if (material) await updateMaterialCall(material.id, { ...body, version: material.version, overwrite });
        else await createMaterialCall(courseId, elementId ?? '', body);
        await invalidate();
        toastSuccess(material ? t('form.updated') : t('form.created'));
        setSavedTo(back);
      },
    ),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SaveError error={error} />
          <TextInput label={t('form.name')} withAsterisk maxLength={MATERIAL_NAME_MAX} {...form.getInputProps('name')} />
          <TypeFields form={form} type={type} courseId={courseId} material={material} />
          <AvailableFromFields form={form} />
          <FormActions onCancel={() => navigate(back)} busy={busy} />
        </Stack>
      </form>
    </Paper>
  );
};
