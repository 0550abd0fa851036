import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/platform.ts';
import { startSmtp } from '../test/smtp.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createMailer } from './mail.ts';
import { renderMail } from './mail-templates.ts';

describe('mail worker', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url, mailPollMs: 60_000 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends pending mails and marks them sent', async () => {
    await t.db.transaction((tx) => t.app.mailer.enqueue(tx, { to: 'one@example.ph', subject: 'Hello', text: 'Body one' }));
    const [row] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'one@example.ph'));
    expect(row?.status).toBe('pending');
    expect(await t.app.mailer.flush()).toBe(1);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'one@example.ph'));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.lastTo('one@example.ph')?.decoded).toContain('Body one');
  });

  it('the started worker wakes up on NOTIFY without waiting for the poll', async () => {
    await t.app.mailer.start();
    await t.db.transaction((tx) => t.app.mailer.enqueue(tx, { to: 'notify@example.ph', subject: 'Wake', text: 'Woken' }));
    for (let i = 0; i < 50 && !smtp.lastTo('notify@example.ph'); i += 1) await sleep(100);
    expect(smtp.lastTo('notify@example.ph')).toBeDefined();
    await t.app.mailer.stop();
  });

  it('a failed send is retried later, and not sent twice', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1', mailPollMs: 60_000 });
    try {
      await broken.db.transaction((tx) => broken.app.mailer.enqueue(tx, { to: 'retry@example.ph', subject: 'R', text: 'R' }));
      expect(await broken.app.mailer.flush()).toBe(0);
      const [row] = await broken.db.select().from(outbox);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toBeTruthy();
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(await broken.app.mailer.flush()).toBe(0);
      const [again] = await broken.db.select().from(outbox);
      expect(again?.attempts).toBe(1);
    } finally {
      await broken.close();
    }
  });

  it('a mail sent while the database goes away is still marked sent once it is back, and never sent twice', async () => {
    await t.db.transaction((tx) => t.app.mailer.enqueue(tx, { to: 'cut@example.ph', subject: 'Cut', text: 'Sent once' }));
    let cuts = 0;
    // The first write after the send finds its connection ended (as after a restart or failover).
    const db = new Proxy(t.db, {
      get: (target, prop, receiver) =>
        prop === 'update' && cuts === 0
          ? () => {
              cuts += 1;
              throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
            }
          : Reflect.get(target, prop, receiver),
    });
    const sends: string[] = [];
    const mailer = createMailer({
      database: { ...t.app.database, db },
      transport: { send: async (m) => void sends.push(m.to) },
      from: 'klase@example.ph',
      pollMs: 60_000,
      log: t.app.log,
    });
    expect(await mailer.flush()).toBe(1);
    expect([cuts, sends]).toEqual([1, ['cut@example.ph']]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'cut@example.ph'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await mailer.flush()).toBe(0);
    expect(sends).toHaveLength(1);
  });

  it('templates exist in every language with the link', () => {
    for (const kind of ['activation', 'reset', 'verify-email'] as const) {
      const subjects = new Set<string>();
      for (const locale of ['en-us', 'ph', 'zh'] as const) {
        const m = renderMail(kind, locale, { name: 'Ana <b>', username: 'ana', link: 'http://x.test/#/a?token=T' });
        expect(m.text).toContain('http://x.test/#/a?token=T');
        expect(m.html).toContain('Ana &lt;b&gt;');
        subjects.add(m.subject);
      }
      expect(subjects.size).toBe(3);
    }
  });
});
