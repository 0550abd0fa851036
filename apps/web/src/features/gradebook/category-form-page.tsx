import { EmptyState } from '../../components/empty-state.tsx';

/** Issue 7: placeholder until the gradebook pages land. */
export const CategoryAddPage = () => <EmptyState kind="noRecords" />;
export const CategoryEditPage = () => <EmptyState kind="noRecords" />;
