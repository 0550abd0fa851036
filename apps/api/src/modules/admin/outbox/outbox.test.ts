import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { outbox } from '../../../db/schema/platform.ts';
import { signIn, visitor } from '../../../test/agent.ts';
import { buildUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('outbox without SMTP, and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('health answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.app.database.kind });
  });

  it('keeps mails as stored for the admin page, newest first, searchable and paginated', async () => {
    const admin = await buildUser(t.db, { roleId: ROLE.admin });
    const a = await buildUser(t.db, { email: 'first.person@example.ph' });
    const b = await buildUser(t.db, { email: 'second.person@example.ph' });
    await visitor(t.app, 'POST', '/api/auth/forgot-password', { email: a.email });
    await visitor(t.app, 'POST', '/api/auth/forgot-password', { email: b.email });
    await t.app.afterAnswer.settle();
    expect(await t.app.mailer.flush()).toBe(0);
    const rows = await t.db.select().from(outbox);
    expect(rows.map((r) => r.status)).toEqual(['stored', 'stored']);

    const agent = await signIn(t.app, admin.username);
    const all = await agent.req('GET', '/api/admin/outbox');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.pagination).toEqual({ page: 1, totalcount: 2 });
    expect(body.data.map((m: { to: string }) => m.to)).toEqual(['second.person@example.ph', 'first.person@example.ph']);
    expect(body.data[0].text).toContain('http://klase.test/#/account/reset-password?token=');
    expect(Object.keys(body.data[0]).sort()).toEqual(['createdAt', 'id', 'subject', 'text', 'to']);

    const search = await agent.req('GET', '/api/admin/outbox?search=FIRST&sortBy=to&sortOrder=asc&page=1&rowsperpage=10');
    expect(search.json().data.map((m: { to: string }) => m.to)).toEqual(['first.person@example.ph']);
    const page2 = await agent.req('GET', '/api/admin/outbox?page=2&rowsperpage=10');
    expect(page2.json()).toEqual({ data: [], pagination: { page: 2, totalcount: 2 } });
    const bad = await agent.req('GET', '/api/admin/outbox?rowsperpage=7');
    expect(bad.statusCode).toBe(400);
  });

  it('a mail is only kept when its transaction commits', async () => {
    const before = (await t.db.select().from(outbox)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.mailer.enqueue(tx, { to: 'rollback@example.ph', subject: 's', text: 't' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, 'rollback@example.ph'))).toHaveLength(0);
    expect((await t.db.select().from(outbox)).length).toBe(before);
  });
});
