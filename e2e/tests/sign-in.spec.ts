import { DEMO_PASSWORD, expect, signIn, test } from '../fixtures.ts';
import { navigation, signOut } from '../helpers.ts';

test('the login page greets the visitor and refuses a wrong password without saying which part was wrong', async ({ page, a11y }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/account\/login/);
  await expect(page.getByText('Hello, please access your account below.')).toBeVisible();
  await a11y('login');
  await page.getByLabel(/username/i).fill('teacher1');
  await page.getByLabel(/^password/i).fill('Wrong#Pass1');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password.');
  await page.getByLabel(/username/i).fill('nobody.here');
  await page.getByLabel(/^password/i).fill('Wrong#Pass1');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password.');
});

test('empty fields are flagged before anything is sent', async ({ page }) => {
  await page.goto('/#/account/login');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
});

const ROLES: { username: string; sees: RegExp[]; doesNotSee: RegExp[] }[] = [
  { username: 'admin', sees: [/dashboard/i, /mail outbox/i, /my account/i], doesNotSee: [/my children/i] },
  { username: 'rexadmin', sees: [/dashboard/i, /my account/i], doesNotSee: [/mail outbox/i, /my children/i] },
  { username: 'lsg', sees: [/dashboard/i, /my account/i], doesNotSee: [/mail outbox/i, /my children/i] },
  { username: 'schooladmin', sees: [/dashboard/i, /my account/i], doesNotSee: [/mail outbox/i, /my children/i] },
  { username: 'teacher1', sees: [/dashboard/i, /my account/i], doesNotSee: [/mail outbox/i, /my children/i] },
  { username: 'assistant1', sees: [/dashboard/i, /my account/i], doesNotSee: [/mail outbox/i, /my children/i] },
  { username: 'student1', sees: [/dashboard/i, /my account/i], doesNotSee: [/mail outbox/i, /my children/i] },
  { username: 'parent1', sees: [/dashboard/i, /my children/i, /my account/i], doesNotSee: [/mail outbox/i] },
];

test('every role signs in and sees its own navigation', async ({ page, a11y }) => {
  test.setTimeout(120_000);
  for (const role of ROLES) {
    await signIn(page, role.username, DEMO_PASSWORD);
    const nav = await navigation(page);
    for (const label of role.sees) await expect(nav.getByRole('link', { name: label }), `${role.username} sees ${label}`).toBeVisible();
    for (const label of role.doesNotSee) await expect(nav.getByRole('link', { name: label }), `${role.username} lacks ${label}`).toHaveCount(0);
    if (role.username === 'teacher1') await a11y('dashboard (teacher)');
    const close = page.getByRole('button', { name: /close navigation/i });
    if (await close.isVisible()) await close.click();
    await signOut(page);
  }
});

test('a signed-in user opening a visitor-only page lands on the dashboard', async ({ page }) => {
  await signIn(page, 'teacher2');
  for (const path of ['/#/account/login', '/#/account/forgot-password', '/#/account']) {
    await page.goto(path);
    await expect(page).toHaveURL(/#\/dashboard/);
  }
});

test('unknown routes show the not-found page, and role-restricted ones too', async ({ page, a11y }) => {
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
  await signIn(page, 'student2');
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
  await a11y('not found');
  await page.goto('/#/admin/outbox');
  await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
});

test('an anonymous visitor is sent to sign in and comes back to the page afterwards', async ({ page }) => {
  await page.goto('/#/account/change-password');
  await expect(page).toHaveURL(/#\/account\/login/);
  await signIn(page, 'assistant1', DEMO_PASSWORD, { keepWelcome: true, expectUrl: /#\/account\/change-password/ });
  await expect(page.getByRole('heading', { name: /change password/i })).toBeVisible();
});
