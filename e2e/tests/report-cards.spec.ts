import type { Download, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from '../fixtures.ts';

/**
 * SF9 report cards (issue 19) on the demo school (Rizal National High School runs the DepEd policy,
 * quarter 1 fully scored): teacher1 prepares the whole "Grade 7 - Sampaguita" section's cards on the
 * class's Report cards tab, waits for the progress to finish and downloads one PDF holding every
 * learner's card (two pages each); parent1 downloads their child's card from the child's page.
 * (The PDF's text is drawn with embedded, subset fonts, so it is checked through its structure and
 * its document title, not by reading the glyphs.)
 */
const CLASS = 'Grade 7 - Sampaguita';

const pdfOf = async (download: Download) => {
  const path = await download.path();
  const bytes = await readFile(path);
  const text = bytes.toString('latin1');
  return { head: text.slice(0, 5), pages: text.match(/\/Type \/Page\b/g)?.length ?? 0, text };
};

const demoClass = async (page: Page) => {
  const classes = (await (await page.request.get(`/api/classes?search=${encodeURIComponent('Sampaguita')}`)).json()) as {
    data: { id: string; name: string; studentCount: number }[];
  };
  const cls = classes.data.find((c) => c.name === CLASS);
  if (!cls) throw new Error('demo class');
  return cls;
};

test('a teacher downloads the whole section’s SF9 after the progress finishes', { tag: '@desk' }, async ({ page, a11y }) => {
  test.setTimeout(120_000);
  await signIn(page, 'teacher1');
  const cls = await demoClass(page);
  await page.goto(`/#/classes/${cls.id}/report-cards`);
  await expect(page.getByRole('heading', { level: 2, name: 'Report cards (SF9)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Report cards', exact: true })).toHaveAttribute('aria-current', 'page');
  await a11y('report cards tab');

  await page.getByRole('button', { name: 'Prepare the whole section' }).click();
  await expect(page.getByRole('status').filter({ hasText: /cards prepared/ })).toBeVisible();
  const link = page.getByRole('link', { name: "Download the section's report cards (PDF)" });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: `${cls.studentCount} of ${cls.studentCount} cards prepared` })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^SF9-Q1-.*\.pdf$/);
  const pdf = await pdfOf(download);
  expect(pdf.head).toBe('%PDF-');
  expect(pdf.pages).toBe(cls.studentCount * 2);
  await a11y('report cards tab, done');
});

test('a parent downloads their child’s SF9 from the child’s page', async ({ page, a11y }) => {
  test.setTimeout(90_000);
  await signIn(page, 'parent1');
  const children = (await (await page.request.get('/api/account/children')).json()) as { id: string; name: string }[];
  const child = children[0];
  if (!child) throw new Error('demo child');
  await page.goto(`/#/account/child/${child.id}`);
  const panel = page.getByRole('heading', { name: 'Report card (SF9)' });
  await expect(panel).toBeVisible();
  await a11y('child page with report cards');
  const button = page.getByRole('link', { name: new RegExp(`^Download the report card as of quarter 1, ${CLASS}$`) });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const pdf = await pdfOf(download);
  expect(pdf.head).toBe('%PDF-');
  expect(pdf.pages).toBe(2);
  // The document title names the learner (pdfkit writes it as a literal string in the info dictionary).
  // (The session lists "First Last"; the card prints the full name with the middle name.)
  const [first = '', ...rest] = child.name.split(' ');
  expect(pdf.text).toMatch(new RegExp(`\\(Learner's Progress Report Card - ${first} .*${rest.join(' ')}\\)`));
});
