import { expect, signIn, test } from '../fixtures.ts';

/**
 * Issue 13: the assistant teacher's dashboard counts work to grade, and the assistant grades it
 * like a non-editing teacher. Demo data: assistant1 assists teacher1 in "Grade 7 - Sampaguita",
 * whose "Cell analogy" assignment (20 points, graded with a rubric) has work waiting from Katrina Torres (submitted)
 * and Ana Dela Cruz (late); each project grades its own student, so the two never meet.
 */
const ASSIGNMENT = /Cell analogy: our school as a cell/;
const studentOf = (project: string) => (project === 'desktop' ? 'Katrina Torres' : 'Ana Reyes Dela Cruz');

test('assistant1 grades a submission of Grade 7 - Sampaguita and returns it', async ({ page, a11y }, info) => {
  test.setTimeout(120_000);
  const student = studentOf(info.project.name);
  await signIn(page, 'assistant1');
  const pending = page
    .getByRole('region', { name: /pending submissions/i })
    .or(page.locator('section').filter({ has: page.getByRole('heading', { name: /pending submissions/i }) }))
    .first();
  await expect(pending.getByRole('link', { name: ASSIGNMENT }).first()).toBeVisible();
  await a11y('dashboard (assistant)');
  await pending.getByRole('link', { name: ASSIGNMENT }).first().click();
  await page.getByRole('link', { name: /^submissions$/i }).click();
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f-]{36}$/);
  await page.getByRole('main').getByText(student).first().click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);

  // The same grading form as a teacher's: the assignment's rubric (levels make the grade), feedback, save and return.
  await page.getByRole('radio', { name: /^Four 12 pts$/ }).check();
  await page.getByRole('radio', { name: /^Mostly clear 3 pts$/ }).check();
  const grade = page.getByLabel(/grade from the rubric \(out of 20\)/i);
  await expect(grade).toHaveValue('15');
  const feedback = page.locator('.ProseMirror').first();
  await feedback.click();
  await feedback.pressSequentially('Good comparisons. Check your spelling.');
  await a11y('grading (assistant)');
  await page.getByRole('button', { name: /save and return to student/i }).click();
  const sure = page.getByRole('dialog');
  if (await sure.isVisible().catch(() => false))
    await sure
      .getByRole('button')
      .filter({ hasNotText: /^cancel$/i })
      .last()
      .click();
  await expect(page.getByText(new RegExp(`returned to ${student}`, 'i')).first()).toBeVisible();

  // The grade is kept: the page read again shows it.
  await page.reload();
  await expect(page.getByLabel(/grade from the rubric \(out of 20\)/i)).toHaveValue('15');
  await expect(page.getByText('Returned', { exact: true }).first()).toBeVisible();
});
