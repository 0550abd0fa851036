import type { Page, TestInfo } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';
import { addGradeItem, goTo, gridCell, openClassCourse, openStudentGrades } from '../helpers.ts';

/**
 * DepEd grading (issue 19) with the fixtures of apps/api/src/test/e2e-fixtures.ts (one set per
 * project): the school administrator reads the grading policy (DepEd's transmutation table) and
 * saves a quarter's date; the teacher makes "English 7 <project>" a DepEd learning area
 * (Filipino/English/AP/EsP: WW 30 %, PT 50 %, QA 20 %) and enters one score per component for
 * quarter 2; the student sees the quarterly grade, its descriptor and how it was calculated.
 *
 * By hand: WW 18 / 20 → PS 90.00 → WS 27.00; PT 40 / 50 → PS 80.00 → WS 40.00; QA 35 / 50 → PS
 * 70.00 → WS 14.00; initial grade 81.00, in the table's row 80.80–82.39 → quarterly grade 88,
 * Very Satisfactory.
 */
const f = (info: TestInfo) => ({
  teacher: `e2e.depteacher.${info.project.name}`,
  student: `e2e.depstudent.${info.project.name}`,
  className: `E2E DepEd ${info.project.name}`,
  course: `English 7 ${info.project.name}`,
  /** Desktop moves the end of quarter 4 by a day, phone its start (both save the one school policy). */
  shift: info.project.name === 'phone' ? 2 : 1,
});

test.describe.configure({ mode: 'serial' });

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Moves one date of quarter 4 and saves. The desktop and phone runs save the one school policy at
 * about the same time, each its own field; when the other saved in between (edit conflict), this
 * reloads theirs and makes the change again, so both changes stay.
 */
const saveQuarter4Date = async (page: Page, field: RegExp, date: string) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByTestId('quarter-dates').nth(3).getByRole('textbox', { name: field }).fill(date);
    await page.getByRole('button', { name: /^save policy$/i }).click();
    await page
      .getByRole('dialog', { name: 'Save the grading policy' })
      .getByRole('button', { name: /^confirm$/i })
      .click();
    const saved = page.getByText('Grading policy saved.').first();
    const reload = page.getByRole('button', { name: /^reload their version$/i });
    await expect(saved.or(reload)).toBeVisible();
    if (await saved.isVisible()) return;
    await reload.click();
    await expect(reload).toBeHidden();
    // The form starts again from their version once it has arrived: our unsaved date is gone. Typing
    // before that would go into the old form and be replaced.
    await expect(page.getByTestId('quarter-dates').nth(3).getByRole('textbox', { name: field })).not.toHaveValue(date);
  }
  throw new Error('the policy could not be saved');
};

test('the school administrator reads the transmutation table and saves a quarter date', { tag: '@desk' }, async ({ page, a11y }, info) => {
  test.setTimeout(120_000);
  const x = f(info);
  await signIn(page, 'schooladmin');
  await goTo(page, /^grading policy$/i);
  await expect(page.getByRole('heading', { name: 'Grading policy', level: 1 })).toBeVisible();
  // DepEd's table: initial grades from 60.00 give 75, from 98.40 up to 99.99 give 99.
  const table = page.getByRole('table', { name: /^Transmutation table, 41 rows$/ });
  await expect(table.getByRole('textbox', { name: 'Row 26: initial grade from' })).toHaveValue('60.00');
  await expect(table.getByRole('textbox', { name: 'Row 26: quarterly grade' })).toHaveValue('75');
  await expect(table.getByRole('row').nth(2).getByRole('rowheader')).toHaveText('98.40 to 99.99');
  await a11y('grading policy');

  // The school runs DepEd (the demo seed sets it; switching asks first).
  const deped = page.getByRole('radio', { name: /^DepEd K to 12/ });
  if (!(await deped.isChecked())) {
    await deped.click();
    await page
      .getByRole('dialog', { name: 'Change the grading policy?' })
      .getByRole('button', { name: /^change$/i })
      .click();
    await expect(deped).toBeChecked();
  }

  const field = x.shift === 1 ? /^ends on/i : /^starts on/i;
  const before = await page.getByTestId('quarter-dates').nth(3).getByRole('textbox', { name: field }).inputValue();
  const after = addDays(before, x.shift);
  await saveQuarter4Date(page, field, after);
  await expect(page.getByTestId('policy-kind')).toHaveText('DepEd K to 12');
  await page.reload();
  await expect(page.getByTestId('quarter-dates').nth(3).getByRole('textbox', { name: field })).toHaveValue(after);
  await a11y('grading policy (saved)');
});

