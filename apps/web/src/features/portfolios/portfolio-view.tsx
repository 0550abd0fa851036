import type { ReactNode } from 'react';
import { Box, Grid, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortfolioDetails } from '@klase/core/portfolios/contracts';
import { formatDate } from '../../components/date-text.tsx';
import { ExportPanel } from './export-panel.tsx';
import { PortfolioCover, PublishedBadge } from './portfolio-cards.tsx';
import { ItemsList } from './portfolio-items.tsx';

/** "Maria Santos (Student)", or a group with its class. */
const useOwnerText = () => {
  const { t } = useTranslation('portfolios');
  return (p: PortfolioDetails) =>
    p.owner.kind === 'group' && p.owner.className
      ? `${t('owners.group')}: ${p.owner.name} (${p.owner.className})`
      : `${t(`owners.${p.owner.kind}`)}: ${p.owner.name}`;
};

interface PortfolioHeaderProps {
  portfolio: PortfolioDetails;
  /** The title's heading level: 1 on a page of its own, 2 inside a page with its own h1. */
  order: TitleOrder;
  /** The owner's buttons (edit, publish, delete, cover). */
  actions?: ReactNode;
}

/** Cover, title, published badge, owner, dates and description. */
export const PortfolioHeader = ({ portfolio, order, actions }: PortfolioHeaderProps) => {
  const { t } = useTranslation('portfolios');
  const ownerText = useOwnerText();
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <PortfolioCover portfolio={portfolio} height={180} />
      <Stack gap="xs" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Group gap="sm" align="center">
              <Title order={order} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {portfolio.title}
              </Title>
              {!portfolio.shared && <PublishedBadge published={portfolio.published} />}
            </Group>
            <Text size="sm">{ownerText(portfolio)}</Text>
            <Text size="sm">
              {t('page.created', { date: formatDate(portfolio.createdAt, 'short') })} · {t('page.updated', { date: formatDate(portfolio.updatedAt, 'short') })}
            </Text>
          </Stack>
          {actions}
        </Group>
        {portfolio.description && (
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="portfolio-description">
            {portfolio.description}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};

/** The main column (items) and, on wide screens, a side column (share links, export) beside it. */
export const PortfolioColumns = ({ main, side }: { main: ReactNode; side: ReactNode }) =>
  side ? (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>{main}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">{side}</Stack>
      </Grid.Col>
    </Grid>
  ) : (
    <Box>{main}</Box>
  );

/** A portfolio read-only: header, items in order, and the export (every reader but the share page). */
export const PortfolioView = ({ portfolio, order }: { portfolio: PortfolioDetails; order: TitleOrder }) => {
  const { t } = useTranslation('portfolios');
  return (
    <Stack gap="md" data-testid="portfolio-view">
      <PortfolioHeader portfolio={portfolio} order={order} />
      <PortfolioColumns
        main={
          <Stack gap="md">
            <Title order={order === 1 ? 2 : 3} size="h4">
              {t('page.items')}
            </Title>
            <ItemsList items={portfolio.items} />
          </Stack>
        }
        side={portfolio.canExport ? <ExportPanel portfolioId={portfolio.id} /> : null}
      />
    </Stack>
  );
};
