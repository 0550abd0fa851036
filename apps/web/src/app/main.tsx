// Mantine's global styles; each component's own styles come with the component, in the chunk that
// uses it (build/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import './slots.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n.ts';
import { rememberedLanguage } from '../lib/preferences.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { registerServiceWorker } from './service-worker.ts';

/** Entry: the last used language first (the profile's replaces it after sign-in), then the app. */
const start = async () => {
  await initI18n(rememberedLanguage());
  const router = createAppRouter();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');
  createRoot(rootElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  registerServiceWorker();
};

void start();
