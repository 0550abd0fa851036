import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/platform.ts';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('forgot password against abuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (email: string, ip: string, locale = 'en-us') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: ip,
      headers: { 'x-requested-with': 'klase', 'accept-language': locale },
      payload: { email },
    });
  const mailsTo = async (to: string) => {
    await t.app.afterAnswer.settle();
    return (await t.db.select().from(outbox).where(eq(outbox.toAddress, to))).length;
  };

  it('answers before looking the address up: a known address gets its answer while the lookup cannot run yet', async () => {
    const user = await buildUser(t.db);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    t.app.afterAnswer.run(() => gate);
    try {
      const known = await ask(user.email ?? '', '10.20.0.1');
      const unknown = await ask('nobody.here@example.ph', '10.20.0.2');
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(
        await t.db
          .select()
          .from(outbox)
          .where(eq(outbox.toAddress, user.email ?? '')),
      ).toHaveLength(0);
    } finally {
      open();
    }
    expect(await mailsTo(user.email ?? '')).toBe(1);
    expect(await mailsTo('nobody.here@example.ph')).toBe(0);
  });

  it('a burst of 25 requests for one address from many clients puts 3 mails in the outbox, and every answer is the same', async () => {
    const user = await buildUser(t.db);
    const answers = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      const res = await ask(user.email ?? '', `10.21.0.${i + 1}`);
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    const unknown = await ask('still.nobody@example.ph', '10.21.1.1');
    answers.add(unknown.body);
    expect(answers.size).toBe(1);
    expect(await mailsTo(user.email ?? '')).toBe(3);
  });

  it('one client address gets 20 requests in 10 minutes, then a translated "try again in N minutes"', async () => {
    const ip = '10.22.0.1';
    for (let i = 0; i < 20; i += 1) expect((await ask(`someone${i}@example.ph`, ip)).statusCode).toBe(200);
    const limited = await ask('someone@example.ph', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED_MINUTES', message: 'Too many requests. Please try again in 10 minutes.' });
    expect(limited.json().retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(limited.headers['retry-after']).toBe(String(limited.json().retryAfterSeconds));
    const ph = await ask('someone@example.ph', ip, 'ph');
    expect(ph.json().message).toBe('Napakaraming kahilingan. Pakisubukang muli pagkalipas ng 10 minuto.');
    const zh = await ask('someone@example.ph', ip, 'zh');
    expect(zh.json().message).toBe('请求过多。请在 10 分钟后重试。');
    expect((await ask('someone@example.ph', '10.22.0.2')).statusCode).toBe(200);
  });
});
