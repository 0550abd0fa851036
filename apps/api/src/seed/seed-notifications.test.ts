import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@klase/core/notifications/contracts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  const pageOf = async (username: string) => (await (await signIn(t.app, username, DEMO_PASSWORD)).req('GET', '/api/notifications')).json<NotificationPage>();

  it('gives student1, parent1 and teacher1 notifications of their types about real items, some unread', async () => {
    const student = await pageOf('student1');
    expect(new Set(student.items.map((n) => n.type))).toEqual(new Set(['grade', 'submissionReturned', 'materialPublished', 'dueSoon', 'classJoined']));
    expect(student.unread).toBeGreaterThan(0);
    expect(student.unread).toBeLessThan(student.items.length);
    const parent = await pageOf('parent1');
    expect(parent.items.length).toBeGreaterThan(1);
    expect(parent.items.every((n) => n.type === 'childGrade' && /^\/classes\/[0-9a-f-]{36}\/courses\/[0-9a-f-]{36}\/grade$/.test(n.link))).toBe(true);
    expect(parent.items.map((n) => n.params.childName)).toContain('Ana Reyes Dela Cruz');
    const teacher = await pageOf('teacher1');
    expect(teacher.items.map((n) => n.type)).toEqual(['classJoined', 'classJoined', 'classJoined', 'classJoined']);
    expect(teacher.unread).toBe(2);
    // Every material link points at a material that exists and is opened by the student.
    const jose = await signIn(t.app, 'student1', DEMO_PASSWORD);
    for (const n of student.items.filter((x) => x.link.includes('?material='))) {
      const id = n.link.split('?material=')[1] ?? '';
      expect((await jose.req('GET', `/api/materials/${id}`)).statusCode).toBe(200);
    }
    expect((await pageOf('student2')).items).toEqual([]);
  });
});
