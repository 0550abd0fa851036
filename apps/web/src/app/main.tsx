// Mantine's global styles; each component's own styles come with the component, in the chunk that
// uses it (build/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import './slots.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n.ts';
import { rememberedLanguage } from '../lib/preferences.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { registerServiceWorker } from './service-worker.ts';

/**
 * Lets the browser paint and handle input before the next start-up step: evaluating the scripts,
 * the texts, the router (which starts the session check and the page's code) and the first render
 * are each a task of their own instead of one long task on a slow phone (issue 15).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Entry: the last used language first (the profile's replaces it after sign-in), then the app. */
const start = async () => {
  await nextTask();
  await initI18n(rememberedLanguage());
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');
  const root = createRoot(rootElement);
  // A transition: React renders the app in slices of a few milliseconds and lets the browser work
  // in between, instead of one long task on a slow phone (issue 15, Total Blocking Time). The boot
  // screen stays until the first render is committed.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
};

void start();
