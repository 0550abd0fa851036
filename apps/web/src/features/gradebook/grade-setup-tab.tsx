import { EmptyState } from '../../components/empty-state.tsx';

/** Issue 7: placeholder until the gradebook pages land. */
export const GradeSetupTab = () => <EmptyState kind="noRecords" />;
