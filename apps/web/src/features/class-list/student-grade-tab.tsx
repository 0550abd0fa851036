import { EmptyState } from '../../components/empty-state.tsx';

/** A student's grades in the class: the gradebook issue fills this tab; until then it has no records. */
export const StudentGradeTab = () => <EmptyState kind="noRecords" />;
