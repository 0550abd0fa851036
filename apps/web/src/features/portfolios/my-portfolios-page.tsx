import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { paths } from '../../config/paths.ts';
import { Loading, PortfolioCard, PortfolioGrid } from './portfolio-cards.tsx';
import { PortfolioFormDialog } from './portfolio-form-dialog.tsx';
import { usePortfolioList, type PortfolioSort } from './portfolios-api.ts';

const SORTS: readonly PortfolioSort[] = ['updatedAt', 'title', 'createdAt'];

/** `#/account/portfolios`: the caller's own portfolios, newest change first (or by title or creation), and "New portfolio". */
export const MyPortfoliosPage = () => {
  const { t } = useTranslation('portfolios');
  const [sort, setSort] = useState<PortfolioSort>('updatedAt');
  const [creating, setCreating] = useState(false);
  const list = usePortfolioList({ kind: 'mine' }, sort);
  const rows = list.data?.data ?? [];
  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
      {t('mine.new')}
    </Button>
  );

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <ErrorText error={list.error} />;
  else if (rows.length === 0) body = <EmptyState text={t('mine.empty')}>{newButton}</EmptyState>;
  else
    body = (
      <PortfolioGrid>
        {rows.map((row) => (
          <PortfolioCard key={row.id} row={row} to={paths.accountPortfolio.to(row.id)} />
        ))}
      </PortfolioGrid>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          {t('mine.heading')}
        </Title>
        {rows.length > 0 && newButton}
      </Group>
      {rows.length > 1 && (
        <NativeSelect
          label={t('mine.sort')}
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value as PortfolioSort)}
          data={SORTS.map((s) => ({ value: s, label: t(`mine.sorts.${s}`) }))}
          maw={240}
        />
      )}
      {body}
      {creating && <PortfolioFormDialog portfolio={null} onClose={() => setCreating(false)} />}
    </Stack>
  );
};
