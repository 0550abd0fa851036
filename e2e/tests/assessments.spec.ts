import type { Browser, Page, TestInfo } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

/**
 * Assessments (issue 6) with the fixtures of apps/api/src/test/e2e-fixtures.ts (one set per
 * project): a student submits an assignment with a file, the teacher grades it with feedback and
 * returns it, the student and the parent see it, and What's Due / Pending Submissions follow; a
 * student takes a timed quiz, reloads mid-attempt and continues, submits and sees the score.
 */
const f = (info: TestInfo) => ({
  teacher: `e2e.gradeteacher.${info.project.name}`,
  student: `e2e.submitter.${info.project.name}`,
  parent: `e2e.submitparent.${info.project.name}`,
  className: `E2E Assessments ${info.project.name}`,
});
const ESSAY = 'Essay: my hometown';

// The grading step needs the submission the first step makes.
test.describe.configure({ mode: 'serial' });

const asUser = async (browser: Browser, username: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, username);
  return { page, close: () => context.close() };
};

const confirmDialog = async (page: Page, button: RegExp) => {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: button }) })
    .last();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
};

const section = (page: Page, name: RegExp) =>
  page
    .getByRole('region', { name })
    .or(page.locator('section').filter({ has: page.getByRole('heading', { name }) }))
    .first();

test('a student submits an assignment with a file; the teacher grades and returns it; student and parent see the grade', async ({
  page,
  browser,
  a11y,
}, info) => {
  test.setTimeout(180_000);
  const x = f(info);

  // The student: What's Due lists the essay; it opens the assignment.
  await signIn(page, x.student);
  const due = section(page, /what's due/i);
  await expect(due.getByRole('link', { name: new RegExp(ESSAY) })).toBeVisible();
  await a11y('dashboard (student)');
  await due.getByRole('link', { name: new RegExp(ESSAY) }).click();
  await expect(page).toHaveURL(/\/element\/[0-9a-f-]{36}\?material=/);
  await expect(page.getByText('Not submitted').first()).toBeVisible();

  // Submitting nothing is refused with the reason.
  await page.getByRole('button', { name: /^submit$/i }).click();
  await confirmDialog(page, /^submit$/i);
  await expect(page.getByText('Add your answer or a file before submitting.').first()).toBeVisible();

  const editor = page.locator('.ProseMirror').first();
  await editor.click();
  await editor.pressSequentially('Iloilo is the City of Love.');
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'hometown-photo-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes about Iloilo City.\n') });
  await expect(page.getByText('hometown-photo-notes.txt').first()).toBeVisible();
  await a11y('assignment (student)');
  await page.getByRole('button', { name: /^submit$/i }).click();
  await confirmDialog(page, /^submit$/i);
  await expect(page.getByText('Your work was submitted.').first()).toBeVisible();
  await expect(page.getByText(/^submitted$/i).first()).toBeVisible();

  // The teacher: Pending Submissions lists it; the submissions page opens the student's work.
  const teacher = await asUser(browser, x.teacher);
  try {
    const t = teacher.page;
    const pending = section(t, /pending submissions/i);
    await expect(pending.getByRole('link', { name: new RegExp(ESSAY) })).toBeVisible();
    await checkA11y(t, 'dashboard (teacher)');
    await pending.getByRole('link', { name: new RegExp(ESSAY) }).click();
    await t.getByRole('link', { name: /^submissions$/i }).click();
    await expect(t).toHaveURL(/\/submissions\/[0-9a-f-]{36}$/);
    await checkA11y(t, 'submissions');
    await t
      .getByRole('main')
      .getByText(/Mercado/)
      .first()
      .click();
    await expect(t).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
    await expect(t.getByText('Iloilo is the City of Love.')).toBeVisible();
    await expect(t.getByText('hometown-photo-notes.txt').first()).toBeVisible();

    const grade = t.getByLabel(/grade \(out of 20\)/i);
    await grade.fill('25');
    await t.getByRole('button', { name: /save and return to student/i }).click();
    await expect(t.getByText(/cannot be more than the maximum points \(20\)|at most 20|not be greater than 20/i).first()).toBeVisible();
    await grade.fill('18.5');
    const feedback = t.locator('.ProseMirror').first();
    await feedback.click();
    await feedback.pressSequentially('Vivid details. Add one more example.');
    await checkA11y(t, 'grading');
    await t.getByRole('button', { name: /save and return to student/i }).click();
    const sure = t.getByRole('dialog');
    if (await sure.isVisible().catch(() => false))
      await sure
        .getByRole('button')
        .filter({ hasNotText: /^cancel$/i })
        .last()
        .click();
    await expect(t.getByText(/returned to Sofia Mercado/i).first()).toBeVisible();
  } finally {
    await teacher.close();
  }

  // The student sees the grade and the feedback.
  await page.reload();
  await expect(page.getByText('18.5 / 20').first()).toBeVisible();
  await expect(page.getByText('Vivid details. Add one more example.')).toBeVisible();

  // The parent: recent grades, and the work with the grade.
  const parent = await asUser(browser, x.parent);
  try {
    const p = parent.page;
    const grades = section(p, /recent grades/i);
    await expect(grades.getByRole('link', { name: new RegExp(ESSAY) })).toBeVisible();
    await checkA11y(p, 'dashboard (parent)');
    await grades.getByRole('link', { name: new RegExp(ESSAY) }).click();
    await expect(p.getByText('18.5 / 20').first()).toBeVisible();
    await expect(p.getByText('Vivid details. Add one more example.')).toBeVisible();
  } finally {
    await parent.close();
  }
});

test('a student takes a timed quiz, reloads mid-attempt, continues, submits and sees the score', async ({ page, a11y }, info) => {
  test.setTimeout(120_000);
  const x = f(info);
  await signIn(page, x.student);
  await goTo(page, /^classes$/i);
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(x.className) })
    .first()
    .click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Quiz course/ })
    .first()
    .click();
  await page.getByRole('link', { name: /^start$/i }).click();
  await expect(page.getByText('10 minutes').first()).toBeVisible();
  await a11y('quiz (student)');

  await page.getByRole('button', { name: /^start quiz$/i }).click();
  await confirmDialog(page, /^start quiz$/i);
  await expect(page).toHaveURL(/\/quiz\/[0-9a-f-]{36}\/attempt\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/time left/i).first()).toBeVisible();

  await page.getByRole('radio', { name: 'Manila' }).check();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await a11y('quiz attempt');

  // A reload resumes the same attempt with the saved answer.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Manila' })).toBeChecked();

  await page.getByRole('button', { name: /^next$/i }).click();
  await page.getByRole('radio', { name: 'True' }).check();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /^next$/i }).click();
  await page.getByRole('textbox', { name: /answer to question 3/i }).fill('Jose Rizal');
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();

  await page
    .getByRole('button', { name: /^submit$/i })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /submit the quiz/i });
  await expect(dialog.getByText('You have answered every question.')).toBeVisible();
  await dialog.getByRole('button', { name: /^submit$/i }).click();
  await expect(page).toHaveURL(/\/attempt\/[0-9a-f-]{36}\/result$/);
  await expect(page.getByText(/4 \/ 4/).first()).toBeVisible();
  await expect(page.getByText('Passed').first()).toBeVisible();
  // Answers are shown after submitting (the quiz's setting).
  await expect(page.getByText('Correct answer').first()).toBeVisible();
  await a11y('quiz result');
});
