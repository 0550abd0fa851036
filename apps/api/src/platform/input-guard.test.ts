import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { signIn, visitor, type Agent } from '../test/agent.ts';
import { buildAdminWorld, schoolFormFor, type AdminWorld } from '../test/admin-world.ts';
import { buildUser, uniq } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** NUL characters, lone surrogates and null or empty bodies answer 400, never 500 (issue 13). */
describe('bad input answers a translated 400', () => {
  let t: TestApp;
  let w: AdminWorld;
  let admin: Agent;
  let rex: Agent;

  beforeAll(async () => {
    t = await createTestApp({}, {}, (app) => {
      // A schema that throws on input it did not expect (the shape of the old null-body 500s).
      const throwing = z.unknown().refine((v) => (v as { a: { b: number } }).a.b > 0);
      app.post('/api/test/throwing', { config: { policy: { access: 'public' } }, schema: { body: throwing } }, () => ({ ok: true }));
    });
    w = await buildAdminWorld(t.db);
    admin = await signIn(t.app, w.admin.username);
    rex = await signIn(t.app, w.rexAdmin.username);
  });
  afterAll(() => t.close());

  it('refuses NUL and lone surrogates in a table search with the textChars field key', async () => {
    for (const url of [
      '/api/admin/users/?search=a%00b',
      '/api/admin/schools/?search=%00',
      '/api/admin/audit/?search=x%00',
      '/api/admin/users/export?search=%00',
    ]) {
      const res = await admin.req('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Please fill in required fields!', fields: [{ path: 'search', key: 'textChars' }] });
    }
  });

  it('refuses NUL and lone surrogates in a body field that would otherwise be stored, in the caller language', async () => {
    const nul = await rex.req('POST', '/api/catalogue/categories', { name: 'Agham\u0000', description: '' });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'name', key: 'textChars' }] });
    const surrogate = await rex.req('POST', '/api/catalogue/categories', { name: 'Agham \ud800', description: '' });
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    expect(surrogate.json().fields).toEqual([{ path: 'name', key: 'textChars' }]);
    const login = await visitor(t.app, 'POST', '/api/auth/login', { username: 'a\u0000b', password: 'x' }, { 'accept-language': 'zh' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ code: 'VALIDATION', message: '请填写必填字段！', fields: [{ path: 'username', key: 'textChars' }] });
    // Nested JSON content (a question) and keys are searched too; the caller's access is checked first.
    const question = { type: 'essay', prompt: '<p>Ipaliwanag</p>', points: 2, guidance: 'x\ud83d' };
    const teacher = await signIn(t.app, w.teacherA.username);
    const nested = await teacher.req('POST', `/api/materials/${randomUUID()}/questions`, question);
    expect(nested.statusCode, nested.body).toBe(400);
    expect(nested.json().fields).toEqual([{ path: 'guidance', key: 'textChars' }]);
    expect((await visitor(t.app, 'POST', `/api/materials/${randomUUID()}/questions`, question)).statusCode).toBe(401);
    const key = await admin.req('PUT', `/api/admin/schools/${w.schoolA.id}`, { ...schoolFormFor(w.customerA.id), ['x\u0000']: 1 });
    expect(key.statusCode).toBe(400);
  });

  it('answers 400 to null, empty and non-object bodies on the create and update routes of users, schools, classes and quiz settings', async () => {
    const schoolAdmin = await signIn(t.app, w.schoolAdminA.username);
    const teacher = await signIn(t.app, (await buildUser(t.db, { username: uniq('t'), roleId: ROLE.teacher, schoolId: w.schoolA.id })).username);
    const routes: [Agent, 'POST' | 'PUT', string][] = [
      [admin, 'POST', '/api/admin/users/'],
      [admin, 'PUT', `/api/admin/users/${w.teacherA.id}`],
      [admin, 'POST', '/api/admin/schools/'],
      [admin, 'PUT', `/api/admin/schools/${w.schoolA.id}`],
      [schoolAdmin, 'POST', '/api/classes/'],
      [schoolAdmin, 'PUT', `/api/classes/${randomUUID()}`],
      [teacher, 'PUT', `/api/materials/${randomUUID()}/quiz-settings`],
    ];
    for (const [agent, method, url] of routes) {
      for (const payload of ['null', '', '[]', '"text"']) {
        const res = await agent.req(method, url, undefined, { payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${method} ${url} ${payload}: ${res.body}`).toBe(400);
        expect(['VALIDATION', 'BAD_REQUEST']).toContain(res.json().code);
      }
      const none = await agent.req(method, url);
      expect(none.statusCode, `${method} ${url} without a body: ${none.body}`).toBe(400);
      expect(none.json().code).toBe('VALIDATION');
    }
  });

  it('turns a schema that throws into a 400, never a 500', async () => {
    const res = await visitor(t.app, 'POST', '/api/test/throwing', { x: 1 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect((await visitor(t.app, 'POST', '/api/test/throwing', { a: { b: 1 } })).statusCode).toBe(200);
  });
});
