import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { signIn, visitor } from '../test/agent.ts';
import { buildSchool, buildUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('route policies', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (r) => routes.push(r) });
  });
  afterAll(() => t.close());

  it('every registered route declares an access policy', () => {
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !r.config?.policy).map((r) => `${String(r.method)} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('the API routes of the contract are all registered', () => {
    const have = new Set(routes.map((r) => `${String(r.method)} ${r.url}`));
    for (const r of [
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/auth/session',
      'POST /api/auth/forgot-password',
      'POST /api/auth/check-token',
      'POST /api/auth/activate',
      'POST /api/auth/reset-password',
      'POST /api/auth/verify-email',
      'POST /api/account/verify-email/resend',
      'POST /api/account/change-password',
      'GET /api/account/profile',
      'PATCH /api/account/profile',
      'PATCH /api/account/preferences',
      'PUT /api/account/photo',
      'DELETE /api/account/photo',
      'GET /api/users/:id/photo',
      'GET /api/photos/fallback.svg',
      'POST /api/account/welcome/dismiss',
      'GET /api/account/children',
      'GET /api/account/children/:id',
      'GET /api/admin/outbox/',
      'GET /api/admin/customers/',
      'GET /api/admin/customers/options',
      'GET /api/admin/customers/:id',
      'POST /api/admin/customers/',
      'PUT /api/admin/customers/:id',
      'PATCH /api/admin/customers/:id/status',
      'GET /api/admin/schools/',
      'GET /api/admin/schools/export',
      'GET /api/admin/schools/options',
      'GET /api/admin/schools/:id',
      'POST /api/admin/schools/',
      'PUT /api/admin/schools/:id',
      'PATCH /api/admin/schools/:id/enabled',
      'GET /api/admin/users/',
      'GET /api/admin/users/export',
      'GET /api/admin/users/options',
      'GET /api/admin/users/:id',
      'POST /api/admin/users/',
      'PUT /api/admin/users/:id',
      'PATCH /api/admin/users/:id/status',
      'POST /api/admin/users/:id/resend-activation',
      'POST /api/admin/users/:id/links',
      'DELETE /api/admin/users/:id/links/:otherId',
      'GET /api/admin/bulk-template',
      'POST /api/admin/bulk-jobs',
      'GET /api/admin/bulk-jobs',
      'GET /api/admin/bulk-jobs/:id',
      'GET /api/admin/audit/',
      'GET /api/admin/audit/actors',
      'PUT /api/account/tour',
      'POST /api/activity/heartbeat',
      'GET /api/reports/classes',
      'GET /api/reports/classes/:classId/options',
      'GET /api/reports/class',
      'GET /api/reports/class/charts',
      'GET /api/reports/class/export',
      'GET /api/reports/materials',
      'GET /api/reports/materials/export',
      'GET /api/reports/students/:studentId',
      'GET /api/reports/at-risk',
      'POST /api/reports/at-risk/message',
    ]) {
      expect(have, r).toContain(r);
    }
  });

  it('signed-in routes answer 401 UNAUTHENTICATED without a cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });

  it('signed-in routes answer 401 SESSION_EXPIRED with an unknown cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: 'klase_sid=forged-token-value' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('role routes answer 403 FORBIDDEN to other roles', async () => {
    const school = await buildSchool(t.db);
    const teacher = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.teacher });
    const agent = await signIn(t.app, teacher.username);
    const outbox = await agent.req('GET', '/api/admin/outbox');
    expect(outbox.statusCode).toBe(403);
    expect(outbox.json().code).toBe('FORBIDDEN');
    const children = await agent.req('GET', '/api/account/children');
    expect(children.statusCode).toBe(403);
  });

  it('unknown API routes answer 404 NOT_FOUND', async () => {
    const res = await visitor(t.app, 'GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Content not available.' });
  });

  it('serves the OpenAPI document and the docs UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/api/auth/login');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
