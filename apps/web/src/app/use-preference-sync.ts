import { useEffect, useEffectEvent } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { changeLanguage } from '../i18n/i18n.ts';
import { rememberLanguage } from '../lib/preferences.ts';
import { useSession } from '../lib/session-store.ts';

/**
 * Applies the signed-in user's language and theme (spec section 1: they come from the profile at
 * login) and remembers them, so the login page keeps them after sign-out. The theme is applied when
 * the profile's changes, not again whenever the scheme does (Mantine's setter changes with it), so a
 * switch made elsewhere (another tab) is not undone.
 */
export const usePreferenceSync = () => {
  const language = useSession((s) => s.profile?.language);
  const theme = useSession((s) => s.profile?.theme);
  const { setColorScheme } = useMantineColorScheme();
  const applyTheme = useEffectEvent((value: typeof theme) => {
    if (value) setColorScheme(value);
  });
  useEffect(() => {
    if (!language) return;
    rememberLanguage(language);
    void changeLanguage(language);
  }, [language]);
  useEffect(() => applyTheme(theme), [theme]);
};
