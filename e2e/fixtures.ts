import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_PASSWORD = 'Klase#2026';

/** Runs axe on the current page and fails on serious or critical violations. */
export const checkA11y = async (page: Page, label = page.url()) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    `accessibility violations on ${label}`,
  ).toEqual([]);
};

/**
 * Signs in through the login form. A first sign-in shows the welcome dialog once; unless the test
 * wants it (`keepWelcome`), it is closed the way a user does, so it does not cover the page.
 */
export const signIn = async (page: Page, username: string, password = DEMO_PASSWORD, opts: { keepWelcome?: boolean; expectUrl?: RegExp } = {}) => {
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
      await dialog.getByRole('button', { name: /^close$/i }).first().click();
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
