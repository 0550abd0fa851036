import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { schoolForm, type SchoolDetails } from '@klase/core/admin/schools';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { paths } from '../../app/paths.ts';
import { useConfirmedCancel } from '../../lib/use-confirmed-cancel.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { SchoolAddressFields, SchoolIdentityFields, SchoolSettingsFields } from './school-form-fields.tsx';
import { emptySchool, schoolToState, stateToInput, type SchoolFormState } from './school-form-values.ts';
import { createSchoolCall, schoolKeys, updateSchoolCall } from './schools-api.ts';
import { useSaveErrors } from './use-save-errors.ts';

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
  const confirm = useConfirm();
  const saveErrors = useSaveErrors(CODE_FIELDS);
  const zodValidate = useZodValidate<Record<string, unknown>>(schoolForm);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<SchoolFormState>({
    mode: 'controlled',
    initialValues: school ? schoolToState(school) : emptySchool(),
    validate: (values) => zodValidate(stateToInput(values)),
    validateInputOnBlur: true,
  });
  const back = school ? paths.adminSchool.to(school.id) : paths.adminSchools.to();
  const cancel = useConfirmedCancel(form.isDirty, back);

  const submit = form.onSubmit(async (values) => {
    const title = school ? t('schools.editTitle') : t('schools.createTitle');
    if (!(await confirm({ title, message: school ? t('schools.saveConfirmEdit') : t('schools.saveConfirmCreate') }))) return;
    setBusy(true);
    setError(null);
    try {
      const body = schoolForm.parse(stateToInput(values));
      const saved = school ? await updateSchoolCall(school.id, body) : await createSchoolCall(body);
      queryClient.setQueryData(schoolKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: schoolKeys.table });
      await queryClient.invalidateQueries({ queryKey: schoolKeys.options });
      toastSuccess(school ? t('schools.updated') : t('schools.created'));
      form.resetDirty(values);
      await navigate(paths.adminSchool.to(saved.id));
    } catch (e) {
      const found = saveErrors(e);
      form.setErrors(found.fields);
      setError(found.message);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <SchoolIdentityFields form={form} platform={platform} />
          <SchoolAddressFields form={form} />
          <SchoolSettingsFields form={form} platform={platform} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={() => void cancel()}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
