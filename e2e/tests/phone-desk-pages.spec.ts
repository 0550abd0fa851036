import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.ts';

/**
 * The desk tasks at 360 px (decision 0064). The long flows of administrators' and teachers' desk
 * work (bulk upload, customers, the catalogue, the E-Class Record, the grading policy, learner
 * records, sign-in locks, a section's report cards, two co-teachers' edit conflict, grading with the
 * keyboard) run in the desktop project only (tag `@desk`); on a phone each of their pages still
 * opens, fits the screen without sideways scrolling and passes axe in both colour schemes, here.
 */

const CLASS = 'Grade 7 - Sampaguita';
const COURSE = 'Science 7: Living Things';

/** No sideways scrolling of the page itself (wide tables scroll inside their own box). */
const expectFits = async (page: Page, label: string) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} is wider than the screen`).toBeLessThanOrEqual(0);
};

const open = async (page: Page, a11y: (label?: string) => Promise<void>, route: string, heading: string | RegExp, label: string) => {
  await page.goto(`/#${route}`);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expect(page.getByRole('main').locator('.mantine-Loader-root')).toHaveCount(0);
  await expectFits(page, label);
  await a11y(label);
};

const demoIds = async (page: Page) => {
  const classes = (await (await page.request.get(`/api/classes?search=${encodeURIComponent('Sampaguita')}`)).json()) as {
    data: { id: string; name: string }[];
  };
  const cls = classes.data.find((c) => c.name === CLASS);
  if (!cls) throw new Error('demo class');
  const courses = (await (await page.request.get(`/api/classes/${cls.id}/courses`)).json()) as { id: string; name: string }[];
  const course = courses.find((c) => c.name === COURSE);
  if (!course) throw new Error('demo course');
  return { classId: cls.id, courseId: course.id };
};

test('the platform administrator’s desk pages fit a phone and pass axe', async ({ page, a11y }) => {
  await signIn(page, 'admin');
  await open(page, a11y, '/admin/customers', 'Customers', 'customers');
  await open(page, a11y, '/admin/users', 'Users', 'users');
  const found = page.waitForResponse((r) => r.url().includes('/api/admin/users?') && r.url().includes('teacher1'));
  await page.getByRole('searchbox', { name: /search/i }).fill('teacher1');
  await found;
  await page.getByText('teacher1', { exact: true }).first().click();
  await expect(page).toHaveURL(/#\/admin\/users\/[0-9a-f-]{36}/);
  await expect(page.getByRole('main').locator('.mantine-Loader-root')).toHaveCount(0);
  await expectFits(page, 'a user');
  await a11y('a user');
});

test('the school administrator’s desk pages fit a phone and pass axe', async ({ page, a11y }) => {
  await signIn(page, 'schooladmin');
  await open(page, a11y, '/admin/users/bulk', /bulk/i, 'bulk upload');
  await open(page, a11y, '/school/grading-policy', /grading/i, 'grading policy');
});

test('the catalogue builder fits a phone and passes axe', async ({ page, a11y }) => {
  await signIn(page, 'rexadmin');
  await open(page, a11y, '/catalogue', /catalogue/i, 'catalogue');
});

test('the teacher’s desk pages (report cards, attendance, the grade book with its E-Class Record) fit a phone and pass axe', async ({ page, a11y }) => {
  await signIn(page, 'teacher1');
  const { classId, courseId } = await demoIds(page);
  await open(page, a11y, `/classes/${classId}/report-cards`, 'Report cards (SF9)', 'report cards');
  await open(page, a11y, `/classes/${classId}/class-attendance`, /attendance/i, 'attendance');
  await open(page, a11y, `/classes/${classId}/courses/${courseId}/grade-book`, COURSE, 'grade book');
  await expect(page.getByRole('region', { name: 'E-Class Record' })).toBeVisible();
});
