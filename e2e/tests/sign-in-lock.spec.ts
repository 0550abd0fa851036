import { DEMO_PASSWORD, expect, signIn, test } from '../fixtures.ts';

/**
 * Failed sign-ins lock an account (from this client address) with a growing wait; the platform
 * administrator sees the lock on the user page and clears it, and the owner signs in at once.
 */
test('an administrator sees a sign-in lock on the user page and clears it', { tag: '@desk' }, async ({ page, browser, a11y }, info) => {
  const username = `e2e.lockme.${info.project.name}`;
  const codes: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const res = await page.request.post('/api/auth/login', { headers: { 'x-requested-with': 'klase' }, data: { username, password: 'Wrong#pass1' } });
    codes.push(((await res.json()) as { code: string }).code);
  }
  expect(codes.at(-1)).toBe('ACCOUNT_LOCKED');

  await signIn(page, 'admin', DEMO_PASSWORD);
  await page.goto('/#/admin/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const found = page.waitForResponse((r) => r.url().includes('/api/admin/users?') && r.url().includes('lockme'));
  await page.getByRole('searchbox', { name: /search/i }).fill(username);
  await found;
  await page.getByText(username, { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Lito Bautista' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-in locked' })).toBeVisible();
  await expect(page.getByText(/^5 failed sign-in attempts in a row\. Signing in is blocked until /)).toBeVisible();
  await a11y('user page with a sign-in lock');

  await page.getByRole('button', { name: 'Clear lock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear sign-in lock' });
  await expect(dialog.getByText('Let Lito Bautista sign in again now? Their failed attempts will be forgotten.')).toBeVisible();
  await a11y('clear sign-in lock dialog');
  await dialog.getByRole('button', { name: 'Clear lock' }).click();
  await expect(page.getByText('The sign-in lock has been cleared. The user can sign in again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-in locked' })).toBeHidden();

  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), username, DEMO_PASSWORD);
  } finally {
    await context.close();
  }
});
