import { useCallback } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Locale, Theme } from '@klase/core/constants';
import type { PreferencesRequest, Profile } from '@klase/core/auth/contracts';
import { apiFetch } from '../../api/http.ts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';
import { rememberLanguage } from '../../lib/preferences.ts';
import { getSession, updateProfile } from '../../lib/session-store.ts';

/**
 * Language and theme switches. They apply at once; when someone is signed in the choice is also
 * saved to the profile (PATCH /api/account/preferences), otherwise it is only remembered locally.
 */
export const usePreferenceActions = () => {
  const { setColorScheme } = useMantineColorScheme();
  const errorMessage = useErrorMessage();
  const { i18n } = useTranslation();

  const save = useCallback(
    async (body: PreferencesRequest) => {
      if (getSession().status !== 'authenticated') return;
      try {
        updateProfile(await apiFetch<Profile>('/api/account/preferences', { method: 'PATCH', body }));
      } catch (e) {
        // Loaded on demand: the sign-in pages use this hook and should not download the toasts.
        const { toastError } = await import('../../lib/toasts.ts');
        toastError(errorMessage(e));
      }
    },
    [errorMessage],
  );

  const setLanguage = useCallback(
    async (language: Locale) => {
      rememberLanguage(language);
      await changeLanguage(language);
      await save({ language });
    },
    [save],
  );

  const setTheme = useCallback(
    async (theme: Theme) => {
      setColorScheme(theme);
      await save({ theme });
    },
    [save, setColorScheme],
  );

  return { setLanguage, setTheme, language: i18n.language };
};
