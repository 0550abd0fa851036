import { Paper, SimpleGrid, Skeleton, Stack, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleKeyOf } from '@klase/core/roles';
import { ErrorText } from '../../components/error-text.tsx';
import { PersonCell } from '../../components/person-cell.tsx';
import { paths } from '../../config/paths.ts';
import { useClassTeachers } from './roster-api.ts';

/** The translated name of a role id (`common:roles.*`). */
export const useRoleLabel = () => {
  const { t } = useTranslation('common');
  return (roleId: number) => {
    const key = roleKeyOf(roleId);
    return key ? t(`roles.${key}`) : String(roleId);
  };
};

/** Everyone who teaches the class, each a link to their teacher page. */
export const TeachersStrip = ({ classId }: { classId: string }) => {
  const { t } = useTranslation('classList');
  const roleLabel = useRoleLabel();
  const teachers = useClassTeachers(classId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="class-teachers-title">
      <Title order={2} size="h4" id="class-teachers-title">
        {t('students.teachers')}
      </Title>
      {teachers.isError ? (
        <ErrorText error={teachers.error} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={teachers.isPending}>
          {teachers.isPending
            ? [0, 1].map((i) => (
                <li key={i}>
                  <Skeleton height={58} radius="md" />
                </li>
              ))
            : teachers.data.map((teacher) => (
                <li key={teacher.id} style={{ minWidth: 0 }}>
                  <Paper withBorder radius="md" p={0}>
                    <UnstyledButton
                      component={Link}
                      to={paths.classTeacher.to(classId, teacher.id)}
                      p="sm"
                      w="100%"
                      className="mantine-focus-auto"
                      display="block"
                    >
                      <PersonCell name={teacher.name} photoUrl={teacher.photoUrl} hint={roleLabel(teacher.roleId)} />
                    </UnstyledButton>
                  </Paper>
                </li>
              ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
