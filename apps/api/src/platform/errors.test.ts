import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { localeFromHeader } from './locale.ts';

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, {}, (app) => {
      app.get('/api/test/boom', { config: { policy: { access: 'public' } } }, async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2 at /srv/klase/db.ts:42');
      });
    });
  });
  afterAll(() => t.close());

  it('500s reveal nothing of internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong please try again later.' });
    expect(res.body).not.toMatch(/hunter2|ECONNREFUSED|stack|db\.ts/);
  });

  it('validation errors are translated (Accept-Language: zh and ph)', async () => {
    const zh = await visitor(t.app, 'POST', '/api/auth/forgot-password', { email: 'nope' }, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ code: 'VALIDATION', message: '请填写必填字段！', fields: [{ path: 'email', key: 'email' }] });
    const ph = await visitor(t.app, 'POST', '/api/auth/forgot-password', {}, { 'accept-language': 'ph' });
    expect(ph.json().message).not.toBe(zh.json().message);
    expect(ph.json().fields).toEqual([expect.objectContaining({ path: 'email', key: 'required' })]);
  });

  it('malformed JSON is a 400 BAD_REQUEST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'klase' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('picks the locale from Accept-Language', () => {
    expect(localeFromHeader(undefined)).toBe('en-us');
    expect(localeFromHeader('fil-PH,en;q=0.5')).toBe('ph');
    expect(localeFromHeader('de-DE, zh;q=0.8, en;q=0.5')).toBe('zh');
    expect(localeFromHeader('fr')).toBe('en-us');
  });
});
