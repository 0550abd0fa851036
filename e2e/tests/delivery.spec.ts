import type { CDPSession, Page, Response } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.ts';

/**
 * Issue 15: what a phone downloads. Assets and JSON answers arrive compressed, and a repeat visit
 * comes from the HTTP cache (hashed files are immutable for a year; index.html is revalidated).
 */

/** Bytes that came over the network (headers and bodies) while `run` ran, from Chromium's own count. */
const networkBytes = async (cdp: CDPSession, run: () => Promise<void>) => {
  const fromNetwork = new Map<string, string>();
  const bytes = new Map<string, number>();
  const onResponse = (e: { requestId: string; response: { url: string; fromDiskCache?: boolean; fromServiceWorker?: boolean } }) => {
    if (!e.response.fromDiskCache && !e.response.fromServiceWorker) fromNetwork.set(e.requestId, e.response.url);
  };
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => bytes.set(e.requestId, e.encodedDataLength);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  try {
    await run();
  } finally {
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.loadingFinished', onFinished);
  }
  const rows = [...fromNetwork].map(([id, url]) => ({ url, bytes: bytes.get(id) ?? 0 }));
  return { total: rows.reduce((n, r) => n + r.bytes, 0), rows };
};

const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
};

test('assets and JSON answers over 1 KB come compressed with brotli', async ({ page }) => {
  const responses: Response[] = [];
  // JSON bodies are read as each answer arrives: a body is gone once its page has moved on.
  const json: Promise<{ url: string; size: number; encoding?: string } | null>[] = [];
  let readJson = false;
  page.on('response', (r) => {
    responses.push(r);
    if (!readJson || !new URL(r.url()).pathname.startsWith('/api/') || r.status() !== 200) return;
    json.push(
      r
        .allHeaders()
        .then(async (headers) =>
          /json/.test(headers['content-type'] ?? '') ? { url: r.url(), size: (await r.body()).length, encoding: headers['content-encoding'] } : null,
        ),
    );
  });
  await page.goto('/#/account/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await settled(page);

  const scripts = responses.filter((r) => /\/assets\/.+\.js$/.test(new URL(r.url()).pathname));
  expect(scripts.length).toBeGreaterThan(0);
  for (const r of scripts) {
    const headers = await r.allHeaders();
    expect(headers['content-encoding'], r.url()).toBe('br');
    expect(headers['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
  }
  const styles = responses.filter((r) => /\/assets\/.+\.css$/.test(new URL(r.url()).pathname));
  for (const r of styles) expect((await r.allHeaders())['content-encoding'], r.url()).toBe('br');

  readJson = true;
  await signIn(page, 'teacher1');
  // The dashboard's answers are read before the next page is opened: a body still being read when
  // the page moves on is gone (CI saw that once).
  await settled(page);
  await Promise.all(json);
  // The heading shows before the list arrives (and the service worker may answer after
  // networkidle): wait for the list itself.
  const list = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/courses' && r.status() === 200);
  await page.goto('/#/courses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await list;
  await settled(page);
  const answers = (await Promise.all(json)).filter((j) => j !== null);
  const big = answers.filter((j) => j.size >= 1024);
  expect(big.length, JSON.stringify(answers)).toBeGreaterThan(0);
  for (const j of big) expect(j.encoding, j.url).toBe('br');
});

test('a repeat visit fetches at most 20 KB from the network (HTTP cache)', async ({ page }) => {
  await signIn(page, 'student1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);

  // A later visit: a new tab of the same browser opens the app again.
  const again = await page.context().newPage();
  const cdp = await page.context().newCDPSession(again);
  await cdp.send('Network.enable');
  const visit = await networkBytes(cdp, async () => {
    await again.goto('/#/dashboard');
    await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(again);
  });
  const report = visit.rows.map((r) => `${r.bytes} ${r.url}`).join('\n');
  expect(
    visit.rows.some((r) => /\/assets\//.test(r.url)),
    `no asset should come from the network:\n${report}`,
  ).toBe(false);
  expect(visit.total, `bytes from the network on a repeat visit:\n${report}`).toBeLessThanOrEqual(20 * 1024);
});

test('the sign-in page asks for its own code while the entry loads, with nothing refused by the CSP', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(?:login-page|visitor-layout)-[\w-]+\.(?:js|css)$/.test(new URL(r.url()).pathname)) chunks.push(new URL(r.url()).pathname);
  });
  await page.goto('/#/account/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await settled(page);
  // index.html's inline script added the preload links while the document was parsed: they stand
  // before the entry's own script tag (the stylesheet the app adds later goes to the end of <head>).
  const placedFirst = await page.evaluate(() => {
    const entry = document.querySelector('head script[type="module"]');
    const links = Array.from(document.head.querySelectorAll('link[rel$="preload"]')).filter((l) =>
      /\/(?:login-page|visitor-layout)-/.test(l.getAttribute('href') ?? ''),
    );
    return entry !== null && links.length >= 3 && links.every((l) => Boolean(l.compareDocumentPosition(entry) & Node.DOCUMENT_POSITION_FOLLOWING));
  });
  expect(placedFirst).toBe(true);
  // Each file once: the app's own requests reuse the early downloads.
  expect([...chunks].sort()).toEqual([...new Set(chunks)].sort());
  expect(chunks.length).toBe(3);
  expect(refused).toEqual([]);
});
