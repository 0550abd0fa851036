import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineCssPerComponent } from './build/mantine-css.ts';
import { precompress } from './build/precompress.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { shellOnly } from './sw/shell-manifest.ts';

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [
    mantineCssPerComponent(),
    react(),
    // The web app manifest and the service worker (sw/sw.ts); registered by app/service-worker.ts in builds only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: null,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
        // Only the shell is fetched at install; other pages' code is kept when first opened.
        manifestTransforms: [shellOnly('dist')],
      },
      manifest: {
        id: '/',
        name: 'Klase',
        short_name: 'Klase',
        description: 'Klase, a learning-management system for K-12 schools.',
        lang: 'en',
        start_url: '/#/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#3b5bdb',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
