import { useState } from 'react';
import { Select, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassRelation } from '@klase/core/classes/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { useClassCourses, useClassDetails } from '../../api/class-api.ts';
import { GradeReport } from '../../features/gradebook/report/grade-report.tsx';

const STAFF: readonly ClassRelation[] = ['teacher', 'assistant', 'schoolAdmin'];

/**
 * `#/classes/:id/class-list/student/:studentId/grade`: the student's grades in one of the class's
 * courses (chosen in a select; the first course at first), as the class's staff read them.
 */
export const StudentGradeTab = () => {
  const { t } = useTranslation('gradeReport');
  const { id = '', studentId = '' } = useParams();
  const cls = useClassDetails(id);
  const courses = useClassCourses(id);
  const [chosen, setChosen] = useState<string | null>(null);
  if (courses.isPending) return <Skeleton height={56} radius="md" role="status" aria-label={t('report.loading')} />;
  if (courses.isError) return <ErrorText error={courses.error} />;
  if (courses.data.length === 0) return <EmptyState text={t('report.noCourses')} />;
  const courseId = chosen && courses.data.some((c) => c.id === chosen) ? chosen : courses.data[0]!.id;
  const staff = cls.data ? STAFF.includes(cls.data.relation) : false;
  return (
    <Stack gap="md">
      <Select
        label={t('report.course')}
        placeholder={t('report.chooseCourse')}
        data={courses.data.map((c) => ({ value: c.id, label: c.name }))}
        value={courseId}
        onChange={(v) => v && setChosen(v)}
        allowDeselect={false}
        searchable
        style={{ maxWidth: 360 }}
      />
      <GradeReport key={courseId} courseId={courseId} studentId={studentId} staff={staff} />
    </Stack>
  );
};
