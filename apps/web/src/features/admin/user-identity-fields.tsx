import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EMAIL_REQUIRED_ROLES, SCHOOL_USER_ROLES } from '@klase/core/admin/users';
import { SALUTATIONS, SUFFIXES } from '@klase/core/constants';
import { NameField } from '../../components/name-field.tsx';
import { SearchableSelect } from '../../components/searchable-select.tsx';
import { TextField } from '../../components/text-field.tsx';
import { choiceKey } from '../../lib/choice-key.ts';
import { useSchoolOptions } from './schools-api.ts';
import type { UserFormState } from './user-form-values.ts';
import { useRoleName } from './role-name.ts';

interface Props {
  form: UseFormReturnType<UserFormState>;
  /** The role is chosen at creation only. */
  creating: boolean;
  /** Platform administrators choose the school of a new user. */
  chooseSchool: boolean;
}

const SchoolSelect = ({ form }: { form: UseFormReturnType<UserFormState> }) => {
  const { t } = useTranslation('admin');
  const schools = useSchoolOptions();
  return (
    <SearchableSelect
      label={t('users.school')}
      required
      withAsterisk
      data={(schools.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      {...form.getInputProps('schoolId')}
    />
  );
};

/** Role, school, salutation, names, suffix, username and email. */
export const UserIdentityFields = ({ form, creating, chooseSchool }: Props) => {
  const { t } = useTranslation(['admin', 'common']);
  const roleName = useRoleName();
  const choice = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`${prefix}.${choiceKey(v)}`) }));
  const emailRequired = (EMAIL_REQUIRED_ROLES as readonly number[]).includes(Number(form.values.roleId));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('users.role')}
        required
        withAsterisk
        disabled={!creating}
        allowDeselect={false}
        data={SCHOOL_USER_ROLES.map((r) => ({ value: String(r), label: roleName(r) }))}
        {...form.getInputProps('roleId')}
      />
      {creating && chooseSchool && <SchoolSelect form={form} />}
      <Select label={t('users.salutation')} data={choice('common:salutation', SALUTATIONS)} clearable {...form.getInputProps('salutation')} />
      <NameField label={t('users.firstName')} required {...form.getInputProps('firstName')} />
      <NameField label={t('users.middleName')} {...form.getInputProps('middleName')} />
      <NameField label={t('users.lastName')} required {...form.getInputProps('lastName')} />
      <Select label={t('users.suffix')} data={choice('common:suffix', SUFFIXES)} clearable {...form.getInputProps('suffix')} />
      <TextField label={t('users.username')} required maxLength={64} autoComplete="off" autoCapitalize="none" {...form.getInputProps('username')} />
      <TextInput
        label={t('users.email')}
        type="email"
        required={emailRequired}
        withAsterisk={emailRequired}
        maxLength={254}
        autoComplete="off"
        {...form.getInputProps('email')}
      />
    </SimpleGrid>
  );
};
