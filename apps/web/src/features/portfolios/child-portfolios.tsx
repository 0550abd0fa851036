import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OwnerPortfolios } from './owner-portfolios.tsx';

/** On a parent's child page: the child's published portfolios, each opened read-only in place. */
export const ChildPortfolios = ({ childId }: { childId: string }) => {
  const { t } = useTranslation('portfolios');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('child.title')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('child.title')}
        </Title>
        <OwnerPortfolios owner={{ kind: 'user', id: childId }} />
      </Stack>
    </Paper>
  );
};
