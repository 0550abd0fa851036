import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ROLE } from '@klase/core/roles';
import { useSession } from '../../lib/session-store.ts';
import { GradeBookView } from './grid/grade-book-view.tsx';

const GradeTab = lazy(() => import('./grade-tab.tsx').then((m) => ({ default: m.GradeTab })));

/**
 * `#/classes/:id/courses/:courseId/grade-book` (roles 3 and 5): a student sees their own grades
 * (the grade report); the class's teachers see the grader grid.
 */
export const GradeBookTab = () => {
  const { t } = useTranslation('gradeBook');
  const { id = '', courseId = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId);
  if (roleId === ROLE.student)
    return (
      <Suspense fallback={<Skeleton height={160} role="status" aria-label={t('loading')} />}>
        <GradeTab />
      </Suspense>
    );
  return <GradeBookView classId={id} courseId={courseId} />;
};
