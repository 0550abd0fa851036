import type { Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

/**
 * The installable, offline-tolerant app (issue 15) with the fixtures of
 * apps/api/src/test/e2e-fixtures.ts ("Offline use", one set per project): the manifest is
 * install-ready and the service worker takes control; a quiz answer typed without a network is
 * kept on the device and reaches the server once the network is back; a second visit with the
 * network cut starts from the cached app and shows the material the student opened.
 */
const f = (project: string) => ({ student: `e2e.offline.${project}`, className: `E2E Offline ${project}` });
const READING = 'Water evaporates, condenses into clouds and falls as rain.';

interface ManifestIcon {
  src: string;
  sizes: string;
  purpose?: string;
}

const serviceWorkerControls = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller?.state ?? null)), { timeout: 20_000 })
    .toBe('activated');

test('installable; an answer typed offline arrives after reconnecting; a second visit offline shows the app and an opened material', async ({
  page,
  context,
  a11y,
}, info) => {
  test.setTimeout(150_000);
  const x = f(info.project.name);

  // Install-ready: a linked manifest with the name, a start page, standalone display and the icons.
  await signIn(page, x.student);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifestAnswer = await page.request.get(manifestHref!);
  expect(manifestAnswer.ok()).toBe(true);
  const manifest = (await manifestAnswer.json()) as { name: string; start_url: string; display: string; icons: ManifestIcon[] };
  expect(manifest).toMatchObject({ name: 'Klase', start_url: '/#/', display: 'standalone' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  await serviceWorkerControls(page);

  // Online: the student reads the page, then starts the quiz and answers the first question.
  await goTo(page, /^classes$/i);
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(x.className) })
    .first()
    .click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Quiz course/ })
    .first()
    .click();
  await page.getByRole('link', { name: /^start$/i }).click();
  await expect(page.getByText(READING)).toBeVisible();
  const readingHref = new URL(page.url()).hash;
  await page.getByRole('link', { name: /next/i }).first().click();
  await page.getByRole('button', { name: /^start quiz$/i }).click();
  const startDialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: /^start quiz$/i }) })
    .last();
  await startDialog.getByRole('button', { name: /^start quiz$/i }).click();
  await expect(page).toHaveURL(/\/quiz\/[0-9a-f-]{36}\/attempt\/[0-9a-f-]{36}$/);
  const attemptId = /\/attempt\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
  await page.getByRole('radio', { name: 'Manila' }).check();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  // The network goes: the typed answer waits on the device and says so.
  const puts: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'PUT' && r.url().includes(`/api/attempts/${attemptId}/answers/`)) puts.push(r.status());
  });
  await context.setOffline(true);
  await page.getByRole('button', { name: /^next$/i }).click();
  await page.getByRole('textbox', { name: /answer to question 2/i }).fill('Jose Rizal');
  await expect(page.getByTestId('save-status')).toHaveText('Saved on this device, will send when online', { timeout: 15_000 });
  await expect(page.getByTestId('connection-banner')).toContainText('No internet connection');
  await a11y('quiz attempt (offline)');

  // Back online: it is sent, and the server has it once.
  await context.setOffline(false);
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 20_000 });
  const stored = await page.request.get(`/api/attempts/${attemptId}`, { headers: { 'x-requested-with': 'klase' } });
  expect(stored.ok()).toBe(true);
  const attempt = (await stored.json()) as { answers: Record<string, { type: string; text?: string }> };
  expect(Object.values(attempt.answers).filter((a) => a.type === 'shortAnswer')).toEqual([{ type: 'shortAnswer', text: 'Jose Rizal' }]);
  expect(puts.filter((s) => s === 200)).toHaveLength(1);

  // A second visit with the network cut: the app starts from the device and shows the page read before.
  await page.close();
  await context.setOffline(true);
  const again = await context.newPage();
  try {
    await again.emulateMedia({ reducedMotion: 'reduce' });
    await again.goto(`/${readingHref}`);
    await expect(again.getByText(READING)).toBeVisible({ timeout: 20_000 });
    await expect(again.getByTestId('connection-banner')).toContainText('No internet connection');
    await checkA11y(again, 'material (second visit, offline)');
  } finally {
    await context.setOffline(false);
  }
});
