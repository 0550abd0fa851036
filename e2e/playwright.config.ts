import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `klase-e2e-${process.pid}`);

/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink and V8 as the browser,
 * without the browser's window and UI layers; Playwright's own choice for headless runs) when it is
 * installed, which takes about an eighth less time than the full browser here (decision 0065);
 * otherwise the full browser.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

const chromium = {
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Browser tests drive the real server (PGlite in a fresh folder) and the built SPA. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'Asia/Manila',
  },
  projects: [
    // The desk tasks' 360 px check is its own spec (phone-desk-pages), so it runs on the phone only.
    {
      name: 'desktop',
      testIgnore: /phone-desk-pages/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'phone',
      // Desk work (tagged @desk) runs on the desktop only; phone-desk-pages opens its pages at 360 px (decision 0064).
      grepInvert: /@desk/,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions: chromium },
    },
  ],
  webServer: {
    command: `node ../scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_DATA_DIR: dataDir, PORT: String(port) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
