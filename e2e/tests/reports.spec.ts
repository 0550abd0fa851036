import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';

/**
 * Reports and activity (issue 21): student1 opens a material of Science 7 and stays on it; the page
 * sends its visible seconds (the last of them when the student leaves). teacher1's class report of
 * Grade 7 - Sampaguita then shows the student's last access and time; the charts show the time per
 * student, also as a table; the CSV export holds the student's row. Both projects add time to the
 * same student, so the checks read "some time", not an exact figure.
 */
const CLASS = 'Grade 7 - Sampaguita';
const STUDENT = 'Jose Rizal Dela Cruz';
const MATERIAL = 'What is a cell?';

interface Journey {
  elements: { id: string; stops: { materialId: string; name: string }[] }[];
}

/** The address of MATERIAL in the student's Science 7 course. */
const materialAddress = async (page: Page) => {
  const courses = (await (await page.request.get('/api/courses?page=1&rowsperpage=50')).json()) as {
    data: { id: string; classId: string; className: string }[];
  };
  const course = courses.data.find((c) => c.className === CLASS);
  expect(course, 'a Science 7 course of Grade 7 - Sampaguita').toBeDefined();
  const journey = (await (await page.request.get(`/api/courses/${course!.id}/journey`)).json()) as Journey;
  const element = journey.elements.find((e) => e.stops.some((s) => s.name === MATERIAL));
  const stop = element?.stops.find((s) => s.name === MATERIAL);
  return `/#/classes/${course!.classId}/courses/${course!.id}/element/${element!.id}?material=${stop!.materialId}`;
};

test('a student reads a material; the teacher sees the time in the class report, its chart and table, and the CSV export', async ({ page, browser }) => {
  test.setTimeout(180_000);

  // The student opens the material and stays on it; leaving sends the visible seconds.
  await signIn(page, 'student1');
  await page.goto(await materialAddress(page));
  await expect(page.getByRole('region', { name: MATERIAL }).first()).toBeVisible();
  await page.waitForTimeout(4000);
  const beat = page.waitForRequest((r) => r.url().endsWith('/api/activity/heartbeat') && r.method() === 'POST');
  await page.goto('/#/dashboard');
  const sent = (await beat).postDataJSON() as { materialId: string; seconds: number };
  expect(sent.seconds).toBeGreaterThanOrEqual(3);
  expect(sent.seconds).toBeLessThanOrEqual(60);

  // A student has no reports: the address goes where forbidden pages go.
  await page.goto('/#/reports');
  await expect(page).not.toHaveURL(/#\/reports/);

  // The teacher: navigation entry, the class, the class report row.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, reducedMotion: 'reduce', acceptDownloads: true });
  const teacher = await context.newPage();
  await signIn(teacher, 'teacher1');
  const nav = teacher.getByRole('navigation').getByRole('link', { name: 'Reports' });
  if (!(await nav.isVisible())) await teacher.getByRole('button', { name: 'Open navigation' }).click();
  await nav.click();
  await expect(teacher.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await teacher.getByRole('combobox', { name: 'Class' }).click();
  await teacher.getByRole('option', { name: CLASS }).click();
  // A table on the desktop, cards on the phone (the shared table's narrow layout).
  const row = teacher
    .getByRole('table', { name: 'Class report' })
    .getByRole('row', { name: new RegExp(STUDENT) })
    .or(teacher.getByTestId('table-cards').locator('li').filter({ hasText: STUDENT }))
    .first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(MATERIAL);
  await expect(row).toContainText(/\d+ (s|min)|\d+ h/);
  await checkNoOverflow(teacher);
  await checkA11y(teacher, 'reports: class report');

  // The CSV export holds the student's row.
  const downloading = teacher.waitForEvent('download');
  await teacher.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await downloading).path(), 'utf8');
  expect(csv).toContain(STUDENT);
  expect(csv).toContain(MATERIAL);

  // Charts, and the time per student as a table.
  await teacher.getByRole('tab', { name: 'Charts' }).click();
  await expect(teacher.getByRole('img', { name: /Time spent per student/ })).toBeVisible();
  const perStudent = teacher.getByRole('region', { name: 'Time spent per student' });
  await perStudent.getByRole('button', { name: 'Show as table' }).click();
  const table = perStudent.getByRole('table', { name: 'Time spent per student' });
  await expect(table.getByRole('row', { name: new RegExp(STUDENT) })).toContainText(/\d+ (s|min)|\d+ h/);
  await checkNoOverflow(teacher);
  await checkA11y(teacher, 'reports: charts');

  // The other tabs: the material report's rows and the at-risk list (demo: a student who never signed in).
  await teacher.getByRole('tab', { name: 'Material report' }).click();
  await expect(teacher.getByRole('tabpanel').getByText(MATERIAL).first()).toBeVisible();
  await checkNoOverflow(teacher);
  await checkA11y(teacher, 'reports: material report');
  await teacher.getByRole('tab', { name: 'At-risk students' }).click();
  await expect(teacher.getByRole('tabpanel').getByText('Never signed in').first()).toBeVisible();
  await checkNoOverflow(teacher);
  await checkA11y(teacher, 'reports: at-risk students');
  await context.close();
});

/** Nothing wider than the screen (360 px on the phone project). */
const checkNoOverflow = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
};

test('a parent has no reports: the address goes where forbidden pages go', async ({ page }) => {
  await signIn(page, 'parent1');
  await page.goto('/#/reports');
  await expect(page).not.toHaveURL(/#\/reports/);
});
