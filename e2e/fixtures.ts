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

export const signIn = async (page: Page, username: string, password = DEMO_PASSWORD) => {
  await page.goto('/#/account/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/#\/dashboard/);
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
