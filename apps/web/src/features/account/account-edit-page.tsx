import { useState } from 'react';
import { Alert, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { updateProfileRequest, type Profile, type UpdateProfileRequest } from '@klase/core/auth/contracts';
import { LOCALES, SALUTATIONS, SUFFIXES, THEMES } from '@klase/core/constants';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { NameField } from '../../components/name-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { updateProfile } from '../../lib/session-store.ts';
import { choiceKey } from '../../lib/choice-key.ts';
import { useConfirmedCancel } from '../../lib/use-confirmed-cancel.ts';
import { useFieldIssueMessages, useZodValidate } from '../../lib/zod-form.ts';
import { AccountPhoto } from './account-photo.tsx';
import { accountKeys, updateProfileCall, useProfileQuery } from './api.ts';
import { FormActions } from '../../components/form-actions.tsx';

const toValues = (p: Profile): UpdateProfileRequest => ({
  salutation: (SALUTATIONS as readonly string[]).includes(p.salutation ?? '') ? (p.salutation as UpdateProfileRequest['salutation']) : null,
  firstName: p.firstName,
  middleName: p.middleName ?? '',
  lastName: p.lastName,
  suffix: (SUFFIXES as readonly string[]).includes(p.suffix ?? '') ? (p.suffix as UpdateProfileRequest['suffix']) : null,
  email: p.email ?? '',
  language: p.language,
  theme: p.theme,
});

const EditForm = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation(['account', 'common', 'shell']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const fieldMessages = useFieldIssueMessages();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<UpdateProfileRequest>({
    mode: 'controlled',
    initialValues: toValues(profile),
    validate: useZodValidate<UpdateProfileRequest>(updateProfileRequest),
    validateInputOnBlur: true,
  });
  const cancel = useConfirmedCancel(form.isDirty, paths.accountDetails.to());

  const submit = form.onSubmit(async (values) => {
    if (!(await confirm({ title: t('edit.title'), message: t('edit.confirm') }))) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await updateProfileCall(updateProfileRequest.parse(values));
      queryClient.setQueryData(accountKeys.profile, saved);
      updateProfile(saved);
      toastSuccess(t('edit.success'));
      if (saved.pendingEmail && saved.pendingEmail !== profile.pendingEmail) toastSuccess(t('edit.verificationSent', { email: saved.pendingEmail }));
      form.resetDirty(values);
      await navigate(paths.accountDetails.to());
    } catch (e) {
      if (isApiError(e) && e.code === 'EMAIL_EXISTS') form.setFieldError('email', errorMessage(e));
      else if (isApiError(e) && e.fields?.length) form.setErrors(fieldMessages(e.fields));
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });

  const choice = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`${prefix}.${choiceKey(v)}`) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label={t('fields.salutation')} data={choice('common:salutation', SALUTATIONS)} clearable {...form.getInputProps('salutation')} />
          <Select label={t('fields.suffix')} data={choice('common:suffix', SUFFIXES)} clearable {...form.getInputProps('suffix')} />
          <NameField label={t('fields.firstName')} required {...form.getInputProps('firstName')} />
          <NameField label={t('fields.middleName')} {...form.getInputProps('middleName')} />
          <NameField label={t('fields.lastName')} required {...form.getInputProps('lastName')} />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required maxLength={254} {...form.getInputProps('email')} />
          <Select
            label={t('fields.language')}
            data={LOCALES.map((l) => ({ value: l, label: t(`shell:language.name.${l}`) }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
          />
          <Select label={t('fields.theme')} data={choice('common:theme', THEMES)} allowDeselect={false} {...form.getInputProps('theme')} />
        </SimpleGrid>
        <FormActions onCancel={() => cancel()} busy={busy} />
      </Stack>
    </form>
  );
};

/** Edit the profile: names, email, language, theme (validated by core's `updateProfileRequest`) and photo. */
export const AccountEditPage = () => {
  const { t } = useTranslation('account');
  const profile = useProfileQuery();
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('edit.title')}
      </Title>
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <ErrorText error={profile.error} />
      ) : (
        <>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <AccountPhoto profile={profile.data} />
          </Paper>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <EditForm profile={profile.data} />
          </Paper>
        </>
      )}
    </Stack>
  );
};
