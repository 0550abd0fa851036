import type { Browser, Page, TestInfo, WebSocketRoute } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures.ts';

/**
 * Messaging (issue 16): a teacher and a student of the demo school in two browsers exchange
 * messages live (typing, Seen), the teacher stars and mutes the conversation, blocks and unblocks
 * the student (who sees that they cannot send), an HTML body shows as text, and a message sent
 * while the student is offline appears exactly once after the connection comes back.
 */

/**
 * A second browser with the project's screen (desktop or 360 px), signed in. Its real-time sockets
 * pass through a proxy the test can cut: `drop()` closes the open socket and refuses new ones and
 * takes the network away, `restore()` gives both back (the client then reconnects by itself).
 */
const secondUser = async (browser: Browser, info: TestInfo, username: string) => {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, reducedMotion: 'reduce' });
  let down = false;
  let opened = 0;
  const open = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/api\/realtime/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'test: network down' });
      return;
    }
    opened += 1;
    open.add(ws);
    ws.connectToServer();
  });
  const page = await context.newPage();
  await signIn(page, username);
  const network = {
    drop: async () => {
      down = true;
      await context.setOffline(true);
      for (const ws of open) await ws.close({ code: 4000, reason: 'test: network down' });
      open.clear();
    },
    restore: async () => {
      down = false;
      await context.setOffline(false);
    },
    socketsOpened: () => opened,
  };
  return { context, page, network };
};

const bodies = (page: Page, text: string) => page.getByTestId('message-body').filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: /^message$/i });

/** Sends a message and waits until the server has stored it (a pending one has a `pending:` id and shows "Sending"). */
const sendText = async (page: Page, text: string) => {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(bodies(page, text)).toHaveCount(1);
  await expect(page.getByTestId('message').filter({ has: bodies(page, text) })).toHaveAttribute('data-message-id', /^\d+$/);
};

/** The unread count the server holds for the user of `page`'s context (not what the page shows). */
const serverUnread = async (page: Page): Promise<number> => ((await (await page.request.get('/api/messages/unread-count')).json()) as { count: number }).count;

/** Nothing wider than the window (360 px on the phone project). */
const expectNoSideScroll = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
};

