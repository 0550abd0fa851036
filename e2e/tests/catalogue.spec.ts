import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

/**
 * The course catalogue (issue 5) with the demo catalogue (apps/api/src/seed/seed-courses.ts) and the
 * fixtures of apps/api/src/test/e2e-fixtures.ts: a teacher browses the catalogue from their empty
 * class, previews a course, adds it to the class and sees the copy finish; the rex admin sees the
 * catalogue the teachers browse.
 */
const COURSE = 'Science 8: Earthquakes and Faults';

const openClass = async (page: Page, className: string) => {
  await goTo(page, /^classes$/i);
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(className) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: className, level: 1 })).toBeVisible();
};

test('a teacher adds a catalogue course to a class and watches the copy finish', async ({ page, a11y }, info) => {
  const className = `E2E Catalogue ${info.project.name}`;
  await signIn(page, `e2e.catteacher.${info.project.name}`);
  await openClass(page, className);

  await page
    .getByRole('link', { name: /browse catalogue/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/courses\/rex-courses\/all$/);
  await expect(page.getByRole('article', { name: COURSE })).toBeVisible();
  await a11y('catalogue (teacher)');

  // A category keeps its choice in the address and shows only its courses.
  await page
    .getByRole('navigation', { name: /categories/i })
    .getByRole('link', { name: /^science/i })
    .click();
  await expect(page).toHaveURL(/\/courses\/rex-courses\/all\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: COURSE })).toBeVisible();
  await expect(page.getByRole('article', { name: /Mathematics 7/ })).toHaveCount(0);

  // The preview: published elements and materials, nothing recorded.
  await page.getByRole('link', { name: `View ${COURSE}` }).click();
  await expect(page).toHaveURL(/\/courses\/rex-courses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: COURSE })).toBeVisible();
  await expect(page.getByText('Faults and plate movement').first()).toBeVisible();
  await a11y('catalogue course preview');

  await page
    .getByRole('button', { name: `Add ${COURSE} to this class` })
    .first()
    .click();
  // The class's courses: the new course is there at once (copying) and opens once the copy is done.
  await expect(page).toHaveURL(/\/classes\/[0-9a-f-]{36}\/courses$/);
  const link = page.getByRole('main').getByRole('link', { name: COURSE, exact: true });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.click();
  await expect(page.getByRole('heading', { name: COURSE })).toBeVisible();
  // The class gets its own unpublished course with the catalogue's content.
  await expect(page.getByText(/^unpublished$/i).first()).toBeVisible();
  for (const name of ['How earthquakes happen', 'Faults and plate movement', 'Getting ready']) {
    await expect(page.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
  }
});

test('the rex admin builds the catalogue under #/catalogue', { tag: '@desk' }, async ({ page, a11y }) => {
  await signIn(page, 'rexadmin');
  await goTo(page, /^catalogue$/i);
  await expect(page.getByRole('heading', { name: /course catalogue/i, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /new catalogue course/i })).toBeVisible();
  await a11y('catalogue (rex admin)');
});
