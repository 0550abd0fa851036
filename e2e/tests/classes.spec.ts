import type { Browser, Page, TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, checkA11y, expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

/**
 * Classes (issue 4), with the fixture accounts of apps/api/src/test/e2e-fixtures.ts (one set per
 * project): a teacher creates a class and shares its code, a student joins with it, the teacher
 * adds three classmates, generates groups and gives one classmate a generated password.
 * The steps build on each other, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const f = (info: TestInfo) => ({
  teacher: `e2e.classteacher.${info.project.name}`,
  joiner: `e2e.joiner.${info.project.name}`,
  linkJoiner: `e2e.linkjoiner.${info.project.name}`,
  mate: (n: number) => `e2e.mate${n}.${info.project.name}`,
  className: `Araling Panlipunan ${info.project.name}`,
});

const STUDENT_NAMES = ['Jomar Aquino', 'Bea Bautista', 'Carlo Castro', 'Dina Dizon'];
/** Lists show "Last, First"; pickers show "First Last": the last name finds a student in both. */
const lastName = (name: string) => new RegExp(name.split(' ')[1] ?? name);

let classUrl = '';

const confirmDialog = async (page: Page, button: RegExp = /^confirm$/i) => {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: button }) })
    .last();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
};

const openTab = async (page: Page, name: RegExp) => {
  await page
    .getByRole('navigation', { name: /class sections/i })
    .getByRole('link', { name })
    .click();
};

const asUser = async (browser: Browser, username: string, password = DEMO_PASSWORD) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, username, password);
  return { page, close: () => context.close() };
};

