import { EmptyState } from '../../components/empty-state.tsx';

/** Issue 7: placeholder until the gradebook pages land. */
export const ScalePage = () => <EmptyState kind="noRecords" />;
