import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, signIn, test } from '../fixtures.ts';
import { goTo } from '../helpers.ts';

/**
 * The E-Class Record (issue 19) on the demo data: Rizal National High School runs the DepEd policy
 * and "Science 7: Living Things" (Grade 7 - Sampaguita, teacher1) has a full first quarter. The
 * teacher exports quarter 1 (the file is opened here: a learner's quarterly grade against the
 * server's grade report, a highest possible score), changes one score in the file, imports it,
 * sees the preview and confirms; then imports the original file back so the demo data (and the
 * other project's run) is as before.
 */

test.describe.configure({ mode: 'serial' });

const COURSE = 'Science 7: Living Things';
const LEARNER = 'Dela Cruz, Jose Rizal';

const openGradeBook = async (page: Page) => {
  await goTo(page, /^classes$/i);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Grade 7 - Sampaguita/ })
    .first()
    .click();
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(COURSE) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: COURSE })).toBeVisible();
  await page.getByRole('link', { name: /^grade book$/i }).click();
};

const chooseQuarter1 = async (page: Page) => {
  const panel = page.getByRole('region', { name: 'E-Class Record' });
  await panel.getByRole('combobox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: 'Quarter 1' }).click();
  return panel;
};

/** The sheet's row of a learner (by the name column) and the columns named in the item-name row. */
const locate = (ws: ExcelJS.Worksheet, learner: string) => {
  let row = 0;
  let namesRow = 0;
  let hpsRow = 0;
  ws.eachRow((r, n) => {
    const first = String(r.getCell(1).value ?? '');
    if (first.endsWith(learner)) row = n;
    if (first === 'HIGHEST POSSIBLE SCORE') hpsRow = n;
  });
  namesRow = hpsRow - 2;
  const columnOf = (name: string) => {
    let col = 0;
    ws.getRow(namesRow).eachCell((c, n) => {
      if (col === 0 && String(c.value) === name) col = n;
    });
    return col;
  };
  const heads = hpsRow - 3;
  let quarterlyCol = 0;
  let idCol = 0;
  ws.getRow(heads).eachCell((c, n) => {
    if (c.value === 'Quarterly Grade') quarterlyCol = n;
    if (c.value === 'Klase ID') idCol = n;
  });
  return { row, hpsRow, namesRow, columnOf, quarterlyCol, idCol };
};

const importFile = async (page: Page, panel: ReturnType<Page['getByRole']>, file: string) => {
  await panel.getByRole('button', { name: 'Import E-Class Record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import E-Class Record, quarter 1' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('upload-input').setInputFiles(file);
  return dialog;
};

test('the teacher exports the E-Class Record, changes a score in it, previews and imports it', { tag: '@desk' }, async ({ page, a11y }, info) => {
  await signIn(page, 'teacher1');
  await openGradeBook(page);
  const panel = await chooseQuarter1(page);
  await a11y('grade book with the E-Class Record');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export E-Class Record' }).click();
  const dir = await mkdtemp(join(tmpdir(), `klase-class-record-${info.project.name}-`));
  const original = join(dir, (await download).suggestedFilename());
  await (await download).saveAs(original);
  expect(original).toMatch(/class-record-Q1\.xlsx$/);

  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(original)) as unknown as ArrayBuffer);
  const ws = book.getWorksheet('Q1')!;
  const at = locate(ws, LEARNER);
  expect(at.row).toBeGreaterThan(at.hpsRow);
  // A highest possible score: the demo's "Seatwork 1" is out of 10.
  const seatwork = at.columnOf('Seatwork 1');
  expect(seatwork).toBeGreaterThan(1);
  expect(ws.getCell(at.hpsRow, seatwork).value).toBe(10);
  // The learner's quarterly grade is the one the server's grade report gives.
  const studentId = String(ws.getCell(at.row, at.idCol).value);
  const courseId = /courses\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const report = await page.request.get(`/api/courses/${courseId}/gradebook/students/${studentId}`, { headers: { 'x-requested-with': 'klase' } });
  expect(report.status()).toBe(200);
  const q1 = (await report.json()).deped.quarters[0] as { quarterly: number };
  expect(typeof q1.quarterly).toBe('number');
  expect(ws.getCell(at.row, at.quarterlyCol).value).toBe(q1.quarterly);

  // Change Seatwork 1 in the file.
  const before = Number(ws.getCell(at.row, seatwork).value);
  const after = before >= 10 ? before - 1 : before + 1;
  ws.getCell(at.row, seatwork).value = after;
  const changed = join(dir, 'changed.xlsx');
  await writeFile(changed, Buffer.from(await book.xlsx.writeBuffer()));

  const dialog = await importFile(page, panel, changed);
  const changes = dialog.getByTestId('class-record-changes');
  await expect(changes.getByRole('row', { name: `${LEARNER} Seatwork 1 ${before} ${after}` })).toBeVisible();
  await expect(changes.getByRole('row')).toHaveCount(2);
  await a11y('E-Class Record import preview');
  await dialog.getByRole('button', { name: 'Save 1 changes' }).click();
  await expect(page.getByText('1 score saved from the E-Class Record.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The grade book has it: the same export now shows the new score.
  const again = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export E-Class Record' }).click();
  const second = join(dir, 'second.xlsx');
  await (await again).saveAs(second);
  const book2 = new ExcelJS.Workbook();
  await book2.xlsx.load((await readFile(second)) as unknown as ArrayBuffer);
  expect(book2.getWorksheet('Q1')!.getCell(at.row, seatwork).value).toBe(after);

  // Put the demo data back: the original file changes exactly that score back.
  const restore = await importFile(page, panel, original);
  await expect(restore.getByTestId('class-record-changes').getByRole('row', { name: `${LEARNER} Seatwork 1 ${after} ${before}` })).toBeVisible();
  await restore.getByRole('button', { name: 'Save 1 changes' }).click();
  await expect(restore).toBeHidden();
});
