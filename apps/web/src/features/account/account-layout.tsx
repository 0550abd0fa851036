import { Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canOpen } from '@klase/core/guards';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';

/** The account area with its tabs: details, parent profile (parents), child, portfolios (students and teachers). */
export const AccountLayout = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const isParent = canOpen('parentProfile', roleId);
  const onChild = pathname.startsWith('/account/child');
  // A portfolio's page (`portfolios/:id`) sits under the portfolios tab.
  const current = pathname.startsWith(`${paths.accountPortfolios.to()}/`) ? paths.accountPortfolios.to() : pathname;
  const tabs = [
    { value: paths.accountDetails.to(), label: t('tabs.details') },
    ...(isParent ? [{ value: paths.accountParent.to(), label: t('tabs.parent') }] : []),
    ...(onChild ? [{ value: pathname, label: t('tabs.child') }] : []),
    ...(canOpen('ownPortfolios', roleId) ? [{ value: paths.accountPortfolios.to(), label: t('tabs.portfolios') }] : []),
  ];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Tabs value={current} onChange={(v) => v && v !== pathname && void navigate(v)} keepMounted={false}>
        <Tabs.List aria-label={t('tabs.label')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current} pt="md">
          <Outlet />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
