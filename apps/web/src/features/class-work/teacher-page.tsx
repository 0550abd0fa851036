import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassTeacherDetails } from '@klase/core/classes/contracts';
import { paths } from '../../config/paths.ts';
import { DetailList } from '../../components/detail-list.tsx';
import { useRoleLabel } from './class-list-teachers.tsx';
import { PersonPage, PersonSection } from './class-list-person.tsx';
import { useClassTeacher } from './roster-api.ts';

/** "Mr. Jose Rizal": the salutation, when there is one, before the name. */
const fullName = (teacher: ClassTeacherDetails) => [teacher.salutation, teacher.name].filter(Boolean).join(' ');

/** `#/classes/:id/class-list/teacher/:teacherId`: the teacher's header and tabs. */
export const TeacherPage = () => {
  const { t } = useTranslation('classList');
  const roleLabel = useRoleLabel();
  const { id = '', teacherId = '' } = useParams();
  const teacher = useClassTeacher(id, teacherId);
  const tabs = [
    { to: paths.classTeacher.to(id, teacherId, 'about'), label: t('teacher.tabs.about') },
    { to: paths.classTeacher.to(id, teacherId, 'portfolio'), label: t('teacher.tabs.portfolio') },
  ];
  const person = teacher.data ? { name: fullName(teacher.data), photoUrl: teacher.data.photoUrl } : undefined;
  return (
    <PersonPage
      classId={id}
      query={teacher}
      person={person}
      hint={teacher.data ? roleLabel(teacher.data.roleId) : undefined}
      tabs={tabs}
      tabsLabel={t('teacher.tabs.label')}
    />
  );
};

const Loads = ({ teacher }: { teacher: ClassTeacherDetails }) => {
  const { t } = useTranslation('classList');
  if (teacher.loads.length === 0) return <Text size="sm">{t('teacher.noLoads')}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('teacher.loads')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('teacher.loadGrade')}</Table.Th>
            <Table.Th scope="col">{t('teacher.loadSubject')}</Table.Th>
            <Table.Th scope="col">{t('teacher.loadSection')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teacher.loads.map((load, i) => (
            <Table.Tr key={i}>
              <Table.Td>{load.gradeLevel}</Table.Td>
              <Table.Td>{load.subject}</Table.Td>
              <Table.Td>{load.section}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The about tab: name, role, email, assigned loads and the teacher's other classes. */
export const TeacherAboutTab = () => {
  const { t } = useTranslation('classList');
  const roleLabel = useRoleLabel();
  const { id = '', teacherId = '' } = useParams();
  // The page above already loaded (or failed to load) the teacher; this tab reads the same cache.
  const teacher = useClassTeacher(id, teacherId).data;
  if (!teacher) return null;
  const items = [
    { label: t('teacher.name'), value: fullName(teacher) },
    { label: t('teacher.role'), value: roleLabel(teacher.roleId) },
    { label: t('teacher.email'), value: teacher.email ? <Anchor href={`mailto:${teacher.email}`}>{teacher.email}</Anchor> : null },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <DetailList items={items} />
      </Paper>
      <PersonSection title={t('teacher.loads')}>
        <Loads teacher={teacher} />
      </PersonSection>
      <PersonSection title={t('teacher.otherClasses')}>
        {teacher.otherClasses.length === 0 ? (
          <Text size="sm">{t('teacher.noOtherClasses')}</Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {teacher.otherClasses.map((c) => (
              <li key={c.id}>
                <Anchor component={Link} to={paths.classCourses.to(c.id)}>
                  {c.name}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </PersonSection>
    </Stack>
  );
};
