import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../i18n/i18n.ts';
import { THEME_STORAGE_KEY, rememberedTheme } from '../lib/preferences.ts';
import { ToastHost } from './layouts/toast-host.tsx';
import { cssVariablesResolver, theme } from '../components/theme.ts';

const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

/**
 * Root providers: Mantine (theme; light/dark from the profile, remembered for the login page),
 * i18n and the top-right toasts (`<Notifications position="top-right" />`, see ToastHost).
 * QueryClientProvider and ModalsProvider wrap the pages through the lazy FeatureProviders layout
 * route (app/layouts/feature-providers.tsx), which keeps them out of the login route's download.
 */
export const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18next}>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme={rememberedTheme()}>
      <ToastHost />
      {children}
    </MantineProvider>
  </I18nextProvider>
);
