import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBooks, IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canOpen } from '@klase/core/guards';
import { EmptyState } from '../../components/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { CourseCard, CourseCardSkeleton } from '../../components/course-card.tsx';
import { CourseFormDialog } from '../../components/course-form-dialog.tsx';
import { CLASS_LIST_LIMIT, useClassCourseList } from '../../api/courses-api.ts';
import { useClassDetails } from '../../api/class-api.ts';

/**
 * `#/classes/:id/courses`: the class's courses as cards, each a link to the course (students and
 * parents see the published ones, with a student's progress). The class's teachers create courses
 * here while the class is not archived, and copy or delete them from a card's menu; the list
 * follows a running copy or deletion by itself.
 */
export const ClassCoursesTab = () => {
  const { t } = useTranslation('courses');
  const { id = '' } = useParams();
  const details = useClassDetails(id);
  const roleId = useSession((st) => st.profile?.roleId ?? 0);
  const q = useClassCourseList(id);
  const [creating, setCreating] = useState(false);
  const cls = details.data;
  const staff = cls !== undefined && cls.relation !== 'student' && cls.relation !== 'parent';
  const canCreate = cls !== undefined && cls.can.manage && cls.relation === 'teacher' && !cls.archived;
  // The class's teachers copy its courses (also out of an archived class) and delete them.
  const teacher = cls !== undefined && cls.relation === 'teacher';
  const actions = teacher ? { copy: true, remove: !cls.archived } : undefined;
  const rows = q.data?.data ?? [];
  const total = q.data?.pagination.totalcount ?? 0;

  // Teachers add a catalogue course to the class from the catalogue (copied like any course).
  const canBrowse = canCreate && canOpen('catalogueBrowse', roleId);
  const createButton = canCreate && (
    <Group gap="sm">
      <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
        {t('list.create')}
      </Button>
      {canBrowse && (
        <Button component={Link} to={paths.classCatalogue.to(id)} variant="default" leftSection={<IconBooks size={16} aria-hidden="true" />}>
          {t('catalogueBrowse:entry.browse')}
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {t('list.classTitle')}
        </Title>
        {rows.length > 0 && createButton}
      </Group>
      {q.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          <ErrorText error={q.error} />
        </Alert>
      )}
      {q.isSuccess && rows.length === 0 && !details.isPending && (
        <EmptyState text={canCreate ? t('list.emptyTeacher') : t('list.empty')}>{createButton}</EmptyState>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={q.isFetching}>
        {q.isPending || details.isPending
          ? Array.from({ length: 3 }, (_, i) => <CourseCardSkeleton key={i} />)
          : rows.map((c) => <CourseCard key={c.id} course={c} showStatus={staff} actions={actions} pageClassId={id} />)}
      </SimpleGrid>
      {total > rows.length && (
        <Text size="sm" role="status">
          {t('list.more', { shown: CLASS_LIST_LIMIT, total })}
        </Text>
      )}
      {creating && cls && <CourseFormDialog classId={id} course={null} defaultGrade={cls.gradeLevel} onClose={() => setCreating(false)} />}
    </Stack>
  );
};
