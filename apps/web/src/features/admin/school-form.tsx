import { Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { schoolForm, type SchoolDetails } from '@klase/core/admin/schools';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { useConfirmedCancel } from '../../lib/use-confirmed-cancel.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { SchoolAddressFields, SchoolIdentityFields, SchoolSettingsFields } from './school-form-fields.tsx';
import { emptySchool, schoolToState, stateToInput, type SchoolFormState } from './school-form-values.ts';
import { createSchoolCall, schoolKeys, updateSchoolCall } from './schools-api.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { FormActions } from '../../components/form-actions.tsx';

const CODE_FIELDS = { SCHOOL_CODE_EXISTS: 'code', DEPED_ID_EXISTS: 'depedSchoolId' };

interface SchoolFormProps {
  /** The school being edited; null creates one. */
  school: SchoolDetails | null;
  /** Platform administrators choose the customer and the enabled flag. */
  platform: boolean;
}

/**
 * Create or edit a school with every field of spec section 3, validated in the browser by the
 * API's own schema (`schoolForm`); server answers are shown on their fields.
 */
export const SchoolFormView = ({ school, platform }: SchoolFormProps) => {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const zodValidate = useZodValidate<Record<string, unknown>>(schoolForm);
  const form = useForm<SchoolFormState>({
    mode: 'controlled',
    initialValues: school ? schoolToState(school) : emptySchool(),
    validate: (values) => zodValidate(stateToInput(values)),
    validateInputOnBlur: true,
  });
  const back = school ? paths.adminSchool.to(school.id) : paths.adminSchools.to();
  const cancel = useConfirmedCancel(form.isDirty, back);
  const { busy, error, save } = useConfirmedSave({ codeFields: CODE_FIELDS, setErrors: form.setErrors });

  const submit = form.onSubmit((values) =>
    save(
      { title: school ? t('schools.editTitle') : t('schools.createTitle'), message: school ? t('schools.saveConfirmEdit') : t('schools.saveConfirmCreate') },
      async () => {
        const body = schoolForm.parse(stateToInput(values));
        const saved = school ? await updateSchoolCall(school.id, body) : await createSchoolCall(body);
        queryClient.setQueryData(schoolKeys.one(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: schoolKeys.table });
        await queryClient.invalidateQueries({ queryKey: schoolKeys.options });
        toastSuccess(school ? t('schools.updated') : t('schools.created'));
        form.resetDirty(values);
        await navigate(paths.adminSchool.to(saved.id));
      },
    ),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <SchoolIdentityFields form={form} platform={platform} />
          <SchoolAddressFields form={form} />
          <SchoolSettingsFields form={form} platform={platform} />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </Paper>
  );
};
