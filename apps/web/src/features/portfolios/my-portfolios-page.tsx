import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@klase/core/roles';
import type { PortfolioRow } from '@klase/core/portfolios/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { Loading, PortfolioCard, PortfolioGrid } from './portfolio-cards.tsx';
import { PortfolioFormDialog } from './portfolio-form-dialog.tsx';
import { useGroupChoices, usePortfolioList, type PortfolioSort } from './portfolios-api.ts';

const SORTS: readonly PortfolioSort[] = ['updatedAt', 'title', 'createdAt'];

const Cards = ({ rows, showOwner }: { rows: readonly PortfolioRow[]; showOwner?: boolean }) => (
  <PortfolioGrid>
    {rows.map((row) => (
      <PortfolioCard key={row.id} row={row} to={paths.accountPortfolio.to(row.id)} showOwner={showOwner} />
    ))}
  </PortfolioGrid>
);

/** "My groups' portfolios": every portfolio of the student's groups, drafts too (members edit them together). */
const GroupPortfolios = ({ sort, onNew }: { sort: PortfolioSort; onNew: () => void }) => {
  const { t } = useTranslation('portfolios');
  const list = usePortfolioList({ kind: 'myGroups' }, sort);
  const rows = list.data?.data ?? [];
  const newButton = (
    <Button variant="default" leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={onNew}>
      {t('mine.newGroup')}
    </Button>
  );
  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <ErrorText error={list.error} />;
  else if (rows.length === 0) body = <EmptyState text={t('mine.groupsEmpty')}>{newButton}</EmptyState>;
  else body = <Cards rows={rows} showOwner />;
  return (
    <Stack gap="md" component="section" aria-labelledby="my-group-portfolios">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3" id="my-group-portfolios">
          {t('mine.groupsHeading')}
        </Title>
        {rows.length > 0 && newButton}
      </Group>
      {body}
    </Stack>
  );
};

/**
 * `#/account/portfolios`: the caller's own portfolios, newest change first (or by title or creation),
 * and "New portfolio"; for a student in groups, their groups' portfolios below, and the new
 * portfolio's dialog asks whose it is.
 */
export const MyPortfoliosPage = () => {
  const { t } = useTranslation('portfolios');
  const isStudent = useSession((s) => s.profile?.roleId === ROLE.student);
  const [sort, setSort] = useState<PortfolioSort>('updatedAt');
  const [creating, setCreating] = useState<{ owner: string } | null>(null);
  const list = usePortfolioList({ kind: 'mine' }, sort);
  const groups = useGroupChoices(isStudent).data?.groups ?? [];
  const rows = list.data?.data ?? [];
  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating({ owner: '' })}>
      {t('mine.new')}
    </Button>
  );

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <ErrorText error={list.error} />;
  else if (rows.length === 0) body = <EmptyState text={t('mine.empty')}>{newButton}</EmptyState>;
  else body = <Cards rows={rows} />;

  return (
    <Stack gap="xl">
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
      </Stack>
      {groups.length > 0 && <GroupPortfolios sort={sort} onNew={() => setCreating({ owner: groups[0]?.id ?? '' })} />}
      {creating && <PortfolioFormDialog portfolio={null} groups={groups} initialOwner={creating.owner} onClose={() => setCreating(null)} />}
    </Stack>
  );
};
