import { ActionIcon, Menu } from '@mantine/core';
import { IconHelp, IconRoute } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { startTour } from '../../lib/tour.ts';
import { paths } from '../../config/paths.ts';

/** Replays the guided tour from its first step, on the dashboard (its steps point there). */
export const useReplayTour = () => {
  const navigate = useNavigate();
  return () => {
    void startTour();
    void navigate(paths.dashboard.to());
  };
};

/**
 * The help menu with "Take the tour". On a phone the header has no room for it: the user menu
 * holds the same entry there (user-menu.tsx).
 */
export const HelpMenu = () => {
  const { t } = useTranslation('shell');
  const replay = useReplayTour();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('help.open')} data-tour="help" visibleFrom="sm">
          <IconHelp size={20} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('help.label')}</Menu.Label>
        <Menu.Item onClick={replay} leftSection={<IconRoute size={16} aria-hidden="true" />}>
          {t('help.tour')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
