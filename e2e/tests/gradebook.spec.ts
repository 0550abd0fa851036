import type { Page, TestInfo } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';
import { addGradeItem as addItem, gridCell as cellOf, openClassCourse as openCourse, openStudentGrades } from '../helpers.ts';

/**
 * The gradebook (issue 7) with the fixtures of apps/api/src/test/e2e-fixtures.ts (one set per
 * project): the teacher sets up a course's gradebook from nothing (two weighted categories, one
 * dropping the lowest grade, four manual items), enters grades in the grid with the keyboard and
 * reads the totals; the student sees the same totals and how they were reached.
 *
 * Quizzes (Natural, drop lowest 1, weight 40 %): 8, 4 and 10 of 10 → 4 dropped → 18 / 20 = 90 %.
 * Project (Natural, weight 60 %): 40 of 50 = 80 %. Course (Natural, maximum 20 + 50 = 70):
 * (0.4 × 0.9 + 0.6 × 0.8) × 70 = 58.80.
 */
const f = (info: TestInfo) => ({
  teacher: `e2e.gbteacher.${info.project.name}`,
  student: `e2e.gbstudent.${info.project.name}`,
  className: `E2E Gradebook ${info.project.name}`,
  course: `Science 8 ${info.project.name}`,
});

test.describe.configure({ mode: 'serial' });

const confirmSave = async (page: Page) => {
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: /^(save|confirm)$/i }).click();
};

const createCategory = async (page: Page, name: string, opts: { weight: string; dropLowest?: string }) => {
  await page
    .getByRole('link', { name: /^create grading category$/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /create grading category/i })).toBeVisible();
  await page.getByLabel(/^name/i).fill(name);
  await page.getByLabel(/^weight/i).fill(opts.weight);
  if (opts.dropLowest) await page.getByLabel(/^drop lowest/i).fill(opts.dropLowest);
  await page.getByRole('button', { name: /^save$/i }).click();
  await confirmSave(page);
  await expect(page).toHaveURL(/grade-setup\/categories$/);
  await expect(page.getByRole('table').getByText(name, { exact: true }).first()).toBeVisible();
};

test('a teacher sets up weighted categories with drop lowest and enters grades; the student sees the same totals and why', async ({
  page,
  browser,
  a11y,
}, info) => {
  test.setTimeout(240_000);
  const x = f(info);

  await signIn(page, x.teacher);
  await openCourse(page, x.className, x.course);

  // Before any category: the grade book says what is needed and leads to the setup.
  await page.getByRole('link', { name: /^grade book$/i }).click();
  await expect(page.getByText('At least one grading category is required to use the gradebook.').first()).toBeVisible();
  await a11y('grade book (not ready)');
  await page.getByRole('link', { name: /go to grade setup/i }).click();
  await expect(page).toHaveURL(/grade-setup\/categories$/);

  // A weight that is not a number is refused with the reason, on the client as on the server.
  await page
    .getByRole('link', { name: /^create grading category$/i })
    .first()
    .click();
  await page.getByLabel(/^name/i).fill('Quizzes');
  await page.getByLabel(/^weight/i).fill('forty');
  await page.getByRole('button', { name: /^save$/i }).click();
  await expect(page.getByText('Enter a number.').first()).toBeVisible();
  // Leaving a changed form asks first.
  await page.getByRole('button', { name: /^cancel$/i }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^discard$/i })
    .click();
  await expect(page).toHaveURL(/grade-setup\/categories$/);

  await createCategory(page, 'Quizzes', { weight: '40', dropLowest: '1' });
  await createCategory(page, 'Project', { weight: '60' });
  await addItem(page, 'Quizzes', 'Quiz 1', '10');
  await addItem(page, 'Quizzes', 'Quiz 2', '10');
  await addItem(page, 'Quizzes', 'Quiz 3', '10');
  await addItem(page, 'Project', 'Science fair project', '50');
  await a11y('grade setup (categories)');

  // The grid: type the grades with the keyboard (Tab saves and moves right).
  await page.getByRole('link', { name: /^grade book$/i }).click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  await a11y('grade book');
  const first = await cellOf(grid, /Gloria/, /^Quiz 1/);
  await first.click();
  for (const grade of ['8', '4', '10']) {
    await page.keyboard.type(grade);
    await page.keyboard.press('Tab');
  }
  // Over the maximum: refused at the cell with the limit.
  await page.keyboard.type('55');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Must not be greater than 50').first()).toBeVisible();
  await page.keyboard.press('Escape');
  const project = await cellOf(grid, /Gloria/, /^Science fair project/);
  await project.click();
  await page.keyboard.type('40');
  await page.keyboard.press('Enter');
  await expect(project).toContainText('40');

  // The totals the server computed: Quizzes 18 (4 dropped), Project 40, course 58.80.
  await expect(await cellOf(grid, /Gloria/, /^Course total/)).toContainText('58.80');
  await expect(await cellOf(grid, /Gloria/, /^Quizzes total/)).toContainText('18.00');

  // The student: the same course total, and the explanation of the Quizzes total.
  const { context, page: student } = await openStudentGrades(browser, x.student, x.className, x.course);
  await expect(student.getByText('58.80').first()).toBeVisible();
  await checkA11y(student, 'grades (student)');
  // The Quizzes total's explanation (its button is the first) says which quiz was dropped and how
  // the total came out; the button then offers to hide it.
  await student
    .getByRole('button', { name: /how was this calculated/i })
    .first()
    .click();
  await expect(student.getByRole('button', { name: /hide the calculation/i })).toHaveAttribute('aria-expanded', 'true');
  await expect(student.getByText('The lowest grade is dropped.').first()).toBeVisible();
  await expect(student.getByText(/Dropped: the lowest grade\./).first()).toBeVisible();
  await expect(student.getByText(/Together the counted grades make 90.00 ?% of the 20(\.00)? points possible: 18.00/).first()).toBeVisible();
  await context.close();
});
