import { EmptyState } from '../../components/empty-state.tsx';

/** Issue 7: placeholder until the gradebook pages land. */
export const ItemAddPage = () => <EmptyState kind="noRecords" />;
export const ItemEditPage = () => <EmptyState kind="noRecords" />;
