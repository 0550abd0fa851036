import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { activeNavKey, navItemsFor } from '../nav-items.ts';

/** The role's navigation entries (only screens that exist). */
export const NavLinks = ({ roleId, onNavigate }: { roleId: number; onNavigate?: () => void }) => {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const items = navItemsFor(roleId);
  const activeKey = activeNavKey(items, pathname);
  return (
    <Stack gap={4} data-tour="nav">
      {items.map((item) => {
        const Icon = item.icon;
        const active = item.key === activeKey;
        return (
          <MantineNavLink
            key={item.key}
            component={NavLink}
            to={item.to}
            label={t(item.label)}
            leftSection={<Icon size={20} aria-hidden={true} />}
            active={active}
            variant="filled"
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            data-tour={`nav-${item.key}`}
          />
        );
      })}
    </Stack>
  );
};
