import type { Browser, Page, TestInfo } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';
import { openClassCourse } from '../helpers.ts';

/**
 * Course discussions (issue 18) with the fixtures of apps/api/src/test/e2e-fixtures.ts (one set per
 * project): the teacher writes a post and pins it (confirmed); the student, in a second browser,
 * sees it pinned and new, comments twice and turns the comment order around; the teacher's open
 * post shows the comments live. Axe checks the tab and the post page.
 */
const f = (info: TestInfo) => ({
  teacher: `e2e.discteacher.${info.project.name}`,
  student: `e2e.discstudent.${info.project.name}`,
  className: `E2E Discussions ${info.project.name}`,
  course: `Talk course ${info.project.name}`,
});

/** A second browser with the project's screen (desktop or 360 px), signed in. */
const secondUser = async (browser: Browser, info: TestInfo, username: string) => {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, username);
  return { page, close: () => context.close() };
};

const openDiscussions = async (page: Page, className: string, course: string) => {
  await openClassCourse(page, className, course);
  await page.getByRole('navigation', { name: 'Course pages' }).getByRole('link', { name: 'Discussions' }).click();
  await expect(page.getByRole('heading', { name: 'Discussions', level: 3 })).toBeVisible();
};

const commentBodies = (page: Page) => page.getByTestId('comment-list').locator(':scope > li [data-testid="comment-body"]');

test('a teacher pins a post, a student comments and turns the comment order around', async ({ page, browser, a11y }, info) => {
  const who = f(info);
  const title = `Field trip on Friday (${info.project.name})`;
  await signIn(page, who.teacher);
  await openDiscussions(page, who.className, who.course);
  await expect(page.getByText('No posts available.')).toBeVisible();
  await a11y('discussions tab (teacher)');

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('textbox', { name: 'Post', exact: true }).fill('Bring water and a hat. <script>alert(1)</script>');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Post text' })).toContainText('<script>alert(1)</script>');

  await page.getByRole('button', { name: 'Moderate post' }).click();
  await page.getByRole('menuitem', { name: 'Pin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByText('Post pinned.')).toBeVisible();
  await expect(page.getByTestId('pinned-marker')).toBeVisible();
  await a11y('post page (teacher)');
  const postUrl = page.url();

  const student = await secondUser(browser, info, who.student);
  try {
    await openDiscussions(student.page, who.className, who.course);
    const item = student.page.getByTestId('post-item').filter({ hasText: title });
    await expect(item.getByTestId('pinned-marker')).toBeVisible();
    await expect(item.getByTestId('unread-marker')).toBeVisible();
    await item.getByRole('link', { name: title }).click();
    await expect(student.page).toHaveURL(postUrl);
    const box = student.page.getByRole('textbox', { name: 'Write a comment' });
    for (const text of ['Is lunch included?', 'What time do we leave?']) {
      await box.fill(text);
      await student.page.getByRole('button', { name: 'Comment', exact: true }).click();
      await expect(commentBodies(student.page).filter({ hasText: text })).toBeVisible();
    }
    await expect(commentBodies(student.page)).toHaveText(['Is lunch included?', 'What time do we leave?']);
    await student.page.getByText('Newest first').click();
    await expect(commentBodies(student.page)).toHaveText(['What time do we leave?', 'Is lunch included?']);
    await checkA11y(student.page, 'post page (student)');
    // The teacher's open post shows both comments without a reload.
    await expect(page.getByRole('heading', { name: '2 comments' })).toBeVisible();
    await expect(commentBodies(page)).toHaveText(['Is lunch included?', 'What time do we leave?']);
  } finally {
    await student.close();
  }
});
