import type { Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';

/**
 * Learner fields, attendance and observed values (issue 19). The school administrator sets a
 * student's LRN and sex on the user page; teacher1, the adviser of Grade 7 - Sampaguita (demo
 * seed), enters a month's attendance (a refused cell first) and quarter 2 observed values; a reload
 * shows them. Each project edits its own learner and month, so the runs never meet.
 */
const mine = (project: string) =>
  project === 'desktop' ? { username: 'student3', name: 'Miguel Villanueva', month: 'Mar' } : { username: 'student5', name: 'Paolo Ramos', month: 'Apr' };

const openClassTab = async (page: Page, tab: string) => {
  await page.goto('/#/classes');
  await page
    .getByRole('link', { name: /Grade 7 - Sampaguita/ })
    .first()
    .click();
  await expect(page.getByTestId('class-adviser')).toContainText('Maria Clara Santos');
  await page.getByRole('navigation', { name: 'Class sections' }).getByRole('link', { name: tab }).click();
};

test(
  'the administrator sets a learner LRN and sex; the adviser enters attendance and observed values',
  { tag: '@desk' },
  async ({ page, browser, a11y }, info) => {
    test.setTimeout(150_000);
    const me = mine(info.project.name);
    const lrn = `9${Date.now().toString().slice(-11)}`;

    await signIn(page, 'schooladmin');
    await page.goto('/#/admin/users');
    await page.getByRole('searchbox', { name: /search/i }).fill(me.username);
    await page.getByRole('link', { name: me.name }).first().click();
    const lrnBox = page.getByRole('textbox', { name: 'LRN' });
    await expect(lrnBox).toBeVisible();
    await lrnBox.fill('12345');
    await page.getByRole('button', { name: 'Save learner information' }).click();
    await expect(page.getByText('Enter the 12-digit LRN.')).toBeVisible();
    await lrnBox.fill(lrn);
    await page.getByRole('combobox', { name: 'Sex' }).selectOption('male');
    await page.getByRole('button', { name: 'Save learner information' }).click();
    await expect(page.getByText('Learner information saved.')).toBeVisible();
    await a11y('user page with learner information');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'LRN' })).toHaveValue(lrn);
    await expect(page.getByRole('combobox', { name: 'Sex' })).toHaveValue('male');

    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, reducedMotion: 'reduce' });
    const teacher = await context.newPage();
    await signIn(teacher, 'teacher1');
    await openClassTab(teacher, 'Attendance');
    await expect(teacher.getByRole('heading', { name: 'Attendance', level: 2 })).toBeVisible();
    const days = teacher.getByRole('textbox', { name: `School days in ${me.month}` });
    const present = teacher.getByRole('textbox', { name: `Days present of ${me.name} in ${me.month}` });
    // The seed's weekday counts are at most 23, so only this learner's cell is refused.
    await days.fill('23');
    await present.fill('24');
    await expect(present).toHaveAccessibleDescription('Must not be greater than 23');
    await expect(present).toHaveAttribute('aria-invalid', 'true');
    await present.fill('18');
    await expect(present).not.toHaveAttribute('aria-invalid', 'true');
    await teacher.getByRole('button', { name: 'Save' }).click();
    await expect(teacher.getByText('Attendance saved.')).toBeVisible();
    await checkA11y(teacher, 'attendance page');
    await teacher.reload();
    await expect(teacher.getByRole('textbox', { name: `Days present of ${me.name} in ${me.month}` })).toHaveValue('18');
    await expect(teacher.getByRole('textbox', { name: `School days in ${me.month}` })).toHaveValue('23');

    await openClassTab(teacher, 'Observed values');
    await teacher.getByText('Quarter 2', { exact: true }).click();
    const mark = teacher.getByRole('combobox', { name: `Mark of ${me.name} for statement 1.1` });
    await mark.selectOption('SO');
    // Saved from the keyboard (on the phone project a pointer click at the button's point was reported as landing on the table's last row).
    await teacher.getByRole('button', { name: 'Save' }).focus();
    await teacher.keyboard.press('Enter');
    await expect(teacher.getByText('Observed values saved.')).toBeVisible();
    await checkA11y(teacher, 'observed values page');
    await expect(teacher.getByText('AO Always Observed · SO Sometimes Observed · RO Rarely Observed · NO Not Observed')).toBeVisible();
    await teacher.reload();
    await teacher.getByText('Quarter 2', { exact: true }).click();
    await expect(teacher.getByRole('combobox', { name: `Mark of ${me.name} for statement 1.1` })).toHaveValue('SO');
    await context.close();
  },
);