test('a teacher makes a course a DepEd learning area and enters quarter 2 scores; the student sees the quarterly grade and why', async ({
  page,
  browser,
  a11y,
}, info) => {
  test.setTimeout(240_000);
  const x = f(info);

  await signIn(page, x.teacher);
  await openClassCourse(page, x.className, x.course);
  await page.getByRole('link', { name: /^grade setup$/i }).click();
  const panel = page.getByTestId('deped-panel');
  await expect(panel.getByRole('heading', { name: 'DepEd learning area' })).toBeVisible();
  await panel.getByLabel('Subject group').selectOption('languages');
  await expect(panel.getByTestId('deped-weights')).toHaveText('Weights: WW 30% · PT 50% · QA 20%');
  await a11y('grade setup (DepEd learning area)');
  await panel.getByRole('button', { name: /^apply subject group$/i }).click();
  const confirm = page.getByRole('dialog', { name: 'Make this a DepEd learning area?' });
  await expect(confirm).toContainText('Written Work, Performance Tasks and Quarterly Assessment');
  await confirm.getByRole('button', { name: /^confirm$/i }).click();
  await expect(panel).toContainText('This course is graded as Filipino, English, Araling Panlipunan, EsP (Grades 1–10): WW 30% · PT 50% · QA 20%.');
  await expect(page.getByRole('table').getByText('Quarterly Assessment', { exact: true }).first()).toBeVisible();

  await addGradeItem(page, 'Written Work', 'Spelling quiz', '20', 'Quarter 2');
  await addGradeItem(page, 'Performance Tasks', 'Speech', '50', 'Quarter 2');
  await addGradeItem(page, 'Quarterly Assessment', 'Quarter 2 exam', '50', 'Quarter 2');

  await page.getByRole('link', { name: /^grade book$/i }).click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  for (const [column, score] of [
    [/^Spelling quiz/, '18'],
    [/^Speech/, '40'],
    [/^Quarter 2 exam/, '35'],
  ] as const) {
    const cell = await gridCell(grid, /Andres/, column);
    await cell.click();
    await page.keyboard.type(score);
    await page.keyboard.press('Enter');
    await expect(cell).toContainText(score);
  }
  // The teacher's grid shows the same headline as the student: the transmuted quarterly grade (its
  // initial grade and descriptor in the tooltip), and no Moodle-style course total beside it. The
  // quarter's filter brings its column into view on a phone too (the grid renders the columns in view).
  await page.getByRole('combobox', { name: 'Grading period' }).click();
  await page.getByRole('option', { name: 'Quarter 2' }).click();
  await expect(await gridCell(grid, /Andres/, /^Quarter 2 grade/)).toContainText('88');
  await expect(grid.getByRole('columnheader', { name: /course total/i })).toHaveCount(0);

  const { context, page: student } = await openStudentGrades(browser, x.student, x.className, x.course);
  const summary = student.getByTestId('deped-summary');
  await expect(summary.getByTestId('deped-headline')).toContainText('Quarter 2 grade');
  await expect(summary.getByTestId('deped-headline-grade')).toHaveText('88');
  await expect(summary.getByTestId('deped-descriptor')).toHaveText('Very Satisfactory');
  await expect(summary.getByTestId('deped-q2')).toHaveText('88');
  // One headline: no Moodle-style course total or letters beside it.
  await expect(student.getByText('Course total')).toHaveCount(0);
  await expect(student.getByRole('columnheader', { name: 'Letter' })).toHaveCount(0);
  await summary.getByRole('button', { name: /how was this calculated.*quarter 2/i }).click();
  const explanation = student.getByRole('region', { name: 'How the quarter 2 grade was calculated' });
  await expect(explanation).toContainText('Written Work (30%): 18 of 20 points, scored items: 1, percentage score 90.00, weighted score 27.00');
  await expect(explanation).toContainText('Performance Tasks (50%): 40 of 50 points, scored items: 1, percentage score 80.00, weighted score 40.00');
  await expect(explanation).toContainText('Quarterly Assessment (20%): 35 of 50 points, scored items: 1, percentage score 70.00, weighted score 14.00');
  await expect(explanation).toContainText('Initial grade: 27.00 + 40.00 + 14.00 = 81.00');
  await expect(explanation).toContainText("Transmuted: the table's row from 80.80 gives 81.00 the quarterly grade 88.");
  // The pointer leaves the button it clicked (a hovered subtle button is tinted).
  await student.mouse.move(0, 0);
  await checkA11y(student, 'grades (DepEd, student)');
  await context.close();
});
