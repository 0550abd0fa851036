import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { Loading } from './portfolio-cards.tsx';
import { PortfolioView } from './portfolio-view.tsx';
import { useSharedPortfolio } from './portfolios-api.ts';

/**
 * `#/shared/portfolios/:token`: the portfolio behind a share link, read-only, for anyone (no
 * session). An unknown, revoked or expired link, or an unpublished portfolio, shows the spec's
 * "Content not available.".
 */
export const SharedPortfolioPage = () => {
  const { t } = useTranslation('shell');
  const { token = '' } = useParams();
  const query = useSharedPortfolio(token);
  if (query.isPending) return <Loading />;
  if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
    return (
      <Stack gap="xs">
        <Title order={1} size="h3">
          {t('titles.sharedPortfolio')}
        </Title>
        <EmptyState kind="contentUnavailable" />
      </Stack>
    );
  if (query.isError) return <ErrorText error={query.error} />;
  return <PortfolioView portfolio={query.data} order={1} />;
};
