import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { appQueryClient } from '../../api/query-client.ts';

/**
 * React Query and Mantine's ModalsProvider (used by the shared `useConfirm`) around every page
 * that loads data or asks for confirmation. A lazy layout route rather than a root provider, so
 * the login route does not download the query cache, Modal, focus trap and scroll lock code it
 * never uses. All pages share one QueryClient (app/query-client.ts).
 */
export const FeatureProviders = () => (
  <QueryClientProvider client={appQueryClient()}>
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  </QueryClientProvider>
);