test('a teacher creates a class, a student joins with its code and appears in the class list', async ({ page, browser, a11y }, info) => {
  const x = f(info);
  await signIn(page, x.teacher);
  await goTo(page, /^classes$/i);
  await expect(page).toHaveURL(/#\/classes$/);
  await a11y('classes (empty)');

  await page
    .getByRole('link', { name: /create class/i })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/classes\/new/);
  // Bad input first: the form names what is missing and the server is not asked.
  await page.getByRole('button', { name: /^save$/i }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();

  await page.getByLabel(/class name/i).fill(x.className);
  await page.getByRole('combobox', { name: /grade level/i }).click();
  await page.getByRole('option', { name: 'Grade 9', exact: true }).click();
  await page.getByLabel(/^section/i).fill('Mabini');
  await a11y('create class');
  await page.getByRole('button', { name: /^save$/i }).click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/#\/classes\/[0-9a-f-]{36}\/courses/);
  await expect(page.getByRole('heading', { name: x.className })).toBeVisible();
  classUrl = new URL(page.url()).hash.replace(/\/courses$/, '');

  await openTab(page, /settings/i);
  const code = (await page.getByTestId('access-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z2-9]{7}$/);
  await a11y('class settings');

  const student = await asUser(browser, x.joiner);
  try {
    await goTo(student.page, /^classes$/i);
    await expect(student.page.getByText(/not in any class yet/i)).toBeVisible();
    await student.page
      .getByRole('button', { name: /join class/i })
      .first()
      .click();
    const dialog = student.page.getByRole('dialog', { name: /join class/i });
    // A wrong code is refused with a clear message and changes nothing.
    await dialog.getByLabel(/access code/i).fill('ZZZZ222');
    await dialog.getByRole('button', { name: /join class/i }).click();
    await expect(dialog.getByText(/no class uses this access code/i)).toBeVisible();
    // Lower case with a dash is the same code.
    await dialog.getByLabel(/access code/i).fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`);
    await dialog.getByRole('button', { name: /join class/i }).click();
    await expect(student.page).toHaveURL(/#\/classes\/[0-9a-f-]{36}\/courses/);
    await expect(student.page.getByRole('heading', { name: x.className })).toBeVisible();
    // Students see no settings.
    await expect(student.page.getByRole('navigation', { name: /class sections/i }).getByRole('link', { name: /settings/i })).toHaveCount(0);
    await checkA11y(student.page, 'joined class (student)');
  } finally {
    await student.close();
  }

  await openTab(page, /class list/i);
  await expect(page).toHaveURL(/class-list\/students/);
  await expect(page.getByRole('main').getByText(lastName('Jomar Aquino')).first()).toBeVisible();
  await a11y('class list');
});

test('the teacher adds classmates and generates three groups that place every student once', async ({ page, a11y }, info) => {
  const x = f(info);
  expect(classUrl, 'the first step created the class').not.toBe('');
  await signIn(page, x.teacher);
  await page.goto(`/${classUrl}/class-list/students`);
  await expect(page.getByRole('main').getByText(lastName('Jomar Aquino')).first()).toBeVisible();

  await page.getByRole('button', { name: /add students/i }).click();
  const add = page.getByRole('dialog', { name: /add students/i });
  // Pick the three classmates one search at a time; the picks are kept while searching.
  for (const [i, name] of STUDENT_NAMES.slice(1).entries()) {
    await add.getByLabel(/search by name or username/i).fill(x.mate(i + 1));
    const box = add.getByRole('checkbox', { name });
    await expect(box).toHaveCount(1);
    await box.check();
  }
  await expect(add.getByText('3 students selected')).toBeVisible();
  await a11y('add students');
  await add.getByRole('button', { name: /add 3 students/i }).click();
  await confirmDialog(page, /^add$/i);
  await expect(add).toBeHidden();
  for (const name of STUDENT_NAMES) await expect(page.getByRole('main').getByText(lastName(name)).first()).toBeVisible();

  await page
    .getByRole('navigation', { name: /class list sections/i })
    .getByRole('link', { name: /groups/i })
    .click();
  await expect(page).toHaveURL(/class-list\/groups/);
  await page.getByRole('button', { name: /generate groups/i }).click();
  const gen = page.getByRole('dialog', { name: /generate groups/i });
  // Zero is refused before anything is sent.
  await gen.getByRole('textbox', { name: /number of groups/i }).fill('0');
  await gen.getByRole('button', { name: /^preview$/i }).click();
  await expect(gen.getByText('Must be greater than zero')).toBeVisible();
  await gen.getByRole('textbox', { name: /number of groups/i }).fill('3');
  await gen.getByRole('button', { name: /^preview$/i }).click();
  await expect(gen.getByText(/3 groups for 4 students/i)).toBeVisible();
  await a11y('generate groups preview');
  // Every student appears exactly once across the previewed groups.
  for (const name of STUDENT_NAMES) await expect(gen.getByText(lastName(name))).toHaveCount(1);
  await gen.getByRole('button', { name: /save groups/i }).click();
  await confirmDialog(page);
  await expect(gen).toBeHidden();

  const names = ['Group 1', 'Group 2', 'Group 3'];
  for (const name of names) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  // The members of the three saved groups together are the four students, each once.
  const placed: string[] = [];
  for (const name of names) {
    await page.getByText(name, { exact: true }).first().click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText(/members?$/i).first()).toBeVisible();
    const main = page.getByRole('main');
    for (const student of STUDENT_NAMES) if (await main.getByText(lastName(student)).count()) placed.push(student);
    await page.goBack();
    await expect(page).toHaveURL(/class-list\/groups/);
  }
  expect(placed.sort()).toEqual([...STUDENT_NAMES].sort());
});

test('the teacher sets a generated password and the student signs in with it', async ({ page, browser, a11y }, info) => {
  const x = f(info);
  expect(classUrl, 'the first step created the class').not.toBe('');
  await signIn(page, x.teacher);
  await page.goto(`/${classUrl}/class-list/students`);
  await page.getByRole('main').getByText(lastName('Bea Bautista')).first().click();
  await expect(page).toHaveURL(/class-list\/student\/[0-9a-f-]{36}\/about/);
  await page.getByRole('link', { name: /change password/i }).click();
  await page.getByRole('button', { name: /generate a password/i }).click();
  await expect(page.getByRole('dialog').getByText(/current password stops working/i)).toBeVisible();
  await confirmDialog(page, /generate a password/i);
  const shown = page.getByTestId('generated-password');
  await expect(shown).toBeVisible();
  const password = (await shown.innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await a11y('generated password');

  const student = await asUser(browser, x.mate(1), password);
  try {
    await expect(student.page).toHaveURL(/#\/dashboard/);
  } finally {
    await student.close();
  }
});

test('a signed-out student opens the invitation link, signs in and joins the class', async ({ page, browser, a11y }, info) => {
  const x = f(info);
  expect(classUrl, 'the first step created the class').not.toBe('');
  await signIn(page, x.teacher);
  await page.goto(`/${classUrl}/settings`);
  const link = await page.getByLabel(/link to share/i).inputValue();
  const hash = new URL(link).hash;
  expect(hash).toMatch(/^#\/classes\/join\/[\w-]{16,}$/);

  const context = await browser.newContext();
  const student = await context.newPage();
  try {
    await student.emulateMedia({ reducedMotion: 'reduce' });
    await student.goto(`/${hash}`);
    // Signed out: the link leads through sign-in and comes back to the invitation.
    await expect(student).toHaveURL(/#\/account\/login\?redirect=/);
    await signIn(student, x.linkJoiner, DEMO_PASSWORD, { expectUrl: /#\/classes\/join\// });
    await expect(student.getByRole('heading', { name: x.className })).toBeVisible();
    await checkA11y(student, 'invitation');
    await student.getByRole('button', { name: /^join class$/i }).click();
    await expect(student).toHaveURL(/#\/classes\/[0-9a-f-]{36}\/courses/);
    await expect(student.getByRole('heading', { name: x.className, level: 1 })).toBeVisible();
    // Opening the link again says so instead of joining twice.
    await student.goto(`/${hash}`);
    await expect(student.getByText(/you are already in this class/i)).toBeVisible();
  } finally {
    await context.close();
  }

  await page.goto(`/${classUrl}/class-list/students`);
  await expect(page.getByRole('main').getByText(lastName('Lorna Esguerra')).first()).toBeVisible();
  await a11y('class list after the link');
});
