import type { Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';

/**
 * Issue 13: the co-teachers of the demo class "Grade 8 - Narra" (teacher1 Maria Clara Santos and
 * teacher2) edit the same material in two browsers. The later save does not silently discard the
 * earlier one: it gets the conflict dialog and either reloads their version or overwrites it.
 * Each project edits its own demo material, so the two projects can run at once.
 */
const MATERIAL: Record<string, string> = { desktop: 'Reading a linear graph', phone: 'Solving by substitution' };

interface CourseAnswer {
  id: string;
  classId: string;
  elements: { materials: { id: string; name: string }[] }[];
}

const api = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(path, { headers: { 'x-requested-with': 'klase' } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
};

/** The edit page of the project's material in MATH8 of "Grade 8 - Narra" (found by name: earlier runs may have renamed it). */
const editUrl = async (page: Page, name: string) => {
  const list = await api<{ data: { id: string; code: string }[] }>(page, '/api/courses?search=MATH8&page=1&pageSize=10');
  const courseId = list.data.find((c) => c.code === 'MATH8')?.id ?? '';
  const course = await api<CourseAnswer>(page, `/api/courses/${courseId}`);
  const material = course.elements.flatMap((e) => e.materials).find((m) => m.name.startsWith(name));
  expect(material, name).toBeTruthy();
  return { url: `/#/classes/${course.classId}/courses/${courseId}/update-material/${material?.id ?? ''}`, materialId: material?.id ?? '' };
};

const nameField = (page: Page) => page.getByRole('main').getByLabel(/^name/i).first();

/** Saves the form and confirms; answers the dialog that follows when someone else saved first. */
const save = async (page: Page) => {
  await page.getByRole('button', { name: /^save$/i }).click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^confirm$/i }) });
  await confirm.getByRole('button', { name: /^confirm$/i }).click();
};

test('two co-teachers save the same material: the later one reloads or overwrites, nothing is lost silently', { tag: '@desk' }, async ({ browser }, info) => {
  const base = MATERIAL[info.project.name] ?? MATERIAL.desktop ?? '';
  const contextOptions = { viewport: info.project.use.viewport ?? null, isMobile: info.project.use.isMobile ?? false, reducedMotion: 'reduce' as const };
  const first = await (await browser.newContext(contextOptions)).newPage();
  const second = await (await browser.newContext(contextOptions)).newPage();
  await signIn(first, 'teacher1');
  await signIn(second, 'teacher2');
  const { url, materialId } = await editUrl(first, base);

  // Both open the form at the same version.
  await first.goto(url);
  await second.goto(url);
  await expect(nameField(first)).toHaveValue(new RegExp(`^${base}`));
  await expect(nameField(second)).toHaveValue(new RegExp(`^${base}`));

  // teacher1 saves first.
  await nameField(first).fill(`${base} (Maria 1)`);
  await save(first);
  await expect(first).toHaveURL(/\/course$/);

  // teacher2's save started from the older version: the dialog says who changed it and when.
  await nameField(second).fill(`${base} (Andres)`);
  await save(second);
  const dialog = second.getByRole('dialog', { name: /someone else saved this/i });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/Maria Clara Santos changed this at /);
  await expect(dialog.getByRole('button', { name: /^back to the form$/i })).toBeFocused();
  await checkA11y(second, 'edit conflict dialog');

  // Reload their version: the form now shows teacher1's name (teacher2's change is dropped, as told).
  await dialog.getByRole('button', { name: /^reload their version$/i }).click();
  await expect(dialog).toBeHidden();
  await expect(nameField(second)).toHaveValue(`${base} (Maria 1)`);

  // teacher1 saves again meanwhile; teacher2 keeps theirs with the keyboard: overwrite.
  await first.goto(url);
  await expect(nameField(first)).toHaveValue(`${base} (Maria 1)`);
  await nameField(first).fill(`${base} (Maria 2)`);
  await save(first);
  await expect(first).toHaveURL(/\/course$/);

  await nameField(second).fill(`${base} (Andres)`);
  await save(second);
  await expect(dialog).toBeVisible();
  const overwrite = dialog.getByRole('button', { name: /^overwrite with yours$/i });
  await overwrite.focus();
  await second.keyboard.press('Enter');
  await expect(second).toHaveURL(/\/course$/);

  const stored = await api<{ name: string; version: number }>(first, `/api/materials/${materialId}`);
  expect(stored.name).toBe(`${base} (Andres)`);

  // teacher1 opens the form again (in the same page, where an earlier version was cached): it
  // shows the overwritten name at once. Then back to the demo name for the next run.
  await first.goto(url);
  await expect(nameField(first)).toHaveValue(`${base} (Andres)`);
  await nameField(first).fill(base);
  await save(first);
  await expect(first).toHaveURL(/\/course$/);
  await first.context().close();
  await second.context().close();
});
