import { EmptyState } from '../../components/empty-state.tsx';

/** Issue 7: placeholder until the gradebook pages land. */
export const ScaleAddPage = () => <EmptyState kind="noRecords" />;
export const ScaleEditPage = () => <EmptyState kind="noRecords" />;
