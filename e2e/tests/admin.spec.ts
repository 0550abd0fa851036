import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

const DISABLE_TEXT = 'Are you sure you want to disable this customer? The user will be logged out of the site and will not be able to login while disabled.';
const ENABLE_TEXT = 'Are you sure you want to enable back this customer?';

/** Fixture data of apps/api/src/test/e2e-fixtures.ts, one set per project. */
const fixture = (info: TestInfo) => ({
  customer: `E2E Customer ${info.project.name}`,
  customerTeacher: `e2e.custteacher.${info.project.name}`,
  schoolAdmin: `e2e.sadmin.${info.project.name}`,
  bulkSchool: `E2E Bulk School ${info.project.name}`,
});

const openSection = async (page: Page, name: RegExp) => {
  await page
    .getByRole('navigation', { name: /administration sections/i })
    .getByRole('link', { name })
    .click();
};

const search = async (page: Page, text: string) => {
  const box = page.getByRole('searchbox', { name: /search/i });
  const answer = page.waitForResponse((r) => r.url().includes('search=') && r.url().includes(encodeURIComponent(text.toLowerCase()).replace(/%20/g, '+')));
  await box.fill(text);
  await answer;
};

test(
  'a platform administrator disables and re-enables a customer; its teacher is logged out meanwhile',
  { tag: '@desk' },
  async ({ page, browser, a11y }, info) => {
    const f = fixture(info);
    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    await teacher.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(teacher, f.customerTeacher, DEMO_PASSWORD);

    await signIn(page, 'admin', DEMO_PASSWORD);
    await goTo(page, /administration/i);
    await expect(page).toHaveURL(/#\/admin\/customers/);
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
    await search(page, f.customer);
    await expect(page.getByText(f.customer)).toBeVisible();
    await a11y('customers');

    await page.getByRole('button', { name: `Disable ${f.customer}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable customer' });
    await expect(dialog.getByText(DISABLE_TEXT, { exact: true })).toBeVisible();
    await a11y('disable customer dialog');
    const disabled = page.waitForResponse((r) => r.url().endsWith('/status') && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    const body = (await (await disabled).json()) as { message: string };
    await expect(page.getByText(body.message)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Enable ${f.customer}` })).toBeVisible();

    // The teacher's next navigation asks the server, which has ended the session.
    await goTo(teacher, /my account/i);
    await expect(teacher).toHaveURL(/#\/account\/login/);
    await expect(teacher.getByText('Your session has expired.')).toBeVisible();
    // And cannot sign in while the customer is disabled.
    await teacher.getByLabel(/username/i).fill(f.customerTeacher);
    await teacher.getByLabel(/^password/i).fill(DEMO_PASSWORD);
    const refused = teacher.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await teacher.getByRole('button', { name: /sign in/i }).click();
    expect((await refused).status()).toBe(403);
    await expect(teacher.getByText("Your school's subscription is disabled. Please contact your administrator.")).toBeVisible();

    await page.getByRole('button', { name: `Enable ${f.customer}` }).click();
    const enableDialog = page.getByRole('dialog', { name: 'Enable customer' });
    await expect(enableDialog.getByText(ENABLE_TEXT, { exact: true })).toBeVisible();
    const enabled = page.waitForResponse((r) => r.url().endsWith('/status') && r.request().method() === 'PATCH');
    await enableDialog.getByRole('button', { name: 'Enable' }).click();
    const enabledBody = (await (await enabled).json()) as { message: string };
    await expect(page.getByText(enabledBody.message)).toBeVisible();
    await expect(enableDialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Disable ${f.customer}` })).toBeVisible();

    // Sign-in works again (back to the page the teacher was opening).
    await signIn(teacher, f.customerTeacher, DEMO_PASSWORD, { expectUrl: /#\/account\/details/ });
    await teacherContext.close();
  },
);

/** CSV text to rows of cells (quoted cells may hold commas and doubled quotes). */
const parseCsv = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((line) => [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? ''))));

const CSV_HEADER = 'role,username,email,salutation,firstName,middleName,lastName,suffix,employeeNumber,gradeLevel,section,parentUsernames';

test(
  'a school administrator bulk-uploads a CSV with bad rows, previews it, downloads the rejected rows, confirms and sees the new users',
  { tag: '@desk' },
  async ({ page, a11y }, info) => {
    const f = fixture(info);
    const p = info.project.name;
    const rows = [
      CSV_HEADER,
      `teacher,bk.${p}.teacher,bk.${p}.teacher@e2e.klase.test,Ms.,Nora,,Aunor,,T-${p}-1,,,`,
      `student,bk.${p}.student,,,Pepe,,Smith,,,Grade 7,Rosal,`,
      `parent,bk.${p}.parent,not-an-email,,Lito,,Lapid,,,,,`,
      `student,bk.${p}.noname,,,Ana,,,,,Grade 8,Rosal,`,
      `teacher,bk.${p}@mail.ph,bk.${p}.t2@e2e.klase.test,,Juan,,Luna,,T-${p}-2,,,`,
    ];
    const file = join(await mkdtemp(join(tmpdir(), 'klase-admin-e2e-')), `users-${p}.csv`);
    await writeFile(file, `${rows.join('\n')}\n`, 'utf8');

    await signIn(page, f.schoolAdmin, DEMO_PASSWORD);
    await goTo(page, /administration/i);
    // A school administrator lands on their own school.
    await expect(page).toHaveURL(/#\/admin\/schools\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: f.bulkSchool })).toBeVisible();
    await a11y('own school');

    await openSection(page, /bulk upload/i);
    await expect(page).toHaveURL(/#\/admin\/users\/bulk/);
    await a11y('bulk upload');
    await page.getByTestId('upload-input').setInputFiles(file);
    await expect(page).toHaveURL(/#\/admin\/users\/bulk\?job=[0-9a-f-]{36}/);
    // The preview: nothing is created until the administrator confirms.
    await expect(page.getByTestId('bulk-status')).toHaveText('Checked. Nothing has been created yet.', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: `Preview of users-${p}.csv` })).toBeVisible();
    await expect(page.getByTestId('bulk-created')).toHaveText('2 users will be created');
    await expect(page.getByTestId('bulk-rejected-count')).toHaveText('3 rows will be rejected');
    const rejected = page.getByTestId('bulk-rejected');
    await expect(rejected.getByRole('row', { name: /^4 email Incorrect email\./ })).toBeVisible();
    await expect(rejected.getByRole('row', { name: /^5 lastName This field is required\./ })).toBeVisible();
    await expect(rejected.getByRole('row', { name: /^6 username Invalid mail provider/ })).toBeVisible();
    await a11y('bulk preview');

    // The rejected rows as a CSV like the upload, with a column saying why.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download rejected rows' }).click();
    const saved = join(await mkdtemp(join(tmpdir(), 'klase-admin-e2e-')), (await download).suggestedFilename());
    await (await download).saveAs(saved);
    expect(saved).toMatch(/\.csv$/);
    const table = parseCsv(await readFile(saved, 'utf8'));
    expect(table[0]?.at(-1)).toBe('rejectionReason');
    expect(table.slice(1).map((r) => [r[1], r.at(-1)])).toEqual([
      [`bk.${p}.parent`, 'email: Incorrect email.'],
      [`bk.${p}.noname`, 'lastName: This field is required.'],
      [`bk.${p}@mail.ph`, expect.stringMatching(/^username: Invalid mail provider/)],
    ]);

    await page.getByRole('button', { name: 'Create 2 users' }).click();
    await expect(page.getByTestId('bulk-status')).toHaveText('Finished.', { timeout: 30_000 });
    await expect(page.getByTestId('bulk-created')).toHaveText('2 users created');
    await expect(page.getByTestId('bulk-rejected-count')).toHaveText('3 rows rejected');
    await a11y('bulk results');

    // The job id is in the URL: a reload follows the same job.
    await page.reload();
    await expect(page.getByTestId('bulk-created')).toHaveText('2 users created');
    await expect(page.getByTestId('bulk-rejected').getByRole('row', { name: /^4 email/ })).toBeVisible();

    await openSection(page, /^users$/i);
    await search(page, `bk.${p}`);
    await expect(page.getByText(`bk.${p}.teacher`, { exact: true })).toBeVisible();
    await expect(page.getByText(`bk.${p}.student`, { exact: true })).toBeVisible();
    await expect(page.getByText(`bk.${p}.parent`, { exact: true })).toHaveCount(0);
    await a11y('users');
  },
);

test('export downloads the filtered users as CSV and XLSX files with the right rows', { tag: '@desk' }, async ({ page, a11y }, info) => {
  const f = fixture(info);
  await signIn(page, f.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/#/admin/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // Only the school administrators of this school: the fixture account alone.
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  const filtered = page.waitForResponse((r) => r.url().includes('/api/admin/users?') && r.url().includes('role=10'));
  await page.getByRole('option', { name: 'School administrator' }).click();
  await filtered;
  await page.keyboard.press('Escape');
  await expect(page.getByText(f.schoolAdmin, { exact: true })).toBeVisible();
  await a11y('users filtered');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  const dir = await mkdtemp(join(tmpdir(), 'klase-admin-e2e-'));
  const csvPath = join(dir, csv.suggestedFilename());
  await csv.saveAs(csvPath);
  const table = parseCsv(await readFile(csvPath, 'utf8'));
  const header = table[0] ?? [];
  const usernameAt = header.findIndex((h) => /username/i.test(h));
  expect(usernameAt).toBeGreaterThanOrEqual(0);
  expect(table.slice(1).map((r) => r[usernameAt])).toEqual([f.schoolAdmin]);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsxPath = join(dir, xlsx.suggestedFilename());
  await xlsx.saveAs(xlsxPath);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsxPath);
  const sheet = book.worksheets[0];
  expect(sheet).toBeDefined();
  const values: string[][] = [];
  sheet?.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  const xlsxUsernameAt = (values[0] ?? []).findIndex((h) => /username/i.test(h));
  expect(values.slice(1).map((r) => r[xlsxUsernameAt])).toEqual([f.schoolAdmin]);
});
