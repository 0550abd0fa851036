import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, visitor } from '../../../test/agent.ts';
import { buildAdminWorld, type AdminWorld } from '../../../test/admin-world.ts';
import { TEST_PASSWORD, uniq } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('customers (platform administrators)', () => {
  let t: TestApp;
  let w: AdminWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildAdminWorld(t.db);
  });
  afterAll(() => t.close());

  it('creates, lists, searches, filters and edits customers; names are unique case-insensitively', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const name = uniq('Bagong Liwanag ');
    const created = await admin.req('POST', '/api/admin/customers', { name, contactName: 'Rosa Mercado', contactEmail: 'Rosa@Liwanag.ph' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name, contactEmail: 'rosa@liwanag.ph', status: 'ACTIVE', schoolCount: 0, schools: [] });

    const dup = await admin.req('POST', '/api/admin/customers', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CUSTOMER_EXISTS', message: 'A customer with this name already exists.' });

    const search = await admin.req('GET', `/api/admin/customers?search=${encodeURIComponent(name.toLowerCase())}&page=1&rowsperpage=10`);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json()).toMatchObject({ data: [{ id: body.id, name }], pagination: { page: 1, totalcount: 1 } });

    const withSchools = await admin.req('GET', `/api/admin/customers?search=${encodeURIComponent(w.customerA.name.toLowerCase())}`);
    expect(withSchools.json().data[0]).toMatchObject({ id: w.customerA.id, schoolCount: 1 });

    const edited = await admin.req('PUT', `/api/admin/customers/${body.id}`, { name: `${name} Corp.`, contactName: '', contactEmail: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: `${name} Corp.`, contactName: null, contactEmail: null });
    const clash = await admin.req('PUT', `/api/admin/customers/${body.id}`, { name: w.customerA.name });
    expect(clash.json().code).toBe('CUSTOMER_EXISTS');

    const bad = await admin.req('POST', '/api/admin/customers', { name: '<script>x</script>', contactEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'name', key: 'noHtml' }), expect.objectContaining({ path: 'contactEmail', key: 'email' })]),
    );
    expect((await admin.req('GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const audit = await admin.req(
      'GET',
      `/api/admin/audit?filter[key]=action&filter[values][]=customer.updated&search=${encodeURIComponent(name.toLowerCase())}`,
    );
    expect(audit.json().data[0]).toMatchObject({ action: 'customer.updated', targetId: body.id, before: { name }, after: { name: `${name} Corp.` } });
  });

  it('filters by status', async () => {
    const admin = await signIn(t.app, w.rexAdmin.username);
    const res = await admin.req('GET', '/api/admin/customers?filter[key]=status&filter[values][]=INACTIVE&rowsperpage=50&page=1');
    expect(res.statusCode).toBe(200);
    for (const row of res.json().data) expect(row.status).toBe('INACTIVE');
  });

  it('is closed to everyone but platform administrators', async () => {
    for (const u of [w.schoolAdminA, w.lsgA, w.teacherA]) {
      const a = await signIn(t.app, u.username);
      expect((await a.req('GET', '/api/admin/customers')).statusCode).toBe(403);
      expect((await a.req('PATCH', `/api/admin/customers/${w.customerA.id}/status`, { status: 'INACTIVE' })).statusCode).toBe(403);
    }
  });

  it('disabling ends the live sessions of its users and blocks sign-in; enabling restores it', async () => {
    const teacher = await signIn(t.app, w.teacherA.username);
    const other = await signIn(t.app, w.teacherB.username);
    const admin = await signIn(t.app, w.admin.username);

    const off = await admin.req('PATCH', `/api/admin/customers/${w.customerA.id}/status`, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: 'The customer has been disabled. Its users have been signed out.' });

    const next = await teacher.req('GET', '/api/account/profile');
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('SESSION_EXPIRED');
    expect((await other.req('GET', '/api/account/profile')).statusCode).toBe(200);

    const login = await visitor(t.app, 'POST', '/api/auth/login', { username: w.teacherA.username, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('CUSTOMER_DISABLED');

    const on = await admin.req('PATCH', `/api/admin/customers/${w.customerA.id}/status`, { status: 'ACTIVE' });
    expect(on.json()).toEqual({ message: 'The customer has been enabled. Its users can sign in again.' });
    expect((await visitor(t.app, 'POST', '/api/auth/login', { username: w.teacherA.username, password: TEST_PASSWORD })).statusCode).toBe(200);

    const bad = await admin.req('PATCH', `/api/admin/customers/${w.customerA.id}/status`, { status: 'PAUSED' });
    expect(bad.statusCode).toBe(400);

    const audit = await admin.req(
      'GET',
      '/api/admin/audit?filter[key]=action&filter[values][]=customer.disabled&filter[values][]=customer.enabled&rowsperpage=50&page=1',
    );
    const mine = audit.json().data.filter((r: { targetId: string }) => r.targetId === w.customerA.id);
    expect(mine.map((r: { action: string }) => r.action)).toEqual(['customer.enabled', 'customer.disabled']);
    expect(mine[1]).toMatchObject({ actorId: w.admin.id, before: { status: 'ACTIVE' }, after: { status: 'INACTIVE' }, targetLabel: w.customerA.name });
  });
});
