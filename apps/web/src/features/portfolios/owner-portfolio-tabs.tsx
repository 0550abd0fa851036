import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OwnerPortfolios } from './owner-portfolios.tsx';

/** `class-list/student/:studentId/portfolios`: the student's portfolios the teacher may read (the published ones). */
export const StudentPortfoliosTab = () => {
  const { studentId = '' } = useParams();
  return <OwnerPortfolios owner={{ kind: 'user', id: studentId }} />;
};

/** `class-list/group/:groupId/portfolio`: the portfolios the group's members made. */
export const GroupPortfolioTab = () => {
  const { t } = useTranslation('portfolios');
  const { groupId = '' } = useParams();
  return <OwnerPortfolios owner={{ kind: 'group', id: groupId }} emptyText={t('view.noneGroup')} />;
};

/** `class-list/teacher/:teacherId/portfolio`: the teacher's published portfolios. */
export const TeacherPortfolioTab = () => {
  const { teacherId = '' } = useParams();
  return <OwnerPortfolios owner={{ kind: 'user', id: teacherId }} />;
};
