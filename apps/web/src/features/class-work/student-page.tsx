import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassStudentDetails } from '@klase/core/classes/contracts';
import { DateText } from '../../components/date-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../../config/paths.ts';
import { DetailList } from '../../components/detail-list.tsx';
import { useClassDetails } from '../../api/class-api.ts';
import { PersonPage, PersonSection } from './class-list-person.tsx';
import { useClassStudent } from './roster-api.ts';
import { useLearnerItems } from '../../lib/learner-items.ts';

const statusOf = (active: boolean) => (active ? 'ACTIVE' : 'INACTIVE');

/** `#/classes/:id/class-list/student/:studentId`: the student's header and tabs. */
export const StudentPage = () => {
  const { t } = useTranslation('classList');
  const { id = '', studentId = '' } = useParams();
  const cls = useClassDetails(id);
  const student = useClassStudent(id, studentId);
  const tabs = [
    { to: paths.classStudent.to(id, studentId, 'about'), label: t('student.tabs.about') },
    { to: paths.classStudent.to(id, studentId, 'grade'), label: t('student.tabs.grade') },
    { to: paths.classStudent.to(id, studentId, 'portfolios'), label: t('student.tabs.portfolios') },
    ...(cls.data?.can.resetStudentPasswords ? [{ to: paths.classStudent.to(id, studentId, 'change-password'), label: t('student.tabs.password') }] : []),
  ];
  return <PersonPage classId={id} query={student} person={student.data} hint={student.data?.username} tabs={tabs} tabsLabel={t('student.tabs.label')} />;
};

const Groups = ({ classId, student, links }: { classId: string; student: ClassStudentDetails; links: boolean }) => {
  const { t } = useTranslation('classList');
  return (
    <PersonSection title={t('student.groups')}>
      {student.groups.length === 0 ? (
        <Text size="sm">{t('student.noGroups')}</Text>
      ) : (
        <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {student.groups.map((g) => (
            <li key={g.id}>
              {links ? (
                <Anchor component={Link} to={paths.classGroup.to(classId, g.id)}>
                  {g.name}
                </Anchor>
              ) : (
                <Text component="span">{g.name}</Text>
              )}
            </li>
          ))}
        </Group>
      )}
    </PersonSection>
  );
};

const Parents = ({ student }: { student: ClassStudentDetails }) => {
  const { t } = useTranslation('classList');
  return (
    <PersonSection title={t('student.parents')}>
      {student.parents.length === 0 ? (
        <Text size="sm">{t('student.noParents')}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {student.parents.map((p) => (
            <Group key={p.id} component="li" gap="sm" justify="space-between" wrap="wrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={500}>{p.name}</Text>
                {p.email ? (
                  <Anchor href={`mailto:${p.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {p.email}
                  </Anchor>
                ) : (
                  <Text size="sm">{t('student.noEmail')}</Text>
                )}
              </Stack>
              <StatusBadge status={statusOf(p.active)} />
            </Group>
          ))}
        </Stack>
      )}
    </PersonSection>
  );
};

/** The about tab: the student's names, account, class membership, groups and parents. */
export const StudentAboutTab = () => {
  const { t } = useTranslation('classList');
  const { id = '', studentId = '' } = useParams();
  const cls = useClassDetails(id);
  // The page above already loaded (or failed to load) the student; this tab reads the same cache.
  const student = useClassStudent(id, studentId).data;
  const learnerItems = useLearnerItems(studentId);
  if (!student) return null;
  const items = [
    { label: t('student.salutation'), value: student.salutation },
    { label: t('student.firstName'), value: student.firstName },
    { label: t('student.middleName'), value: student.middleName },
    { label: t('student.lastName'), value: student.lastName },
    { label: t('student.suffix'), value: student.suffix },
    { label: t('student.username'), value: student.username },
    { label: t('student.email'), value: student.email ? <Anchor href={`mailto:${student.email}`}>{student.email}</Anchor> : null },
    { label: t('student.gradeLevel'), value: student.gradeLevel },
    { label: t('student.section'), value: student.section },
    { label: t('student.status'), value: <StatusBadge status={statusOf(student.active)} /> },
    {
      label: t('student.joined'),
      value: (
        <>
          <DateText value={student.joinedAt} format="long" /> ({t(`joinedVia.${student.joinedVia}`)})
        </>
      ),
    },
    { label: t('student.lastAccess'), value: <DateText value={student.lastAccessAt} format="long" /> },
    ...learnerItems,
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <DetailList items={items} />
      </Paper>
      <Groups classId={id} student={student} links={cls.data?.can.manageGroups ?? false} />
      <Parents student={student} />
    </Stack>
  );
};
