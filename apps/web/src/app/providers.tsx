import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { isApiError } from '../components/http.ts';
import { i18next } from '../i18n/i18n.ts';
import { THEME_STORAGE_KEY, rememberedTheme } from '../lib/preferences.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Retries only what may succeed on a second try: network failures and 5xx, at most twice. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && (!isApiError(error) || error.code === 'NETWORK' || error.status >= 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

/** Mantine (theme, light/dark from the profile), React Query, modals and top-right toasts. */
export const Providers = ({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) => (
  <I18nextProvider i18n={i18next}>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={rememberedTheme()}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </I18nextProvider>
);
