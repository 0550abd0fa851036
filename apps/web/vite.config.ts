import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineCssPerComponent } from './build/mantine-css.ts';
import { precompress } from './build/precompress.ts';

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [mantineCssPerComponent(), react(), precompress()],
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
