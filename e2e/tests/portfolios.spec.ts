import type { Browser, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';

/**
 * Portfolios (issue 20): student1 makes a portfolio with a cover and three kinds of items (a
 * reflection, a link and a file), moves one, publishes it, makes a share link and exports it to
 * ZIP; their teacher (teacher1, from the class list) and their parent (parent1, on the child's
 * page) see it, and the share link opens signed out. Each project makes its own portfolio (the
 * title carries the project's name), so the runs never meet.
 */

/** A 1×1 PNG: a real picture for the cover (the server checks the content). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const CLASS = 'Grade 7 - Sampaguita';
const ITEMS = { reflection: 'What I learned about plants', link: 'Volcano model video', file: 'Lab notes' };

/** The names of a ZIP's entries, read from its central directory. */
const zipEntryNames = (zip: Buffer): string[] => {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
};

const confirmDialog = (page: Page, text: string | RegExp) => page.getByRole('dialog').filter({ hasText: text });

/** Adds an item of a kind through the "Add item" menu; `fill` fills the kind's own fields. */
const addItem = async (page: Page, kind: string, title: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Add a ${kind.toLowerCase()}$`) });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await fill(dialog);
};

/** A reader in a browser of their own, with the project's viewport. */
const asReader = async (browser: Browser, page: Page, username: string | null) => {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, reducedMotion: 'reduce' });
  const reader = await context.newPage();
  if (username) await signIn(reader, username);
  return { context, reader };
};

const expectPortfolio = async (reader: Page, title: string) => {
  const view = reader.getByTestId('portfolio-view');
  await expect(view.getByRole('heading', { name: title })).toBeVisible();
  await expect(view.getByTestId('portfolio-item')).toHaveCount(3);
  await expect(view.getByRole('region', { name: `Reflection: ${ITEMS.reflection}` })).toContainText('Plants need light.');
  await expect(view.getByRole('link', { name: 'https://example.org/volcano-model' })).toBeVisible();
  await expect(view.getByRole('link', { name: 'Download lab-notes.txt' })).toBeVisible();
};

test('a student builds, publishes, shares and exports a portfolio; the teacher, the parent and the share link show it', async ({
  page,
  browser,
  a11y,
}, info) => {
  test.setTimeout(240_000);
  const title = `Science journey (${info.project.name} ${Date.now().toString(36)})`;
  await signIn(page, 'student1');
  const studentId = ((await (await page.request.get('/api/account/profile')).json()) as { id: string }).id;
  await page.goto('/#/account/portfolios');
  await expect(page.getByRole('heading', { name: 'My portfolios' })).toBeVisible();
  // student1's Reading Circle keeps a portfolio too (demo seed), listed below the student's own.
  const groups = page.getByRole('region', { name: "My groups' portfolios" });
  await expect(groups.getByRole('link', { name: 'Reading Circle: stories we loved' })).toBeVisible();
  await expect(groups.getByText('By Reading Circle')).toBeVisible();

  // Create: title and description, confirmed; then the cover through the upload box.
  await page.getByRole('button', { name: 'New portfolio' }).first().click();
  const form = page.getByRole('dialog', { name: 'New portfolio' });
  await expect(form.getByRole('combobox', { name: 'Whose portfolio' })).toHaveValue('');
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByRole('textbox', { name: 'Description' }).fill('Projects from Grade 7 Science.');
  await a11y('new portfolio dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  await confirmDialog(page, 'Create this portfolio?').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The portfolio was created.')).toBeVisible();
  await form.getByTestId('upload-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await confirmDialog(page, 'Use cover.png as the cover of this portfolio?').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The cover was saved.')).toBeVisible();
  await form.getByRole('button', { name: 'Open the portfolio' }).click();
  await expect(page).toHaveURL(/#\/account\/portfolios\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  // Three kinds of items, each confirmed.
  await addItem(page, 'Reflection', ITEMS.reflection, async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Reflection' }).fill('Plants need light.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page, 'Add this item to the portfolio?').getByRole('button', { name: 'Confirm' }).click();
  });
  await expect(page.getByText('The item was added.').first()).toBeVisible();
  await addItem(page, 'Link', ITEMS.link, async (dialog) => {
    await dialog.getByRole('textbox', { name: /^Address/ }).fill('https://example.org/volcano-model');
    await a11y('add link dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page, 'Add this item to the portfolio?').getByRole('button', { name: 'Confirm' }).click();
  });
  await expect(page.getByTestId('portfolio-item')).toHaveCount(2);
  await addItem(page, 'File', ITEMS.file, async (dialog) => {
    await dialog
      .getByTestId('upload-input')
      .setInputFiles({ name: 'lab-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Day 1: the bean sprouted.\n') });
    await confirmDialog(page, 'Upload lab-notes.txt to this portfolio?').getByRole('button', { name: 'Confirm' }).click();
  });
  await expect(page.getByTestId('portfolio-item')).toHaveCount(3);

  // Reorder from the keyboard's way (the move buttons): the link goes first.
  await page.getByRole('button', { name: `Move ${ITEMS.link} up` }).click();
  await expect(page.getByTestId('portfolio-item').first()).toHaveAttribute('aria-label', ITEMS.link);
  await a11y('portfolio editor');

  // Publish, confirmed, with the success message.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await confirmDialog(page, 'Publish this portfolio?').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The portfolio has been published.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  // A share link, shown once.
  const share = page.getByRole('region', { name: 'Share links' });
  await share.getByRole('button', { name: 'Create link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Create share link' });
  await linkDialog.getByRole('button', { name: 'Save' }).click();
  await confirmDialog(page, 'Create a share link for this portfolio?').getByRole('button', { name: 'Confirm' }).click();
  const shareUrl = await linkDialog.getByTestId('share-url').inputValue();
  expect(shareUrl).toMatch(/#\/shared\/portfolios\/[A-Za-z0-9_-]{43}$/);
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  await expect(share.getByTestId('share-link')).toHaveCount(1);

  // Export to ZIP: progress, then the download, holding every item.
  const exportPanel = page.getByRole('region', { name: 'Export to ZIP' });
  await exportPanel.getByRole('button', { name: 'Export to ZIP' }).click();
  const downloadLink = exportPanel.getByRole('link', { name: 'Download ZIP' });
  await expect(downloadLink).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await downloadLink.click();
  const zip = await readFile(await (await downloading).path());
  const names = zipEntryNames(zip);
  expect(names).toContain('index.html');
  // Reflections and links as pages named by their titles; a file under its own name; the cover beside.
  for (const part of [ITEMS.reflection, ITEMS.link, 'lab-notes.txt']) {
    expect(
      names.some((n) => n.startsWith('items/') && n.includes(part)),
      `${part} in ${names.join(', ')}`,
    ).toBe(true);
  }
  expect(names).toContain('cover.png');

  // The teacher, from the class list's student page.
  const teacher = await asReader(browser, page, 'teacher1');
  const classes = (await (await teacher.reader.request.get('/api/classes')).json()) as { data: { id: string; name: string }[] };
  const classId = classes.data.find((c) => c.name === CLASS)?.id ?? '';
  await teacher.reader.goto(`/#/classes/${classId}/class-list/student/${studentId}/portfolios`);
  await teacher.reader.getByTestId('portfolio-card').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expectPortfolio(teacher.reader, title);
  await checkA11y(teacher.reader, 'student portfolios tab (teacher1)');
  await teacher.context.close();

  // The parent, on the child's page.
  const parent = await asReader(browser, page, 'parent1');
  await parent.reader.goto(`/#/account/child-details/${studentId}`);
  const portfolios = parent.reader.getByRole('region', { name: 'Portfolios' });
  await portfolios.getByTestId('portfolio-card').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expectPortfolio(parent.reader, title);
  await checkA11y(parent.reader, 'child page portfolio (parent1)');
  await parent.context.close();

  // Signed out, through the share link; a link that is not one says "Content not available.".
  const visitor = await asReader(browser, page, null);
  await visitor.reader.goto(shareUrl);
  await expectPortfolio(visitor.reader, title);
  await expect(visitor.reader.getByRole('region', { name: 'Export to ZIP' })).toHaveCount(0);
  await checkA11y(visitor.reader, 'shared portfolio (signed out)');
  await visitor.reader.goto(shareUrl.replace(/.{4}$/, 'AAAA'));
  await expect(visitor.reader.getByText('Content not available.')).toBeVisible();
  await visitor.context.close();
});
