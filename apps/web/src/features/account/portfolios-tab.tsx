import { EmptyState } from '../../components/empty-state.tsx';

/** Portfolios arrive with a later issue; until then the tab honestly has no records. */
export const PortfoliosTab = () => <EmptyState kind="noRecords" />;
