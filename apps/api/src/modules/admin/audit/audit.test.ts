import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow } from '@klase/core/admin/audit';
import { auditLog } from '../../../db/schema/platform.ts';
import { signIn } from '../../../test/agent.ts';
import { buildAdminWorld, schoolFormFor, type AdminWorld } from '../../../test/admin-world.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('audit log', () => {
  let t: TestApp;
  let w: AdminWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildAdminWorld(t.db);
    const admin = await signIn(t.app, w.admin.username);
    await admin.req('PUT', `/api/admin/schools/${w.schoolA.id}`, schoolFormFor(w.customerA.id, { code: w.schoolA.code, name: 'Paaralang A' }));
    await admin.req('PUT', `/api/admin/schools/${w.schoolB.id}`, schoolFormFor(w.customerB.id, { code: w.schoolB.code, name: 'Paaralang B' }));
    const sa = await signIn(t.app, w.schoolAdminA.username);
    await sa.req('PATCH', `/api/admin/users/${w.teacherA.id}/status`, { status: 'INACTIVE' });
    // An old entry, to filter by date.
    await t.db.insert(auditLog).values({
      schoolId: w.schoolA.id,
      actorId: w.schoolAdminA.id,
      action: 'user.updated',
      targetType: 'user',
      targetId: w.teacherA.id,
      data: { before: { lastName: 'Luma' }, after: { lastName: 'Bago' } },
      createdAt: sql`'2025-06-15T10:00:00Z'::timestamptz`,
    });
  });
  afterAll(() => t.close());

  it('platform admins see every entry with actor, target and before/after values, newest first', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const res = await admin.req('GET', '/api/admin/audit?rowsperpage=50&page=1');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as AuditRow[];
    const times = rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const deactivated = rows.find((r) => r.action === 'user.deactivated');
    expect(deactivated).toMatchObject({
      actorId: w.schoolAdminA.id,
      actorUsername: w.schoolAdminA.username,
      actorName: 'Juan Dela Cruz',
      targetType: 'user',
      targetId: w.teacherA.id,
      targetLabel: w.teacherA.username,
      schoolName: 'Paaralang A',
      before: { active: true },
      after: { active: false },
    });
    const renamed = rows.find((r) => r.action === 'school.updated' && r.targetId === w.schoolB.id);
    expect(renamed).toMatchObject({ before: { name: w.schoolB.name }, after: { name: 'Paaralang B' }, targetLabel: 'Paaralang B' });
  });

  it('a school admin sees only the entries of their school', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const rows = (await sa.req('GET', '/api/admin/audit?rowsperpage=50&page=1')).json().data as AuditRow[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.schoolId).toBe(w.schoolA.id);
    const lsg = await signIn(t.app, w.lsgA.username);
    expect((await lsg.req('GET', '/api/admin/audit')).statusCode).toBe(403);
  });

  it('filters by actor, action and date range', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const byActor = (await admin.req('GET', `/api/admin/audit?actorId=${w.schoolAdminA.id}&rowsperpage=50&page=1`)).json().data as AuditRow[];
    expect(new Set(byActor.map((r) => r.actorId))).toEqual(new Set([w.schoolAdminA.id]));
    const old = (await admin.req('GET', '/api/admin/audit?from=2025-06-01&to=2025-06-15')).json();
    expect(old).toMatchObject({ pagination: { totalcount: 1 }, data: [{ action: 'user.updated', before: { lastName: 'Luma' } }] });
    expect((await admin.req('GET', '/api/admin/audit?from=2025-06-16&to=2025-06-30')).json().pagination.totalcount).toBe(0);
    const actions = (await admin.req('GET', '/api/admin/audit?filter[key]=action&filter[values][]=school.updated')).json().data as AuditRow[];
    expect(actions.map((r) => r.action)).toEqual(['school.updated', 'school.updated']);
    expect((await admin.req('GET', '/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    const actors = (await admin.req('GET', '/api/admin/audit/actors')).json();
    expect(actors.map((a: { id: string }) => a.id).sort()).toEqual([w.admin.id, w.schoolAdminA.id].sort());
  });
});
