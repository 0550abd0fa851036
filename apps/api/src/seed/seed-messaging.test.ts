import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationPage, MessagePage } from '@klase/core/messaging/contracts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_CLASS_LINES, DEMO_THREADS } from './seed-messaging.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo seed: messaging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('teacher1 talks with student1, with parent1 and with a class; student1 has unread messages, teacher1 none', async () => {
    const teacher = await signIn(t.app, 'teacher1', DEMO_PASSWORD);
    const list = (await teacher.req('GET', '/api/messages/conversations')).json<ConversationPage>().items;
    expect(list.map((c) => c.kind).sort()).toEqual(['class', 'direct', 'direct']);
    expect(list.find((c) => c.kind === 'class')?.title).toBe('Grade 7 - Sampaguita');
    expect(list.every((c) => c.unread === 0)).toBe(true);
    const student = await signIn(t.app, 'student1', DEMO_PASSWORD);
    const mine = (await student.req('GET', '/api/messages/conversations')).json<ConversationPage>().items;
    expect(mine.map((c) => c.kind).sort()).toEqual(['class', 'direct']);
    const direct = mine.find((c) => c.kind === 'direct');
    expect(direct).toMatchObject({ title: 'Maria Clara Santos', unread: DEMO_THREADS[0]?.unreadForStudent });
    expect((await student.req('GET', '/api/messages/unread-count')).json().count).toBe(2 + DEMO_CLASS_LINES.length - 1);
    const messages = (await student.req('GET', `/api/messages/conversations/${direct?.id}/messages`)).json<MessagePage>().items;
    expect(messages.map((m) => m.body)).toEqual(DEMO_THREADS[0]?.lines.map(([, body]) => body));
    const parent = await signIn(t.app, 'parent1', DEMO_PASSWORD);
    expect((await parent.req('GET', '/api/messages/conversations')).json<ConversationPage>().items.map((c) => c.title)).toEqual(['Maria Clara Santos']);
  });
});
