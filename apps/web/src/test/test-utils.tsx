import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../i18n/i18n.ts';
import { cssVariablesResolver, theme } from '../components/theme.ts';

/** A fresh query client for one test: no retries, nothing cached between tests. */
export const createTestQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });

interface ProviderOptions {
  queryClient?: QueryClient;
}

/** The app's providers and theme, in Mantine's test mode (no transitions). */
export const TestProviders = ({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) => (
  <I18nextProvider i18n={i18next}>
    <MantineProvider env="test" theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </I18nextProvider>
);

/** Renders `ui` inside MantineProvider, QueryClientProvider, ModalsProvider, Notifications and I18nextProvider. */
export const renderWithProviders = (
  ui: ReactElement,
  { queryClient = createTestQueryClient(), ...options }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) => {
  notifications.clean();
  const result = render(ui, {
    wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
    ...options,
  });
  return { ...result, queryClient };
};

/** Builds a JSON `Response` for tests that stub global fetch. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
