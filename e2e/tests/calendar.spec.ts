import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

/**
 * The calendar (issue 17). teacher1 creates a weekly class event of 5 for Grade 7 - Sampaguita
 * starting today, sees it in the month and year views, moves today's occurrence (this event only),
 * student1 of the class sees it with their due work, and the teacher deletes the series; parent1
 * switches "View as parent" between a child's calendar and their own. Each project makes its own
 * series (the title carries the project's name).
 */
const view = (page: Page, name: RegExp) => page.getByRole('radiogroup', { name: /calendar view/i }).getByText(name);
const eventsTitled = (page: Page, title: string) => page.locator('[data-calendar-event]', { hasText: title }).filter({ visible: true });
const sure = (page: Page, text: RegExp) => page.getByRole('dialog').filter({ hasText: text });

const createSeries = async (page: Page, title: string) => {
  await page.getByRole('button', { name: /^new event$/i }).click();
  const form = page.getByRole('dialog', { name: /^new event$/i });
  await form.getByLabel(/^title/i).fill(title);
  await form.getByRole('combobox', { name: /^event type/i }).click();
  await page.getByRole('option', { name: /^class event$/i }).click();
  await form.getByRole('combobox', { name: /^class/i }).click();
  await page.getByRole('option', { name: 'Grade 7 - Sampaguita' }).click();
  await form.getByRole('combobox', { name: /^repeat/i }).click();
  await page.getByRole('option', { name: /^weekly$/i }).click();
  await form.getByLabel(/^number of events/i).fill('0');
  await form.getByRole('button', { name: /^save$/i }).click();
  await expect(form.getByText('Must be greater than zero')).toBeVisible();
  await form.getByLabel(/^number of events/i).fill('5');
  await form.getByLabel(/^location/i).fill('Room 7');
  await form.getByRole('button', { name: /^save$/i }).click();
  await sure(page, /create this event/i)
    .getByRole('button', { name: /^confirm$/i })
    .click();
  await expect(page.getByText('Event created.')).toBeVisible();
};

/** student1, in a browser of their own: the class event and their due work. */
const studentSees = async (browser: Browser, title: string, a11y: (label?: string) => Promise<void>) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, 'student1');
    await goTo(page, /^calendar$/i);
    await view(page, /^list$/i).click();
    await expect(eventsTitled(page, title).first()).toBeVisible();
    const overdue = page.getByRole('region', { name: /^overdue work$/i });
    await expect(overdue.getByRole('link', { name: 'Cell analogy: our school as a cell' })).toHaveAttribute('href', /#\/classes\/.+material=/);
    const upcoming = page.getByRole('region', { name: /^upcoming events$/i });
    await expect(upcoming.getByText('Market problems: systems of equations')).toBeVisible();
    await a11y('calendar (student)');
  } finally {
    await context.close();
  }
};

test('a teacher runs a weekly class series that the class sees, then deletes it', async ({ page, browser, a11y }, info) => {
  const title = `Homeroom check-in ${info.project.name}`;
  await signIn(page, 'teacher1');
  await goTo(page, /^calendar$/i);
  await expect(page.getByRole('heading', { name: /^calendar$/i, level: 1 })).toBeVisible();
  await createSeries(page, title);

  await view(page, /^month$/i).click();
  await expect(eventsTitled(page, title).first()).toBeVisible();
  await a11y('calendar month (teacher)');
  await view(page, /^year$/i).click();
  // A day of the year view is small: today's event sits behind its "+1" link.
  const today = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'Asia/Manila' }).format(new Date());
  await page.getByRole('gridcell', { name: today }).getByRole('button', { name: /^\+\d/ }).click();
  await expect(eventsTitled(page, title).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Today's occurrence moves to 10:00, this event only.
  await view(page, /^day$/i).click();
  await eventsTitled(page, title).first().click();
  await page
    .getByTestId('event-details')
    .getByRole('button', { name: /^edit$/i })
    .click();
  const form = page.getByRole('dialog', { name: /^edit event$/i });
  await form.getByLabel(/^time/i).fill('10:00');
  await form.getByRole('button', { name: /^save$/i }).click();
  await page
    .getByRole('dialog', { name: /edit a repeating event/i })
    .getByRole('button', { name: /^this event only$/i })
    .click();
  await expect(page.getByText('Event updated.')).toBeVisible();
  await eventsTitled(page, title).first().click();
  const details = page.getByTestId('event-details');
  await expect(details.getByText(/10:00 AM/)).toBeVisible();
  await expect(details.getByText(/changed on its own/i)).toBeVisible();
  await a11y('event details');
  await page.keyboard.press('Escape');

  await studentSees(browser, title, a11y);

  await eventsTitled(page, title).first().click();
  await page
    .getByTestId('event-details')
    .getByRole('button', { name: /^delete$/i })
    .click();
  await page
    .getByRole('dialog', { name: /delete a repeating event/i })
    .getByRole('button', { name: /^all events in the series$/i })
    .click();
  await expect(page.getByText('Event deleted.')).toBeVisible();
  await view(page, /^year$/i).click();
  await expect(eventsTitled(page, title)).toHaveCount(0);
});

test("a parent switches between a child's calendar and their own", async ({ page, a11y }) => {
  await signIn(page, 'parent1');
  const child = page.waitForRequest((r) => r.url().includes('/api/calendar/events?') && r.url().includes('childId='));
  await goTo(page, /^calendar$/i);
  await child;
  const toggle = page.getByRole('switch', { name: /view as parent/i });
  await expect(toggle).toBeChecked();
  await expect(page.getByText(/^Showing .+'s calendar, as their parent\.$/)).toBeVisible();
  await a11y('calendar (parent)');
  const own = page.waitForRequest((r) => r.url().includes('/api/calendar/events?') && !r.url().includes('childId='));
  await toggle.click({ force: true });
  await expect(page.getByText('Showing your own calendar.')).toBeVisible();
  await own;
  await page.reload();
  await expect(page.getByRole('switch', { name: /view as parent/i })).not.toBeChecked();
  await page.getByRole('switch', { name: /view as parent/i }).click({ force: true });
  await expect(page.getByRole('switch', { name: /view as parent/i })).toBeChecked();
});
