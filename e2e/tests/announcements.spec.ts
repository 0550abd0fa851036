import type { Browser, Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';

/**
 * Announcements (issue 18): teacher1 announces to Grade 7 - Sampaguita on `#/announcements`; it
 * appears, marked "New", on the dashboards of student3 (in the class) and of parent2 (student3's
 * parent), who open it. Each project announces with a title of its own, so the runs never meet.
 */
const box = (page: Page) => page.getByRole('region', { name: 'Announcements' });

/** A reader in a browser of their own, with the project's viewport. */
const readerSees = async (browser: Browser, page: Page, username: string, title: string) => {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, reducedMotion: 'reduce' });
  const reader = await context.newPage();
  await signIn(reader, username);
  const item = box(reader).getByTestId('announcement-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await checkA11y(reader, `dashboard (${username})`);
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect(item).toContainText('Grade 7 - Sampaguita · Maria Clara Santos');
  await item.getByRole('button', { name: title }).click();
  const dialog = reader.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('region', { name: 'Announcement text' })).toContainText('Bring water and a hat.');
  await checkA11y(reader, `announcement dialog (${username})`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(item.getByText('New', { exact: true })).toBeHidden();
  await context.close();
};

test('a teacher announces to a class; it appears on the dashboards of a student of the class and of their parent', async ({ page, browser, a11y }, info) => {
  test.setTimeout(150_000);
  const title = `Field trip on Friday (${info.project.name} ${Date.now().toString(36)})`;
  await signIn(page, 'teacher1');
  await page.goto('/#/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expect(page.getByTestId('managed-announcement').first()).toBeVisible();
  await a11y('announcements page');

  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByRole('textbox', { name: 'Text' }).fill('Bring water and a hat.');
  await form.getByRole('combobox', { name: /^Class/ }).selectOption({ label: 'Grade 7 - Sampaguita' });
  await a11y('new announcement dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Publish this announcement?' });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/announcements') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText('The announcement was published.')).toBeVisible();
  await expect(page.getByTestId('managed-announcement').filter({ hasText: title })).toContainText('Current');

  await readerSees(browser, page, 'student3', title);
  await readerSees(browser, page, 'parent2', title);
});
