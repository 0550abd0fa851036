import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPage, PostPage } from '@klase/core/discussions/contracts';
import { classes } from '../db/schema/classes.ts';
import { courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/users.ts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_POSTS } from './seed-discussions.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo seed: discussions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('gives every demo course a pinned teacher post first and student posts with comments and replies, seen by every demo role', async () => {
    const demo = await t.db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(classes, eq(classes.id, courses.classId))
      .where(eq(classes.name, 'Grade 7 - Sampaguita'));
    expect(demo.length).toBeGreaterThan(0);
    const [student1] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'student1'));
    for (const { id } of demo) {
      for (const [who, query] of [
        ['teacher1', ''],
        ['assistant1', ''],
        ['student1', ''],
        ['parent1', `?childId=${student1?.id}`],
      ] as const) {
        const a = await signIn(t.app, who, DEMO_PASSWORD);
        const page = await a.req('GET', `/api/courses/${id}/discussions${query}`);
        expect(page.statusCode, `${who}: ${page.body}`).toBe(200);
        const items = page.json<PostPage>().items;
        expect(items.map((p) => p.title).sort()).toEqual(DEMO_POSTS.map((p) => p.title).sort());
        expect(items[0]).toMatchObject({ pinned: true, title: DEMO_POSTS[0]?.title, category: { name: 'Announcement' } });
        if (who === 'teacher1') expect(items.every((p) => !p.unread && p.unreadComments === 0)).toBe(true);
        if (who === 'student1') expect(items.filter((p) => p.unread)).toHaveLength(1);
        const question = items.find((p) => p.title === DEMO_POSTS[1]?.title);
        const comments = (await a.req('GET', `/api/discussions/posts/${question?.id}/comments${query}`)).json<CommentPage>();
        expect(comments.total).toBe(4);
        expect(comments.items.map((c) => c.replies.length)).toEqual([1, 1]);
      }
    }
  });
});
