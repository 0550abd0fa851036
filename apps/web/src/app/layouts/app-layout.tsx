import { useState } from 'react';
import { AppShell, Box, Burger, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@klase/core/roles';
import { useSession } from '../../lib/session-store.ts';
import { paths } from '../../config/paths.ts';
import { ChildSwitcher } from './child-switcher.tsx';
import { HelpMenu } from './help-menu.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { NavLinks } from './nav-links.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { TourGate } from './tour-gate.tsx';
import { UserMenu } from './user-menu.tsx';
import { MessagesDrawer } from '../../features/messaging/messages-drawer.tsx';
import { PageLoader } from '../../components/page-loader.tsx';

const HEADER_HEIGHT = 60;
const HEADER_Z_INDEX = 100;

/** The product's name, leading to the dashboard. */
const HomeLink = () => {
  const { t } = useTranslation('shell');
  return (
    <UnstyledButton component={Link} to={paths.dashboard.to()} aria-label={t('homeLink')}>
      <Text fw={800} fz="xl" c="var(--mantine-color-anchor)">
        {t('appName')}
      </Text>
    </UnstyledButton>
  );
};

/** The phone navigation drawer: focus goes back to the burger on close, not after choosing an entry. */
const useNavDrawer = () => {
  const [opened, { open, close }] = useDisclosure(false);
  const [returnFocus, setReturnFocus] = useState(true);
  const openDrawer = () => {
    setReturnFocus(true);
    open();
  };
  const closeAfterChoice = () => {
    setReturnFocus(false);
    close();
  };
  return { opened, close, returnFocus, openDrawer, closeAfterChoice };
};

/**
 * The signed-in frame: header, role navigation and main. On small screens the navigation is a
 * modal drawer opened by the burger: focus moves into it and stays there, Escape closes it and
 * focus returns to the burger; choosing an entry closes it and the new page's h1 gets focus (the
 * root layout does that after every navigation), so focus is not returned to the burger then.
 */
export const AppLayout = () => {
  const { t } = useTranslation('shell');
  const { opened, close, returnFocus, openDrawer, closeAfterChoice } = useNavDrawer();
  const profile = useSession((s) => s.profile);
  // One child switcher at a time: in the header on wide screens, above the page on phones.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  if (!profile) return <PageLoader />;
  const isParent = profile.roleId === ROLE.parent;
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      zIndex={HEADER_Z_INDEX}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={opened ? close : openDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('nav.close') : t('nav.open')}
              aria-expanded={opened}
              aria-controls="klase-navbar"
              data-tour="nav-burger"
            />
            <HomeLink />
          </Group>
          <Group gap={4} wrap="nowrap">
            {isParent && wide && <ChildSwitcher compact />}
            <NotificationBell />
            <MessagesDrawer />
            <LanguageMenu />
            <ThemeToggle />
            <HelpMenu />
            <UserMenu profile={profile} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.label')} visibleFrom="sm">
        <NavLinks roleId={profile.roleId} />
      </AppShell.Navbar>
      {/* Under the header (its burger, now "Close navigation", stays visible and clickable). */}
      <Drawer
        opened={opened}
        onClose={close}
        returnFocus={returnFocus}
        hiddenFrom="sm"
        size={280}
        padding="sm"
        zIndex={HEADER_Z_INDEX - 1}
        styles={{ inner: { top: HEADER_HEIGHT }, overlay: { top: HEADER_HEIGHT } }}
        title={t('nav.label')}
        withCloseButton={false}
      >
        <Box component="nav" id="klase-navbar" aria-label={t('nav.label')}>
          <NavLinks roleId={profile.roleId} onNavigate={closeAfterChoice} />
        </Box>
      </Drawer>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {isParent && !wide && (
          <Stack mb="md">
            <ChildSwitcher />
          </Stack>
        )}
        <Outlet />
      </AppShell.Main>
      <TourGate />
    </AppShell>
  );
};
