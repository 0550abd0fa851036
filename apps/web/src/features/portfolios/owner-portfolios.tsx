import { Anchor, Stack } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { Loading, PortfolioCard, PortfolioGrid } from './portfolio-cards.tsx';
import { PortfolioView } from './portfolio-view.tsx';
import { usePortfolio, usePortfolioList, type PortfolioOwnerRef } from './portfolios-api.ts';

/** The search parameter of the portfolio opened inside a profile tab (a reload keeps it open). */
const OPEN_PARAM = 'portfolio';

const OpenPortfolio = ({ id, backTo }: { id: string; backTo: string }) => {
  const { t } = useTranslation('portfolios');
  const query = usePortfolio(id);
  let body;
  if (query.isPending) body = <Loading />;
  else if (isApiError(query.error) && query.error.status === 404) body = <EmptyState kind="contentUnavailable" />;
  else if (query.isError) body = <ErrorText error={query.error} />;
  else body = <PortfolioView portfolio={query.data} order={2} />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm">
        {t('view.back')}
      </Anchor>
      {body}
    </Stack>
  );
};

/**
 * Someone else's portfolios that the caller may read (a student's published ones for their teacher
 * or parent, a group's, a teacher's): the cards, and one opened read-only in place
 * (`?portfolio=<id>`).
 */
export const OwnerPortfolios = ({ owner, emptyText }: { owner: PortfolioOwnerRef; emptyText?: string }) => {
  const { t } = useTranslation('portfolios');
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const openId = search.get(OPEN_PARAM);
  const list = usePortfolioList(owner);
  if (openId) return <OpenPortfolio id={openId} backTo={pathname} />;
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorText error={list.error} />;
  const rows = list.data.data;
  if (rows.length === 0) return <EmptyState text={emptyText ?? t('view.none')} />;
  return (
    <PortfolioGrid>
      {rows.map((row) => (
        <PortfolioCard key={row.id} row={row} to={`${pathname}?${new URLSearchParams({ [OPEN_PARAM]: row.id }).toString()}`} />
      ))}
    </PortfolioGrid>
  );
};
