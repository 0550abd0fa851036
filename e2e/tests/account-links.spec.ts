import { DEMO_PASSWORD, expect, signIn, test } from '../fixtures.ts';
import { fixtureEmail, fixtureUser, linkFromOutbox, localPart } from '../helpers.ts';

const NEW_PASSWORD = 'Bagong#Pass2026';

test('forgot password: the reset link arrives in the outbox, sets a new password, and cannot be used twice', async ({ page, browser, a11y }, info) => {
  const username = fixtureUser('reset', info);
  const email = fixtureEmail('reset', info);
  await page.goto('/#/account/login');
  await page.getByRole('link', { name: /forgot your password/i }).click();
  await expect(page).toHaveURL(/#\/account\/forgot-password/);
  await a11y('forgot password');
  await page.getByLabel(/email/i).fill('not-an-email');
  await page.getByRole('button', { name: /send reset link/i }).click();
  await expect(page.getByText('Incorrect email.')).toBeVisible();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: /send reset link/i }).click();
  await expect(page.getByText(/if an account uses this email address/i)).toBeVisible();

  const link = await linkFromOutbox(browser, email, /reset-password/);
  await page.goto(localPart(link));
  await expect(page.getByRole('heading', { name: /reset password/i })).toBeVisible();
  await a11y('reset password');
  await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
  await page.getByLabel(/^confirm password/i).fill('Bagong#Pass2027');
  await page.getByRole('button', { name: /^reset password/i }).click();
  await expect(page.getByText('New Password and Confirm Password do not match.')).toBeVisible();
  await page.getByLabel(/^confirm password/i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /^reset password/i }).click();
  const confirm = page.getByRole('dialog');
  await confirm
    .getByRole('button', { name: /confirm|reset|yes/i })
    .last()
    .click();
  await expect(page).toHaveURL(/#\/account\/login/);

  await signIn(page, username, NEW_PASSWORD);

  // The same link a second time leads to the invalid-link page.
  await page.context().clearCookies();
  await page.goto(localPart(link));
  await expect(page).toHaveURL(/#\/account\/invalid-reset-password/);
  await expect(page.getByText('OOPS. . . . LINK IS NO LONGER AVAILABLE!')).toBeVisible();
  await expect(page.getByText('Your forgot password link seems expired or invalid.')).toBeVisible();
  await a11y('invalid reset link');
});

test('activation: a new parent follows the mailed link, unlinks a student who is not theirs, sets a password and signs in', async ({
  page,
  browser,
  a11y,
}, info) => {
  const username = fixtureUser('pending', info);
  const email = fixtureEmail('pending', info);
  // Not activated yet: sign-in is refused.
  await page.goto('/#/account/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/#\/account\/login/);

  const link = await linkFromOutbox(browser, email, /activation/);
  await page.goto(localPart(link));
  await expect(page.getByRole('heading', { name: /activate your account/i })).toBeVisible();
  await expect(page.getByText(/as a parent or guardian/i)).toBeVisible();
  await a11y('activation');
  await page
    .getByRole('checkbox', { name: /is not my child/i })
    .first()
    .check();
  await page.getByLabel(/^new password/i).fill('weakpass');
  await page.getByLabel(/^confirm password/i).fill('weakpass');
  await page.getByRole('button', { name: /set password/i }).click();
  await expect(page.getByText(/use at least 3 of these/i)).toBeVisible();
  await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
  await page.getByLabel(/^confirm password/i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /set password/i }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /confirm|set|yes/i })
    .last()
    .click();
  await expect(page).toHaveURL(/#\/account\/login/);
  await signIn(page, username, NEW_PASSWORD);

  await page.context().clearCookies();
  await page.goto(localPart(link));
  await expect(page).toHaveURL(/#\/account\/invalid-activation/);
  await expect(page.getByText('Your registration link seems expired or invalid.')).toBeVisible();
});

test('a forged activation link leads to the invalid page', async ({ page }) => {
  await page.goto('/#/account/activation?token=forged-token-forged-token-forged');
  await expect(page).toHaveURL(/#\/account\/invalid-activation/);
  await expect(page.getByText('OOPS. . . . LINK IS NO LONGER AVAILABLE!')).toBeVisible();
});
