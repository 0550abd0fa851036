import type { Locator, Page, TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from '../fixtures.ts';

/**
 * Keyboard only (issue 13): every step below is done with `page.keyboard` (Tab, Shift+Tab, Enter,
 * Space, Escape, arrow keys and typing), never the mouse, and each step checks where focus lands.
 * Fixtures (apps/api/src/test/e2e-fixtures.ts, one set per project): class "E2E Keyboard
 * <project>" with e2e.kbteacher, e2e.kbstudent and e2e.kbmate, the assignment "Keyboard essay",
 * the quiz "Keyboard quiz" and the course "Keyboard grades <project>" with a manual grade item.
 */
const f = (info: TestInfo) => ({
  teacher: `e2e.kbteacher.${info.project.name}`,
  student: `e2e.kbstudent.${info.project.name}`,
  className: `E2E Keyboard ${info.project.name}`,
  gradesCourse: `Keyboard grades ${info.project.name}`,
});

// The student's steps follow one another (the welcome dialog is closed once).
test.describe.configure({ mode: 'serial' });

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user does. */
const tabTo = async (page: Page, target: Locator, { back = false, max = 120 } = {}) => {
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never received focus`);
};

/** The page's h1 has focus (after every navigation, issue 13). */
const expectHeadingFocused = async (page: Page, name?: RegExp) => {
  const h1 = page.getByRole('main').locator('h1');
  await expect(h1).toBeFocused();
  if (name) await expect(h1).toHaveText(name);
};

/** Signs in with the keyboard only; the welcome dialog, when shown, is closed with Escape. */
const keyboardSignIn = async (page: Page, username: string) => {
  await page.goto('/#/account/login');
  await expectHeading(page, /sign in/i);
  await tabTo(page, page.getByLabel(/username/i));
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^password/i)).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/dashboard/);
  const welcome = page.getByRole('dialog', { name: /welcome/i });
  if (
    await welcome.waitFor({ state: 'visible', timeout: 3000 }).then(
      () => true,
      () => false,
    )
  ) {
    // Its two buttons have different names (issue 13); focus starts in the dialog.
    await expect(welcome.getByRole('button', { name: /^close$/i })).toHaveCount(1);
    await expect(welcome.getByRole('button', { name: /^no, thanks$/i })).toBeVisible();
    await expect(welcome.getByRole('button', { name: /^start the tour$/i })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();
  }
  await expectHeadingFocused(page);
};

const expectHeading = (page: Page, name: RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** Follows a main-navigation entry with the keyboard (on phones: the burger opens the drawer first). */
const navigateTo = async (page: Page, entry: RegExp) => {
  const burger = page.locator('button[aria-controls="klase-navbar"]');
  if (await burger.isVisible()) {
    await tabTo(page, burger);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  await tabTo(page, page.getByRole('navigation', { name: /main navigation/i }).getByRole('link', { name: entry }));
  await page.keyboard.press('Enter');
};

/** Opens a link inside the main landmark with Tab and Enter; the new page's h1 gets focus. */
const follow = async (page: Page, link: Locator, heading?: RegExp) => {
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, heading);
};

test('sign-in with the keyboard lands on the dashboard heading; the page is named in its title', async ({ page }, info) => {
  await keyboardSignIn(page, f(info).student);
  await expect(page).toHaveTitle(/\| Klase$/);
});

test('the phone navigation is a modal drawer: focus inside, Escape closes it back to the burger, an entry moves focus to the new h1', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await keyboardSignIn(page, f(info).student);
  const burger = page.locator('button[aria-controls="klase-navbar"]');
  await tabTo(page, burger);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // Tab walks the drawer only, never the page behind it.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole('link', { name: /^classes$/i }));
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/#\/classes$/);
  await expectHeadingFocused(page, /classes/i);
});

test('a student hands in an assignment with the keyboard', async ({ page }, info) => {
  const x = f(info);
  await keyboardSignIn(page, x.student);
  // What's Due leads to the assignment; its page's h1 names the page and its class, the title the material and course too.
  await follow(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: /keyboard essay/i })
      .first(),
    new RegExp(`^Course element — ${x.className}$`),
  );
  await expect(page).toHaveTitle(/^Keyboard essay · .+ · E2E Keyboard .+ \| Klase$/);
  const editor = page.locator('.ProseMirror').first();
  await tabTo(page, editor);
  await page.keyboard.type('Typed without a mouse.');
  const submit = page.getByRole('button', { name: /^submit$/i });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /submit your work/i });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, dialog.getByRole('button', { name: /^submit$/i }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your work was submitted.').first()).toBeVisible();
  // Focus is back on the page (not lost to <body>).
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
});

test('a student takes a quiz with the keyboard', async ({ page }, info) => {
  const x = f(info);
  await keyboardSignIn(page, x.student);
  await navigateTo(page, /^classes$/i);
  await expectHeadingFocused(page, /classes/i);
  await follow(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(x.className) })
      .first(),
    new RegExp(`^Courses — ${x.className}`),
  );
  await follow(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: /^Quiz course/ })
      .first(),
    new RegExp(`^Course — ${x.className}$`),
  );
  await follow(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: /^start$/i })
      .first(),
  );
  await tabTo(page, page.getByRole('button', { name: /^start quiz$/i }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^start quiz$/i }) });
  await tabTo(page, confirm.getByRole('button', { name: /^start quiz$/i }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/attempt\/[0-9a-f-]{36}$/);
  await expectHeadingFocused(page);

  // Question 1: the radio group is reached with Tab, a choice picked with the arrow keys.
  const manila = page.getByRole('radio', { name: 'Manila' });
  const answer1 = page.getByTestId('attempt-question').filter({ hasText: /question 1 of 2/i });
  await tabTo(page, answer1.getByRole('radio').first());
  for (let i = 0; i < 4 && !(await manila.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  await expect(manila).toBeChecked();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /^next$/i }));
  await page.keyboard.press('Enter');
  // Question 2: the question's own heading takes focus; Space checks True.
  await expect(page.getByRole('heading', { name: /question 2/i })).toBeFocused();
  const yes = page.getByRole('radio', { name: 'True' });
  await tabTo(page, yes);
  await page.keyboard.press('Space');
  await expect(yes).toBeChecked();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: /^submit$/i }).first());
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /submit the quiz/i });
  await expect(dialog.getByText('You have answered every question.')).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: /^submit$/i }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/attempt\/[0-9a-f-]{36}\/result$/);
  await expectHeadingFocused(page);
  await expect(page.getByText(/3 \/ 3/).first()).toBeVisible();
});

test('a teacher enters a grade in the grader grid with the keyboard; it is announced and the focus ring shows', { tag: '@desk' }, async ({ page }, info) => {
  const x = f(info);
  await keyboardSignIn(page, x.teacher);
  await navigateTo(page, /^classes$/i);
  await expectHeadingFocused(page, /classes/i);
  await follow(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(x.className) })
      .first(),
  );
  await follow(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(x.gradesCourse) })
      .first(),
    new RegExp(`^Course — ${x.className}$`),
  );
  await follow(page, page.getByRole('link', { name: /^grade book$/i }), new RegExp(`^Grade book — ${x.className}$`));
  await expect(page).toHaveTitle(new RegExp(`^Grade book · ${x.gradesCourse} · ${x.className} \\| Klase$`));

  // The grid is one tab stop; arrow keys move inside it.
  const grid = page.getByRole('grid');
  const first = grid.locator('[role="gridcell"][tabindex="0"]');
  await tabTo(page, first);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .first();
  const cell = row.locator('[role="gridcell"]').first();
  await expect(cell).toBeFocused();
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await expect(cell).toContainText('8.00');
  await expect(page.getByTestId('live-announcer')).toHaveText('Grade saved');

  // The row header shows a visible 2 px focus ring (WCAG 2.4.7).
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  const header = row.getByRole('rowheader');
  await expect(header).toBeFocused();
  await expect(header).toHaveCSS('outline-style', 'solid');
  await expect(header).toHaveCSS('outline-width', '2px');
});
