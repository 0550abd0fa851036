import type { ReactNode } from 'react';
import { Anchor, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PortfolioRow } from '@klase/core/portfolios/contracts';
import { CourseImage } from '../../components/course-image.tsx';
import { formatDate } from '../../components/date-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';

/** The first letters of the title's first two words, shown on the coloured block of a portfolio without a cover. */
const initials = (title: string) =>
  title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/** The cover (decorative: the title names the portfolio), or a block in the portfolio's colour with its initials. */
export const PortfolioCover = ({ portfolio, height }: { portfolio: Pick<PortfolioRow, 'id' | 'title' | 'coverUrl'>; height: number }) => (
  <CourseImage course={{ id: portfolio.id, code: initials(portfolio.title), imageUrl: portfolio.coverUrl }} height={height} codeSize="xl" />
);

/** Published in the primary colour, unpublished grey (spec section 4). */
export const PublishedBadge = ({ published }: { published: boolean }) => <StatusBadge status={published ? 'published' : 'unpublished'} />;

interface PortfolioCardProps {
  row: PortfolioRow;
  /** Where its title leads (the portfolio's page, or its view inside a profile tab). */
  to: string;
  /** Show whose it is (lists of several owners' portfolios). */
  showOwner?: boolean;
}

/** One portfolio in a list: cover, title (the link), published badge, item count and last change. */
export const PortfolioCard = ({ row, to, showOwner }: PortfolioCardProps) => {
  const { t } = useTranslation('portfolios');
  return (
    <Card withBorder padding="sm" component="li" data-testid="portfolio-card">
      <Card.Section>
        <PortfolioCover portfolio={row} height={120} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Anchor>
          <PublishedBadge published={row.published} />
        </Group>
        {showOwner && <Text size="sm">{t('card.by', { name: row.owner.name })}</Text>}
        <Text size="sm">
          {t('card.items', { count: row.itemCount })} · {t('card.updated', { date: formatDate(row.updatedAt, 'short') })}
        </Text>
      </Stack>
    </Card>
  );
};

/** Portfolio cards in a grid: one column on phones, up to three on wide screens. */
export const PortfolioGrid = ({ children }: { children: ReactNode }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
    {children}
  </SimpleGrid>
);

/** A list or a portfolio still loading. */
export const Loading = () => {
  const { t } = useTranslation('shell');
  return (
    <Center py="lg" role="status">
      <Loader size="sm" role="progressbar" aria-label={t('loading')} />
    </Center>
  );
};
