import { test as base, expect, type Frame, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const DEMO_PASSWORD = 'Klase#2026';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The key of Mantine's colour-scheme manager (apps/web/src/lib/preferences.ts THEME_STORAGE_KEY). */
const THEME_STORAGE_KEY = 'klase.theme';
type Scheme = 'light' | 'dark';

/** axe-core's browser build, put into the page by `ensureAxe`. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type AxeWindow = { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/** Gives up on a frame that does not answer within a second (a frame still loading or gone). */
const within1s = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('frame did not answer')), 1000))]);

/**
 * Puts axe-core into every frame of the page once a document: a check after a click or a client-side
 * route change finds it there and only runs it. (@axe-core/playwright evaluated the 0.6 MB script
 * twice in every frame for every check, a third of a check's cost; decision 0066.) A frame that
 * cannot be reached (gone, or an error page of an embed) is not tested, as with that library.
 */
const ensureAxe = async (page: Page) => {
  const inject = async (frame: Frame, wait: <T>(p: Promise<T>) => Promise<T>) => {
    if (await wait(frame.evaluate('typeof window.axe?.run === "function"'))) return;
    await wait(frame.evaluate(AXE_SOURCE));
    // Axe's frame messenger talks to same-origin frames only (our frames of other sites are video embeds).
    await wait(frame.evaluate("axe.configure({ allowedOrigins: ['<same_origin>'] })"));
  };
  await inject(page.mainFrame(), (p) => p);
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // Not reachable: skipped.
    await inject(frame, within1s).catch(() => undefined);
  }
};

/**
 * Axe runs in the page's own frame (`axe.run`, what @axe-core/playwright calls "legacy mode"): the
 * default mode of that library opened a blank page for every check to merge the frames' results
 * (decision 0061). Same-origin frames are tested through axe's frame messenger; cross-origin ones
 * (the video embeds of other sites) are not. Only the violations come back whole (`resultTypes`):
 * axe then keeps one node of each passed rule instead of building a selector for every node it
 * checked, about a sixth of a full pass.
 */
const seriousViolations = async (page: Page, only?: string[]) => {
  await ensureAxe(page);
  const options: RunOptions = {
    runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: TAGS },
    resultTypes: ['violations'],
  };
  const results = await page.evaluate((o) => (window as unknown as AxeWindow).axe.run(document, o), options);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
};

/**
 * Switches the page's colour scheme the way another tab of the same browser does (a `storage`
 * event for Mantine's colour-scheme manager), so the React parts that compute colours in script
 * re-render too; nothing is saved to the profile.
 */
export const setColorScheme = async (page: Page, scheme: Scheme) => {
  await page.evaluate(
    ([key, value]) => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }));
      // A timer, not an animation frame: a page behind another tab gets no frames. React renders
      // the colours computed in script well within it.
      return new Promise<void>((done) => setTimeout(done, 50));
    },
    [THEME_STORAGE_KEY, scheme] as const,
  );
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
};

/**
 * Brings the page's finite animations and CSS transitions to their end state at once. A dialog still
 * fading in (a page of a context made without reduced motion) has text at part opacity, and a control
 * whose colour transitions after a scheme switch (Mantine's segmented control) is between two
 * colours: contrast is judged at the state they end in, which `finish()` gives without waiting their
 * duration out (about a quarter of a second a check). Spinners and skeletons run forever and are left alone.
 */
const settleAnimations = (page: Page) =>
  page.evaluate(() => {
    for (const a of document.getAnimations()) {
      if (!Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity))) continue;
      try {
        a.finish();
      } catch {
        // An animation that cannot be finished (paused at a zero rate) is judged where it stands.
      }
    }
  });

/**
 * Runs axe on the current page and fails on serious or critical violations: every rule in the
 * page's colour scheme, then the colour rules (contrast) once more in the other scheme, which is
 * switched back afterwards. Only colours differ between the schemes, so the second pass keeps to
 * them (it costs a fraction of a full pass).
 */
export const checkA11y = async (page: Page, label = page.url()) => {
  await settleAnimations(page);
  const scheme: Scheme = (await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark' ? 'dark' : 'light';
  const other: Scheme = scheme === 'dark' ? 'light' : 'dark';
  expect(await seriousViolations(page), `accessibility violations on ${label} (${scheme})`).toEqual([]);
  await setColorScheme(page, other);
  try {
    await settleAnimations(page);
    expect(await seriousViolations(page, ['color-contrast', 'link-in-text-block']), `accessibility violations on ${label} (${other})`).toEqual([]);
  } finally {
    await setColorScheme(page, scheme);
  }
};

/**
 * Signs in at the start of a test whose subject is not signing in: the session is made through
 * the sign-in API in the page's own browser context (the cookie lands where the page reads it), the
 * welcome dialog is dismissed through its API, and the dashboard opens. One page load instead of
 * the login page, the form and the dialog (the sign-in specs cover those). Anywhere else (a page
 * already open, e.g. a deep link that asked to sign in first, or a test that wants the dialog or
 * another landing page) it signs in through the form.
 */
export const signIn = async (page: Page, username: string, password = DEMO_PASSWORD, opts: { keepWelcome?: boolean; expectUrl?: RegExp } = {}) => {
  if (opts.keepWelcome || opts.expectUrl || page.url() !== 'about:blank') return signInWithForm(page, username, password, opts);
  const res = await page.request.post('/api/auth/login', { data: { username, password }, headers: { 'x-requested-with': 'klase' } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const body = (await res.json()) as { showWelcomeDialog: boolean; csrfToken: string };
  if (body.showWelcomeDialog) {
    const dismissed = await page.request.post('/api/account/welcome/dismiss', { headers: { 'x-requested-with': 'klase', 'x-csrf-token': body.csrfToken } });
    expect(dismissed.status(), `welcome dialog of ${username}`).toBe(204);
  }
  await page.goto('/#/dashboard');
  await expect(page.getByRole('main')).toBeVisible();
};

/**
 * Signs in through the login form. A first sign-in shows the welcome dialog once; unless the test
 * wants it (`keepWelcome`), it is closed the way a user does, so it does not cover the page.
 */
export const signInWithForm = async (page: Page, username: string, password = DEMO_PASSWORD, opts: { keepWelcome?: boolean; expectUrl?: RegExp } = {}) => {
  if (!/#\/account\/login/.test(page.url())) await page.goto('/#/account/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: /sign in/i }).click();
  const res = await answer;
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const body = (await res.json()) as { showWelcomeDialog: boolean };
  await expect(page).toHaveURL(opts.expectUrl ?? /#\/dashboard/);
  if (body.showWelcomeDialog && !opts.keepWelcome) {
    // Another tab of the same user may close it first: then it does not open here.
    const dialog = page.getByRole('dialog', { name: /welcome/i });
    const shown = await dialog.waitFor({ state: 'visible', timeout: 4000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await dialog
        .getByRole('button', { name: /^close$/i })
        .first()
        .click();
      await expect(dialog).toBeHidden();
    }
  }
};

export const test = base.extend<{ a11y: (label?: string) => Promise<void> }>({
  page: async ({ page }, use) => {
    // Mantine transitions off: screenshots and axe see settled pages.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await use(page);
  },
  a11y: async ({ page }, use) => {
    await use((label?: string) => checkA11y(page, label));
  },
});

export { expect };
