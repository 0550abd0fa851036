import { EmptyState } from '../../components/empty-state.tsx';

/**
 * The portfolio tab of a student, a teacher or a group: the portfolio issue fills it; until then
 * it honestly has no records.
 */
export const PortfolioTab = () => <EmptyState kind="noRecords" />;