/** Opens the conversation menu and picks an entry. */
const menu = async (page: Page, item: RegExp) => {
  await page.getByRole('button', { name: /conversation options/i }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

test('a teacher and a student message each other live, with star, mute, block and a dropped connection', async ({ page, browser, a11y }, info) => {
  test.setTimeout(120_000);
  // Texts are unique per project (and per repetition, with --repeat-each).
  const tag = info.repeatEachIndex > 0 ? `${info.project.name} ${info.repeatEachIndex}` : info.project.name;
  await signIn(page, 'teacher1');
  await page.goto('/#/messages/contacts');
  await expect(page.getByRole('heading', { name: /^contacts$/i, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /message class/i }).first()).toBeVisible();
  await a11y('messages: contacts (teacher)');
  await page
    .getByRole('button', { name: /^message jose rizal/i })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/messages\/list\/[^/?]+/);
  await expect(page.getByRole('heading', { name: /jose rizal/i, level: 2 })).toBeVisible();
  const conversation = page.url().replace(/^.*#/, '/#');
  await a11y('messages: conversation (teacher)');

  const student = await secondUser(browser, info, 'student1');
  const hello = `Magandang umaga, Jose (${tag})`;
  try {
    await student.page.goto(conversation);
    await expect(student.page.getByRole('heading', { name: /maria clara/i, level: 2 })).toBeVisible();
    await checkA11y(student.page, 'messages: conversation (student)');

    // Typing shows on the other side, then the message arrives without a reload; the student's reply too.
    await expectNoSideScroll(student.page);
    await composer(page).fill(hello);
    await expect(student.page.getByTestId('typing')).toContainText(/maria clara.* is typing/i);
    await composer(page).press('Enter');
    await expect(bodies(page, hello)).toHaveCount(1);
    await expect(bodies(student.page, hello)).toHaveCount(1);
    // The student has it open, so it is read: the teacher sees "Seen".
    await expect(page.getByTestId('seen')).toBeVisible();
    const reply = `Good morning po, Ma'am (${tag})`;
    await sendText(student.page, reply);
    await expect(bodies(page, reply)).toHaveCount(1);

    // HTML in a body is shown as text, never rendered.
    const html = `<b>bold</b><img src=x onerror="window.hacked=1"> (${tag})`;
    await sendText(student.page, html);
    await expect(bodies(page, html)).toHaveCount(1);
    await expect(bodies(page, html).locator('b, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    // Star and mute, then back.
    const star = page.getByRole('button', { name: /star conversation/i });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await menu(page, /^mute$/i);
    await expect(page.getByRole('img', { name: /^muted$/i }).first()).toBeVisible();
    await menu(page, /^unmute$/i);
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');

    // Block: the student can no longer send; unblock gives the composer back.
    await menu(page, /^block$/i);
    await page
      .getByRole('dialog', { name: /block this person/i })
      .getByRole('button', { name: /^block$/i })
      .click();
    await expect(page.getByTestId('send-blocked')).toContainText(/you blocked this person/i);
    await expect(student.page.getByTestId('send-blocked')).toContainText('You can no longer send messages to this person.');
    await expect(composer(student.page)).toHaveCount(0);
    await checkA11y(student.page, 'messages: blocked (student)');
    await page
      .getByTestId('send-blocked')
      .getByRole('button', { name: /^unblock$/i })
      .click();
    await page
      .getByRole('dialog', { name: /unblock this person/i })
      .getByRole('button', { name: /^unblock$/i })
      .click();
    await expect(composer(page)).toBeVisible();
    await expect(composer(student.page)).toBeVisible();

    // The student's connection drops; a message sent meanwhile appears once when it is back.
    const socketsBefore = student.network.socketsOpened();
    await student.network.drop();
    const away = `While you were away (${tag})`;
    await sendText(page, away);
    await student.page.waitForTimeout(1500);
    await expect(bodies(student.page, away)).toHaveCount(0);
    await student.network.restore();
    await expect(bodies(student.page, away)).toHaveCount(1, { timeout: 40_000 });
    // It came over a new socket (the client reconnected), and nothing showed twice.
    expect(student.network.socketsOpened()).toBeGreaterThan(socketsBefore);
    const after = `After the reconnect (${tag})`;
    await sendText(page, after);
    await expect(bodies(student.page, after)).toHaveCount(1);
    await expect(bodies(student.page, away)).toHaveCount(1);
    // The student has it open, so the teacher sees it read; only then is the student's count settled.
    await expect(
      page
        .getByTestId('message')
        .filter({ has: bodies(page, after) })
        .getByTestId('seen'),
    ).toBeVisible();

    // Elsewhere in the app, the header's messages button counts a new message live; opening it reads it.
    // (The demo seed leaves the student other unread messages: the count goes up by one and back.)
    await student.page.goto('/#/dashboard');
    const button = student.page.getByTestId('messages-button');
    const named = (n: number) => (n === 0 ? /^messages$/i : new RegExp(`^messages, ${n} unread$`, 'i'));
    // The badge shows what the server counts (the demo's unread class messages), once loaded.
    const counted = await serverUnread(student.page);
    await expect(button).toHaveAccessibleName(named(counted));
    const before = counted;
    const badge = `Badge check (${tag})`;
    await sendText(page, badge);
    try {
      await expect(student.page.getByRole('button', { name: named(before + 1) })).toBeVisible();
    } catch (error) {
      // Say which side is behind: the server's count or the badge.
      const now = await serverUnread(student.page);
      throw new Error(`${String(error)}\nThe server now counts ${now}; the badge says "${await button.getAttribute('aria-label')}".`, { cause: error });
    }
    await student.page.getByTestId('messages-button').click();
    await student.page
      .getByRole('dialog', { name: /^messages$/i })
      .getByRole('link', { name: /maria clara/i })
      .first()
      .click();
    await expect(bodies(student.page, badge)).toHaveCount(1);
    await expect(student.page.getByRole('button', { name: named(before) })).toBeVisible();
  } finally {
    await student.context.close();
  }

  // Search over one's own messages: the hit opens the conversation at the message; the history shows on focus.
  await page.goto('/#/messages/list');
  const search = page.getByRole('textbox', { name: /^search messages$/i });
  await search.fill('Magandang umaga');
  await search.press('Enter');
  const hit = page.getByTestId('search-hit').filter({ hasText: hello });
  await expect(hit).toHaveCount(1);
  await a11y('messages: search results');
  await hit.click();
  await expect(page).toHaveURL(/#\/messages\/list\/[^?]+\?at=/);
  await expect(bodies(page, hello)).toBeVisible();
  await page.goto('/#/messages/list');
  await page.reload();
  await expect(page.getByTestId('conversation-item').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^search messages$/i }).click();
  await expect(page.getByTestId('search-history')).toContainText('Magandang umaga');
  await a11y('messages: search history');

  // The drawer in the header lists the conversation.
  await page.getByTestId('messages-button').click();
  const drawer = page.getByRole('dialog', { name: /^messages$/i });
  await expect(drawer.getByRole('link', { name: /jose rizal/i }).first()).toBeVisible();
  await a11y('messages: drawer');
  await drawer.getByRole('link', { name: /all messages/i }).click();
  await expect(page.getByRole('heading', { name: /^messages$/i, level: 1 })).toBeVisible();
  await a11y('messages: list');
});

test('the user details and settings pages', async ({ page, a11y }) => {
  await signIn(page, 'student3');
  await page.goto('/#/messages/contacts');
  await page
    .getByRole('link', { name: /maria clara/i })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/messages\/user-details\?id=/);
  await expect(page.getByRole('heading', { name: /maria clara/i, level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^block$/i })).toBeVisible();
  await a11y('messages: user details');

  await page.goto('/#/messages/settings');
  const email = page.getByRole('switch', { name: /email me when i am offline/i });
  await expect(page.getByRole('switch', { name: /enter to send/i })).toBeChecked();
  const was = await email.isChecked();
  await email.click({ force: true });
  await page.getByRole('button', { name: /^save$/i }).click();
  await expect(page.getByText('Message settings saved.').first()).toBeVisible();
  await a11y('messages: settings');
  await page.reload();
  await expect(page.getByRole('switch', { name: /email me when i am offline/i })).toBeChecked({ checked: !was });
});
