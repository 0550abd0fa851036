import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineCssPerComponent } from './build/mantine-css.ts';
import { precompress } from './build/precompress.ts';
import { LOGIN_ROUTE } from './build/route-bytes.ts';
import { routePreload } from './build/route-preload.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { shellOnly } from './sw/shell-manifest.ts';
import { FEATURE_NAMESPACES, ROUTE_NAMESPACES } from './src/i18n/namespaces.ts';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * Text catalogues (src/i18n, core's errors and validation), grouped as they load: per language,
 * the base namespaces (English: with the entry) apart from the feature ones (all loaded together
 * once somebody signs in, loadFeatureNamespaces) and each route namespace apart (loaded with its page),
 * instead of one chunk per file.
 */
const textsChunk = (id: string): string | null => {
  const m = /[\\/]i18n[\\/](?:locales[\\/])?(en-us|ph|zh)[\\/]([^\\/]+)\.json$/.exec(id);
  if (!m) return null;
  if ((ROUTE_NAMESPACES as readonly string[]).includes(m[2] ?? '')) return `texts-${m[1]}-${m[2]}`;
  return (FEATURE_NAMESPACES as readonly string[]).includes(m[2] ?? '') ? `texts-${m[1]}-features` : `texts-${m[1]}`;
};
/**
 * Mantine components whose modules hold their stylesheet (build/mantine-css.ts) cannot be inlined
 * (see below), so Rolldown would leave each one a chunk and a CSS file of its own: ~30 requests
 * per page. Two groups gather them (with their dependencies) by when they are needed: those of the
 * boot screen and the visitor pages (sign-in), which every page loads, and those of the signed-in
 * layout (menus, drawer, modals, scroll areas), which every signed-in page loads. Components used
 * by single pages stay with those pages. A component missing here costs one more small chunk,
 * never a wrong page; the budget test (build/route-budget.test.ts) watches the bytes and counts.
 */
const MANTINE_FIRST =
  /@mantine[\\/]core[\\/]esm[\\/](?:components[\\/](?:Loader|Center|VisuallyHidden|Input|InputBase|CloseButton|ActionIcon|Alert|Anchor|PasswordInput|Paper)[\\/]|core[\\/]utils[\\/]noop[\\/]|components[\\/]Combobox[\\/](?:ComboboxChevron[\\/]|Combobox\.module|get-parsed-combobox-data[\\/]))/;
const MANTINE_SIGNED_IN =
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Menu|Popover|ScrollArea|FocusTrap|ModalBase|Modal|NavLink|Collapse|Image|Combobox)[\\/]|node_modules[\\/](?:react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton)[\\/]/;

/**
 * Shared code smaller than this (transformed source, before minifying) is copied into the chunks
 * that use it instead of being a chunk of its own: a page then needs ~30 scripts instead of ~160,
 * each costing a round trip and ~300 bytes of headers on a phone (docs/performance.md, issue 15).
 */
const INLINE_SHARED_BELOW = 16 * 1024;

/** `location.hash` of the sign-in page (`#/account/login`, with or without a query) and of the start page. */
const SIGN_IN_HASH = /^(?:#\/?|#\/account\/?|#\/account\/login(?:[/?].*)?)?$/;

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
    // The sign-in page's lazy chunks start downloading with the entry (build/route-preload.ts):
    // for the sign-in address, and for the start address, which sends a visitor there.
    routePreload({ hash: SIGN_IN_HASH, modules: LOGIN_ROUTE }),
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
    rolldownOptions: {
      // Required by inlined common chunks; the app has no library entry whose exports must stay.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: INLINE_SHARED_BELOW,
            // Vite's CSS plugin emits a style module's CSS from every chunk that prints a copy of
            // it, so chunks holding styles stay files (as the Rolldown guide advises for Vite).
            exclude: /\.(?:css|scss|sass|less|styl|stylus|pcss|postcss|sss)(?:\?|$)/,
          },
          groups: [
            { name: textsChunk },
            // The boot and sign-in components win over the signed-in ones where both match.
            { name: 'mantine-first', test: MANTINE_FIRST, priority: 2 },
            { name: 'mantine-signed-in', test: MANTINE_SIGNED_IN, priority: 1 },
          ],
        },
      },
    },
  },
});
