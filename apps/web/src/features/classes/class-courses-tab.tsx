import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassCourseRow } from '@klase/core/classes/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useClassCourses, useClassDetails } from './class-api.ts';

/** One course of the class. Course pages arrive with the courses issue, so it is not a link yet. */
const CourseCard = ({ course, showStatus }: { course: ClassCourseRow; showStatus: boolean }) => {
  const { t } = useTranslation('classes');
  return (
    <Card withBorder padding="md" radius="md" data-testid="course-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {course.name}
          </Title>
          {showStatus && <StatusBadge status={course.status} style={{ flexShrink: 0 }} />}
        </Group>
        <Text size="sm" ff="monospace">
          {course.code}
        </Text>
        {course.subject && <Text size="sm">{t('courses.subject', { subject: course.subject })}</Text>}
        <Group gap="md">
          <Text size="sm">{t('courses.elementCount', { count: course.elementCount })}</Text>
          <Text size="sm">{t('courses.materialCount', { count: course.materialCount })}</Text>
        </Group>
      </Stack>
    </Card>
  );
};

/** `#/classes/:id/courses`: the class's courses as cards (students and parents see published ones). */
export const ClassCoursesTab = () => {
  const { t } = useTranslation('classes');
  const { id = '' } = useParams();
  const details = useClassDetails(id);
  const q = useClassCourses(id);
  const relation = details.data?.relation;
  const showStatus = relation !== undefined && relation !== 'student' && relation !== 'parent';
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('titles.courses')}
      </Title>
      {q.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          <ErrorText error={q.error} />
        </Alert>
      )}
      {q.isSuccess && q.data.length === 0 && <EmptyState kind="noRecords" />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={q.isFetching}>
        {q.isPending || details.isPending
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={120} radius="md" />)
          : (q.data ?? []).map((c) => <CourseCard key={c.id} course={c} showStatus={showStatus} />)}
      </SimpleGrid>
    </Stack>
  );
};
