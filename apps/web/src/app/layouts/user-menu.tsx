import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconEdit, IconKey, IconLogout, IconRoute, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@klase/core/auth/contracts';
import { ImageLoader } from '../../components/image-loader.tsx';
import { fullName, photoUrl } from '../../lib/photo.ts';
import { logout } from '../../lib/session.ts';
import { paths } from '../../config/paths.ts';
import { useReplayTour } from './help-menu.tsx';

/** The user's photo and name; the menu holds the account pages and sign-out (and, on a phone, the tour). */
export const UserMenu = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const replayTour = useReplayTour();
  const name = fullName({ firstName: profile.firstName, lastName: profile.lastName });
  const signOut = async () => {
    await logout();
    await navigate(paths.login.to(), { replace: true });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.open', { name })} data-tour="user-menu" p={4} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            <ImageLoader src={photoUrl(profile)} alt="" width={36} height={36} radius="xl" fit="cover" />
            <Text size="sm" fw={500} visibleFrom="sm" lineClamp={1} maw={160}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{profile.username}</Menu.Label>
        <Menu.Item component={Link} to={paths.accountDetails.to()} leftSection={<IconUserCircle size={16} aria-hidden="true" />}>
          {t('userMenu.account')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.accountEdit.to()} leftSection={<IconEdit size={16} aria-hidden="true" />}>
          {t('userMenu.edit')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.changePassword.to()} leftSection={<IconKey size={16} aria-hidden="true" />}>
          {t('userMenu.changePassword')}
        </Menu.Item>
        {/* The header's help menu has no room on a phone: its entry is here then. */}
        <Menu.Item hiddenFrom="sm" onClick={replayTour} leftSection={<IconRoute size={16} aria-hidden="true" />}>
          {t('help.tour')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()} leftSection={<IconLogout size={16} aria-hidden="true" />}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
