import { EmptyState } from '../../components/empty-state.tsx';

/** Issue 7: placeholder until the gradebook pages land. */
export const RubricCreatePage = () => <EmptyState kind="noRecords" />;
export const RubricEditPage = () => <EmptyState kind="noRecords" />;
