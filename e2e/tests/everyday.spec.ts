import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.ts';
import { openUserMenu } from '../helpers.ts';

/**
 * Defects a school meets in its first week (issue 13): a locked journey stop says what to finish
 * first, dates follow the user's language, Back asks before leaving a form with changes, and the
 * tables and back links keep their shape. Fixture accounts: apps/api/src/test/e2e-fixtures.ts.
 */

const changeLanguage = async (page: Page, name: RegExp, lang: string) => {
  await page.getByRole('button', { name: /change language|palitan ang wika|切换语言/i }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
};

test('a locked stop says which material to finish first, and the due date follows the language', async ({ page, a11y }, info) => {
  const project = info.project.name;
  await signIn(page, `e2e.polish.${project}`);
  await page.goto('/#/courses');
  await page.getByRole('link', { name: `Polish course ${project}` }).click();
  const list = page.getByRole('region', { name: /the path, stop by stop/i });
  // The first material is due on Dec 4, 2030 8:00 AM in Manila.
  await expect(list.getByText('Dec 4, 2030 8:00 AM')).toBeVisible();

  await list.getByRole('button', { name: 'Material 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Material 2' });
  await expect(dialog.getByText('Sorry you need to finish previous course material')).toBeVisible();
  await a11y('locked stop');
  await dialog.getByRole('link', { name: 'Material 1' }).click();
  await expect(page).toHaveURL(/\/element\/[0-9a-f-]{36}\?material=/);
  await expect(page.getByRole('heading', { name: 'Material 1' }).first()).toBeVisible();
  // The heading comes with the path; the visit is recorded once the material itself has loaded,
  // and then the page marks it done. Leaving before that would leave Material 1 unfinished.
  await expect(page.getByRole('main').getByText('Done', { exact: true }).first()).toBeVisible();

  // The map says the same when its locked stop is tapped.
  await page.goBack();
  await page.getByTestId('journey-map').getByText('Material 3', { exact: true }).click();
  const mapDialog = page.getByRole('dialog', { name: 'Material 3' });
  await expect(mapDialog.getByText('Sorry you need to finish previous course material')).toBeVisible();
  await mapDialog.getByRole('button', { name: /^close$/i }).click();
  await expect(mapDialog).toBeHidden();

  // The list's heading is translated too: from here on the page's main region is searched.
  const main = page.getByRole('main');
  await changeLanguage(page, /filipino/i, 'fil');
  await expect(main.getByText('Dis 4, 2030 8:00 AM')).toBeVisible();
  await changeLanguage(page, /中文/, 'zh-Hans');
  await expect(main.getByText('2030年12月4日 8:00')).toBeVisible();
  // Opening Material 1 (a page) finished it: Material 3 is the locked one now, waiting for Material 2.
  await main.getByRole('button', { name: 'Material 3' }).click();
  const zhDialog = page.getByRole('dialog', { name: 'Material 3' });
  await expect(zhDialog.getByText('抱歉，你需要先完成上一个课程资料')).toBeVisible();
  await expect(zhDialog.getByRole('link', { name: 'Material 2' })).toBeVisible();
});

test('Back from a form with changes asks first; Stay keeps the text', async ({ page }, info) => {
  await signIn(page, `e2e.polishteacher.${info.project.name}`);
  // A slow phone: the router applies its state in a transition, and a second Back could come before
  // any render showed the first one answered (it once did under CI load, and no question came).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  // In-app navigation, so Back returns to a page of the app's own history.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: /edit profile/i }).click();
  await expect(page).toHaveURL(/#\/account\/edit/);
  const firstName = page.getByLabel(/first name/i);
  await firstName.fill('Perlita');

  await page.goBack();
  const dialog = page.getByRole('dialog', { name: /discard changes/i });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^cancel$/i }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/account\/edit/);
  await expect(firstName).toHaveValue('Perlita');

  await page.goBack();
  await page
    .getByRole('dialog', { name: /discard changes/i })
    .getByRole('button', { name: /^discard$/i })
    .click();
  await expect(page).toHaveURL(/#\/dashboard/);
});

/** Words of the element's text that the browser broke over two lines (none when names wrap between words). */
const brokenWords = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((cells) => {
    const broken: string[] = [];
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });

test('names wrap between words, status chips are whole and back links are tall enough', async ({ page, browser }, info) => {
  await signIn(page, 'teacher1');
  await page.goto('/#/classes');
  await page
    .getByRole('link', { name: /grade 7 - sampaguita/i })
    .first()
    .click();
  const back = page.locator('[data-back-link]', { hasText: /all classes/i });
  await expect(back).toBeVisible();
  expect((await back.boundingBox())?.height ?? 0, '"All classes" target height').toBeGreaterThanOrEqual(24);
  await page
    .getByRole('navigation', { name: /class sections/i })
    .getByRole('link', { name: /class list/i })
    .click();
  await expect(page.getByText('Villanueva, Miguel').first()).toBeVisible();
  if (info.project.name === 'desktop') expect(await brokenWords(page, 'tbody td:first-child')).toEqual([]);

  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin, 'admin');
    await admin.goto('/#/admin/schools');
    const chips = admin.locator('.mantine-Badge-root[data-status]');
    await expect(chips.first()).toBeVisible();
    const cut = await chips.evaluateAll(
      (els) =>
        els.filter((el) => {
          const label = el.querySelector('.mantine-Badge-label');
          return label !== null && label.scrollWidth > label.clientWidth;
        }).length,
    );
    expect(cut, 'status chips cut short').toBe(0);
  } finally {
    await context.close();
  }
});
