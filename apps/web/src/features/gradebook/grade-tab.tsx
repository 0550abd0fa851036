import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@klase/core/roles';
import { EmptyState } from '../../components/empty-state.tsx';
import { useSession } from '../../lib/session-store.ts';
import { GradeReport } from './report/grade-report.tsx';

/**
 * `#/classes/:id/courses/:courseId/grade` (and the grade-book tab of a student): the signed-in
 * student's own grades, or a parent's selected child's, with how every total was reached.
 */
export const GradeTab = () => {
  const { t } = useTranslation('gradeReport');
  const { courseId = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId);
  const selfId = useSession((s) => s.profile?.id ?? null);
  const childId = useSession((s) => s.selectedChildId);
  const parent = roleId === ROLE.parent;
  const studentId = parent ? childId : selfId;
  if (!studentId) return <EmptyState text={parent ? t('report.chooseChild') : undefined} />;
  return <GradeReport key={studentId} courseId={courseId} studentId={studentId} />;
};
