import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, expect, signIn } from './fixtures.ts';

/** The fixture accounts made for the browser tests (apps/api/src/test/e2e-fixtures.ts), one per project. */
export const fixtureUser = (kind: 'reset' | 'pending' | 'expire' | 'prefs', info: TestInfo) => `e2e.${kind}.${info.project.name}`;
export const fixtureEmail = (kind: 'reset' | 'pending' | 'expire' | 'prefs', info: TestInfo) => `${fixtureUser(kind, info)}@e2e.klase.test`;

export const openUserMenu = async (page: Page) => {
  // Found by its place, not its (translated) name, so it works in every language.
  await page.locator('[data-tour="user-menu"]').click();
};

export const signOut = async (page: Page) => {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/#\/account\/login/);
};

/** Opens the navigation (a burger menu at phone width) and returns its landmark. */
export const navigation = async (page: Page) => {
  const nav = page.getByRole('navigation', { name: /main navigation/i });
  // The burger's name changes with its state (open/close navigation); find it by what it controls.
  const burger = page.locator('button[aria-controls="klase-navbar"]');
  // Wait for the frame: the burger at phone width (the navigation is then a closed drawer, not in
  // the page), the navigation itself on wider screens.
  await expect(burger.or(nav).filter({ visible: true }).first()).toBeVisible();
  if (await burger.isVisible()) {
    // The first click can land while the page is still settling; open until it says it is open.
    await expect(async () => {
      if ((await burger.getAttribute('aria-expanded')) !== 'true') await burger.click();
      await expect(burger).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
      await expect(nav.getByRole('link').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  }
  return nav;
};

/**
 * Follows a navigation entry. At phone width the menu is a drawer; while the page's lazy parts are
 * still arriving it can close again before the tap lands, so open-and-tap is retried briefly.
 */
export const goTo = async (page: Page, name: RegExp) => {
  await expect(async () => {
    const nav = await navigation(page);
    await nav.getByRole('link', { name }).click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
};

/**
 * Reads the newest mail sent to `address` the way a person trying the app does: signs in as the
 * platform administrator in a separate browser context, opens the outbox and the mail, and returns
 * the link inside it.
 */
export const linkFromOutbox = async (browser: Browser, address: string, linkPattern: RegExp): Promise<string> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, 'admin', DEMO_PASSWORD);
    await page.goto('/#/admin/outbox');
    await page.getByRole('searchbox', { name: /search/i }).fill(address);
    const row = page.getByText(address).first();
    await expect(row).toBeVisible();
    await row.click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByRole('link', { name: linkPattern }).first();
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    if (!href) throw new Error('mail link without href');
    return href;
  } finally {
    await context.close();
  }
};

/** The path-and-hash part of a mailed link, so it opens on the test server whatever APP_URL says. */
export const localPart = (href: string) => {
  const u = new URL(href);
  return `/${u.hash}`;
};

/** Opens a course of a class from the classes page (both found by name). */
export const openClassCourse = async (page: Page, className: string, course: string) => {
  await goTo(page, /^classes$/i);
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(className) })
    .first()
    .click();
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(course) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: course })).toBeVisible();
};

/** The grid cell of a student's row in the column whose header is `column`. */
export const gridCell = async (grid: Locator, student: RegExp, column: RegExp) => {
  const index = await grid.getByRole('columnheader', { name: column }).first().getAttribute('aria-colindex');
  return grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('rowheader', { name: student }) })
    .locator(`[role="gridcell"][aria-colindex="${index}"]`);
};

/** On the grade setup's categories tab: adds a manual grade item to a category (in a grading period, by its name, when given). */
export const addGradeItem = async (page: Page, category: string, name: string, max: string, period?: string) => {
  await page.getByRole('link', { name: `Add a grade item to ${category}` }).click();
  await expect(page.getByRole('heading', { name: /add grade item/i })).toBeVisible();
  await page.getByLabel(/^name/i).fill(name);
  await page.getByLabel(/^maximum grade/i).fill(max);
  if (period) await page.getByLabel(/^grading period/i).selectOption({ label: period });
  await page.getByRole('button', { name: /^save$/i }).click();
  await page
    .getByRole('dialog')
    .last()
    .getByRole('button', { name: /^(save|confirm)$/i })
    .click();
  await expect(page).toHaveURL(/grade-setup\/categories$/);
  await expect(page.getByRole('table').getByText(name).first()).toBeVisible();
};

/** A student's grade tab of a course, in a browser context of its own (close `context` at the end). */
export const openStudentGrades = async (browser: Browser, username: string, className: string, course: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, username);
  await openClassCourse(page, className, course);
  await page.getByRole('link', { name: /^grades$/i }).click();
  await expect(page).toHaveURL(/\/grade$/);
  return { context, page };
};
