import type { APIRequest, APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInWithForm, test } from '../fixtures.ts';
import { openUserMenu, signOut } from '../helpers.ts';

const PASSWORD = 'Bagong#Pass2026';
const HEADERS = { 'x-requested-with': 'klase' };

/** Signs in through the API in its own cookie jar; returns the CSRF token. */
const apiSignIn = async (api: APIRequestContext, username: string, password = DEMO_PASSWORD) => {
  const res = await api.post('/api/auth/login', { headers: HEADERS, data: { username, password } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
};

/**
 * A teacher who has never signed in, made the way a school does it: the school administrator
 * creates the account, the activation mail (read from the outbox by the platform administrator)
 * sets the password.
 */
const newTeacher = async (request: APIRequest, baseURL: string, username: string) => {
  const email = `${username}@e2e.klase.test`;
  const school = await request.newContext({ baseURL });
  const platform = await request.newContext({ baseURL });
  const visitor = await request.newContext({ baseURL });
  try {
    const csrf = await apiSignIn(school, 'schooladmin');
    const created = await school.post('/api/admin/users', {
      headers: { ...HEADERS, 'x-csrf-token': csrf },
      data: { roleId: 3, username, email, firstName: 'Tala', lastName: 'Ramos', employeeNumber: `E-${username}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    await apiSignIn(platform, 'admin');
    const outbox = await platform.get(`/api/admin/outbox?search=${encodeURIComponent(email)}`, { headers: HEADERS });
    const mails = (await outbox.json()) as { data: { text: string }[] };
    const token = /token=([\w-]+)/.exec(mails.data[0]?.text ?? '')?.[1];
    expect(token, 'activation link in the outbox').toBeTruthy();
    const activated = await visitor.post('/api/auth/activate', { headers: HEADERS, data: { token, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(activated.status()).toBe(200);
  } finally {
    await school.dispose();
    await platform.dispose();
    await visitor.dispose();
  }
};

const tourDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: /^Step \d+ of \d+/ });
const tourSaved = (page: Page, status: string) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/account/tour') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes(`"${status}"`),
  );

/** Pages through the whole tour with the keyboard (focus stays on Next, which becomes Finish). */
const walkToFinish = async (page: Page, phone: boolean) => {
  const dialog = tourDialog(page);
  const total = Number(/of (\d+)/.exec((await dialog.getByText(/^Step 1 of \d+$/).textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(4);
  for (let step = 1; step < total; step += 1) {
    await expect(dialog.getByText(`Step ${step} of ${total}`)).toBeVisible();
    await expect(page.getByTestId('tour-spotlight')).toBeVisible();
    if (step === 2) {
      // Classes: in the navigation on a desktop, behind the burger on a phone.
      await expect(dialog.getByRole('heading', { name: 'Classes' })).toBeVisible();
      await expect(dialog.getByText(/open the menu to find it/)).toHaveCount(phone ? 1 : 0);
    }
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(dialog.getByText(`Step ${total} of ${total}`)).toBeVisible();
  const finished = tourSaved(page, 'finished');
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await finished;
  await expect(tourDialog(page)).toHaveCount(0);
};

const replayFromHelp = async (page: Page, phone: boolean) => {
  if (phone) await openUserMenu(page);
  else await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Take the tour' }).click();
};

test('a new teacher takes the tour from the welcome dialog; it is remembered, resumes, and replays from the help menu', async ({
  page,
  playwright,
  baseURL,
  a11y,
}, info) => {
  const phone = info.project.name === 'phone';
  const username = `e2e.tour.${info.project.name}`;
  await newTeacher(playwright.request, baseURL ?? '', username);

  await signInWithForm(page, username, PASSWORD, { keepWelcome: true });
  const welcome = page.getByRole('dialog', { name: /welcome/i });
  await expect(welcome).toBeVisible();
  const started = tourSaved(page, 'active');
  await welcome.getByRole('button', { name: 'Start the tour' }).click();
  await started;
  await expect(tourDialog(page)).toHaveAccessibleName('Pending submissions');
  await a11y('guided tour, first step');
  await walkToFinish(page, phone);

  // Remembered: neither the welcome dialog nor the tour comes back, after a reload or a new sign-in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /welcome, tala/i })).toBeVisible();
  await expect(page.getByTestId('pending-submissions')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await signOut(page);
  await signInWithForm(page, username, PASSWORD, { keepWelcome: true });
  await expect(page.getByTestId('pending-submissions')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Replayed from the help menu on another page: back to the dashboard, at the first step.
  await page.goto('/#/calendar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const replayed = tourSaved(page, 'active');
  await replayFromHelp(page, phone);
  await replayed;
  await expect(page).toHaveURL(/#\/dashboard$/);
  const dialog = tourDialog(page);
  await expect(dialog.getByText(/^Step 1 of/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();

  // Left at step 3: the next visit resumes there; Escape skips it at once.
  const stepSaved = tourSaved(page, 'active');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await stepSaved;
  await page.reload();
  await expect(tourDialog(page).getByText(/^Step 3 of/)).toBeVisible();
  await expect(tourDialog(page).getByRole('button', { name: 'Next' })).toBeFocused();
  const skipped = tourSaved(page, 'skipped');
  await page.keyboard.press('Escape');
  await skipped;
  await expect(tourDialog(page)).toHaveCount(0);
});
