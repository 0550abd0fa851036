import { DEMO_PASSWORD, expect, signIn, test } from '../fixtures.ts';
import { fixtureUser, goTo, openUserMenu } from '../helpers.ts';

test('a session ended elsewhere returns the user to sign-in with "Your session has expired."', async ({ page, browser }, info) => {
  const username = fixtureUser('expire', info);
  await signIn(page, username, DEMO_PASSWORD);

  // The same person changes the password on another device: every other session ends.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, username, DEMO_PASSWORD);
  await otherPage.goto('/#/account/change-password');
  await otherPage.getByLabel(/current password/i).fill(DEMO_PASSWORD);
  await otherPage.getByLabel(/^new password/i).fill(DEMO_PASSWORD);
  await otherPage.getByLabel(/^confirm password/i).fill(DEMO_PASSWORD);
  await otherPage
    .getByRole('button', { name: /change password|save/i })
    .last()
    .click();
  await expect(otherPage.getByText('New password must not be the same as your current password.')).toBeVisible();
  await otherPage.getByLabel(/^new password/i).fill('Iba#Pass2026');
  await otherPage.getByLabel(/^confirm password/i).fill('Iba#Pass2026');
  await otherPage
    .getByRole('button', { name: /change password|save/i })
    .last()
    .click();
  await otherPage
    .getByRole('dialog')
    .getByRole('button', { name: /confirm|change|yes/i })
    .last()
    .click();
  await expect(otherPage.getByText(/password has been changed/i)).toBeVisible();
  await other.close();

  // The next navigation checks the session with the server.
  await goTo(page, /my account/i);
  await expect(page).toHaveURL(/#\/account\/login/);
  await expect(page.getByText('Your session has expired.')).toBeVisible();
});

test('a parent switches between children and opens each one; another child is not found', async ({ page, a11y }) => {
  await signIn(page, 'parent1');
  await goTo(page, /my children/i);
  await expect(page.getByText('Jose Rizal Dela Cruz').first()).toBeVisible();
  await expect(page.getByText('Ana Dela Cruz').first()).toBeVisible();
  await a11y('parent profile');
  const switcher = page
    .getByRole('textbox', { name: /viewing child/i })
    .or(page.getByLabel(/viewing child/i))
    .first();
  await switcher.click();
  await page.getByRole('option', { name: /ana/i }).click();
  await expect(page.getByText('Ana Dela Cruz').first()).toBeVisible();
  await page.getByRole('link', { name: /ana/i }).first().click();
  await expect(page).toHaveURL(/#\/account\/(child|child-details)\//);
  await expect(page.getByText('Grade 9').first()).toBeVisible();
  await a11y('child details');
  await page.goto('/#/account/child/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
});

test('language and theme follow the profile across sign-out and sign-in', async ({ page, a11y }, info) => {
  const username = fixtureUser('prefs', info);
  await signIn(page, username, DEMO_PASSWORD);
  await page.getByRole('button', { name: /change language/i }).click();
  await page.getByRole('menuitem', { name: /filipino/i }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await page
    .getByRole('button', { name: /madilim|dark/i })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await a11y('dashboard in Filipino, dark');
  await openUserMenu(page);
  await page.getByRole('menuitem').last().click();
  await expect(page).toHaveURL(/#\/account\/login/);
  // The login page keeps the last language and theme.
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await signIn(page, username, DEMO_PASSWORD);
  // Applied from the profile at sign-in.
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});
