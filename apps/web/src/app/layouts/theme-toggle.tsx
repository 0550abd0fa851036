import { ActionIcon, useComputedColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreferenceActions } from './use-preference-actions.ts';

/** Light/dark toggle; saved to the profile when signed in. */
export const ThemeToggle = () => {
  const { t } = useTranslation('shell');
  const scheme = useComputedColorScheme('light');
  const { setTheme } = usePreferenceActions();
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => void setTheme(next)}
      aria-label={next === 'dark' ? t('theme.toDark') : t('theme.toLight')}
      data-tour="theme"
    >
      {scheme === 'dark' ? <IconSun size={20} aria-hidden="true" /> : <IconMoon size={20} aria-hidden="true" />}
    </ActionIcon>
  );
};
