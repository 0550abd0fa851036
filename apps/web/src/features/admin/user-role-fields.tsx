import { useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LOAD_ROLES, STAFF_ROLES } from '@klase/core/admin/users';
import { ROLE } from '@klase/core/roles';
import { TextField } from '../../components/text-field.tsx';
import { LinkedChoices } from './linked-choices.tsx';
import { TeacherLoadFields } from './teacher-load-fields.tsx';
import type { UserFormState } from './user-form-values.ts';

interface Props {
  form: UseFormReturnType<UserFormState>;
  /** Links are chosen in the form at creation; afterwards on the details page. */
  creating: boolean;
  /** The school whose people can be linked. */
  schoolId: string;
}

/** The fields of the chosen role: employee number and load (staff), grade and section (students), links. */
export const UserRoleFields = ({ form, creating, schoolId }: Props) => {
  const { t } = useTranslation('admin');
  const [names, setNames] = useState<Record<string, string>>({});
  const role = Number(form.values.roleId);
  const isStaff = (STAFF_ROLES as readonly number[]).includes(role);
  const hasLoad = (LOAD_ROLES as readonly number[]).includes(role);
  const links = (field: 'parentIds' | 'studentIds', linkRole: number, label: string) => (
    <LinkedChoices
      label={label}
      role={linkRole}
      schoolId={schoolId}
      ids={form.values[field]}
      names={names}
      onAdd={(id, name) => {
        setNames((n) => ({ ...n, [id]: name }));
        form.insertListItem(field, id);
      }}
      onRemove={(id) =>
        form.setFieldValue(
          field,
          form.values[field].filter((x) => x !== id),
        )
      }
    />
  );
  return (
    <Stack gap="sm">
      {isStaff && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField label={t('users.employeeNumber')} required maxLength={40} {...form.getInputProps('employeeNumber')} />
        </SimpleGrid>
      )}
      {hasLoad && <TeacherLoadFields form={form} />}
      {role === ROLE.student && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField label={t('users.gradeLevel')} required maxLength={40} {...form.getInputProps('gradeLevel')} />
          <TextField label={t('users.section')} required maxLength={60} {...form.getInputProps('section')} />
        </SimpleGrid>
      )}
      {creating && schoolId !== '' && role === ROLE.student && links('parentIds', ROLE.parent, t('users.linkedParents'))}
      {creating && schoolId !== '' && role === ROLE.parent && links('studentIds', ROLE.student, t('users.linkedStudents'))}
    </Stack>
  );
};
