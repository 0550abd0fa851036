import { expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

/**
 * The school's resource library (issue 5): a teacher of the demo school adds a link (a bad address
 * first), a student of the school finds it and it opens in a new tab.
 */
test('a teacher shares a link in the resource library and a student of the school finds it', async ({ page, browser, a11y }, info) => {
  const title = `Philippine Statistics quick facts ${info.project.name}`;
  await signIn(page, 'teacher2');
  await goTo(page, /^resources$/i);
  await expect(page.getByRole('heading', { name: /^resources$/i, level: 1 })).toBeVisible();
  await a11y('resources (teacher)');

  await page.getByRole('button', { name: /^add link$/i }).click();
  const dialog = page.getByRole('dialog', { name: /add a link/i });
  await dialog.getByLabel(/^title/i).fill(title);
  await dialog.getByLabel(/web address/i).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: /^save$/i }).click();
  await expect(dialog.getByText('Invalid URL form').first()).toBeVisible();
  await dialog.getByLabel(/web address/i).fill('https://psa.gov.ph/');
  await dialog.getByRole('button', { name: /^save$/i }).click();
  const sure = page.getByRole('dialog').filter({ hasText: /add this link to the school resources/i });
  await sure
    .getByRole('button')
    .filter({ hasNotText: /^cancel$/i })
    .last()
    .click();
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(title) })
      .first(),
  ).toBeVisible();

  const context = await browser.newContext();
  const student = await context.newPage();
  try {
    await signIn(student, 'student3');
    await goTo(student, /^resources$/i);
    await student
      .getByRole('searchbox')
      .or(student.getByLabel(/^search/i))
      .first()
      .fill(info.project.name === 'phone' ? 'quick facts phone' : 'quick facts desktop');
    const link = student
      .getByRole('main')
      .getByRole('link', { name: new RegExp(title) })
      .first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', 'https://psa.gov.ph/');
    // Students read the library; adding is for teachers.
    await expect(student.getByRole('button', { name: /^add link$/i })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
