import { Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createUserRequest, updateUserRequest, type UserDetails } from '@klase/core/admin/users';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { useConfirmedCancel } from '../../lib/use-confirmed-cancel.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { UserIdentityFields } from './user-identity-fields.tsx';
import { emptyUser, stateToCreateInput, stateToUpdateInput, userToState, type UserFormState } from './user-form-values.ts';
import { UserRoleFields } from './user-role-fields.tsx';
import { createUserCall, updateUserCall, userKeys } from './users-api.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { FormActions } from '../../components/form-actions.tsx';

const CODE_FIELDS = { USERNAME_EXISTS: 'username', USER_EXISTS: 'email', EMAIL_EXISTS: 'email' };

interface UserFormProps {
  /** The user being edited; null creates one. */
  user: UserDetails | null;
  /** Platform administrators choose the school of a new user; a school administrator's is their own. */
  chooseSchool: boolean;
  ownSchoolId: string;
}

/**
 * Create or edit one user with the role's fields, validated by the API's own schemas
 * (`createUserRequest`, `updateUserRequest`); duplicates are shown on their fields.
 */
export const UserForm = ({ user, chooseSchool, ownSchoolId }: UserFormProps) => {
  const { t } = useTranslation(['admin', 'common', 'validation']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const validateCreate = useZodValidate<Record<string, unknown>>(createUserRequest);
  const validateUpdate = useZodValidate<Record<string, unknown>>(updateUserRequest);
  const creating = user === null;
  const withSchool = creating && chooseSchool;
  const form = useForm<UserFormState>({
    mode: 'controlled',
    initialValues: user ? userToState(user) : emptyUser(chooseSchool ? '' : ownSchoolId),
    validate: (values) => {
      if (!creating) return validateUpdate(stateToUpdateInput(values));
      const errors = validateCreate(stateToCreateInput(values, withSchool));
      if (withSchool && values.schoolId === '') errors.schoolId = t('validation:required');
      return errors;
    },
    validateInputOnBlur: true,
  });
  const cancel = useConfirmedCancel(form.isDirty, user ? paths.adminUser.to(user.id) : paths.adminUsers.to());
  const { busy, error, save } = useConfirmedSave({ codeFields: CODE_FIELDS, setErrors: form.setErrors });

  const submit = form.onSubmit((values) =>
    save(
      { title: creating ? t('users.createTitle') : t('users.editTitle'), message: creating ? t('users.saveConfirmCreate') : t('users.saveConfirmEdit') },
      async () => {
        const saved = user
          ? await updateUserCall(user.id, updateUserRequest.parse(stateToUpdateInput(values)))
          : await createUserCall(createUserRequest.parse(stateToCreateInput(values, withSchool)));
        queryClient.setQueryData(userKeys.one(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: userKeys.table });
        toastSuccess(creating ? t('users.created') : t('users.updated'));
        form.resetDirty(values);
        await navigate(paths.adminUser.to(saved.id));
      },
    ),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <UserIdentityFields form={form} creating={creating} chooseSchool={chooseSchool} />
          <UserRoleFields form={form} creating={creating} schoolId={form.values.schoolId} />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </Paper>
  );
};
