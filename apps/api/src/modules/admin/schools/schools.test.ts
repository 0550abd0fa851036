import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, visitor } from '../../../test/agent.ts';
import { buildAdminWorld, schoolFormFor, type AdminWorld } from '../../../test/admin-world.ts';
import { TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('schools', () => {
  let t: TestApp;
  let w: AdminWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildAdminWorld(t.db);
  });
  afterAll(() => t.close());

  it('a platform admin creates a school with every field, shown with its dates', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const form = schoolFormFor(w.customerA.id, { sector: 'private', requireParentAccount: true });
    const res = await admin.req('POST', '/api/admin/schools', form);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      code: form.code,
      depedSchoolId: form.depedSchoolId,
      sector: 'private',
      customerName: w.customerA.name,
      barangay: 'Poblacion',
      zipCode: '4200',
      lmsUrl: 'https://lms.mabini.edu.ph',
      requireParentAccount: true,
      enabled: true,
      status: 'ACTIVE',
      userCount: 0,
      createdBy: w.admin.id,
    });
    expect(Date.parse(s.createdAt)).not.toBeNaN();
    expect(Date.parse(s.updatedAt)).not.toBeNaN();

    const details = await admin.req('GET', `/api/admin/schools/${s.id}`);
    expect(details.json()).toEqual(s);

    const audit = await admin.req('GET', `/api/admin/audit?filter[key]=action&filter[values][]=school.created&search=${form.code.toLowerCase()}`);
    expect(audit.json().data[0]).toMatchObject({ targetId: s.id, before: null, after: { code: form.code, sector: 'private' } });
  });

  it('refuses duplicate codes and DepEd IDs, bad URLs, years out of order', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const dupCode = await admin.req('POST', '/api/admin/schools', schoolFormFor(w.customerA.id, { code: w.schoolA.code }));
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json()).toMatchObject({ code: 'SCHOOL_CODE_EXISTS', message: 'A school with this school code already exists.' });

    const first = schoolFormFor(w.customerA.id);
    expect((await admin.req('POST', '/api/admin/schools', first)).statusCode).toBe(201);
    const dupDeped = await admin.req('POST', '/api/admin/schools', schoolFormFor(w.customerB.id, { depedSchoolId: first.depedSchoolId }));
    expect(dupDeped.statusCode).toBe(409);
    expect(dupDeped.json().code).toBe('DEPED_ID_EXISTS');

    const bad = await admin.req(
      'POST',
      '/api/admin/schools',
      schoolFormFor(w.customerA.id, { lmsUrl: 'lms.school', schoolYearFrom: 2026, schoolYearTo: 2025, sector: 'charter', name: '<b>x</b>' }),
    );
    expect(bad.statusCode).toBe(400);
    const keys = Object.fromEntries(bad.json().fields.map((f: { path: string; key: string }) => [f.path, f.key]));
    expect(keys).toMatchObject({ lmsUrl: 'url', schoolYearTo: 'schoolYearOrder', sector: 'invalidChoice', name: 'noHtml' });

    const unknownCustomer = await admin.req('POST', '/api/admin/schools', schoolFormFor('00000000-0000-4000-8000-000000000000'));
    expect(unknownCustomer.statusCode).toBe(404);
  });

  it('a school admin sees and edits only their own school, without changing its customer or enabled flag', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const list = await sa.req('GET', '/api/admin/schools?rowsperpage=50&page=1');
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([w.schoolA.id]);
    expect((await sa.req('GET', `/api/admin/schools/${w.schoolB.id}`)).statusCode).toBe(404);
    const other = await sa.req('PUT', `/api/admin/schools/${w.schoolB.id}`, schoolFormFor(w.customerB.id));
    expect(other.statusCode).toBe(404);

    const form = schoolFormFor(w.customerB.id, { code: w.schoolA.code, name: 'Rizal High School Annex', enabled: false });
    const own = await sa.req('PUT', `/api/admin/schools/${w.schoolA.id}`, form);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ name: 'Rizal High School Annex', customerId: w.customerA.id, enabled: true });

    expect((await sa.req('POST', '/api/admin/schools', schoolFormFor(w.customerA.id))).statusCode).toBe(403);
    expect((await sa.req('PATCH', `/api/admin/schools/${w.schoolA.id}/enabled`, { enabled: false })).statusCode).toBe(403);
  });

  it('a school admin switches student-to-student messaging off and on (on by default)', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    expect((await sa.req('GET', `/api/admin/schools/${w.schoolA.id}`)).json().studentMessaging).toBe(true);
    const form = schoolFormFor(w.customerA.id, { code: w.schoolA.code, studentMessaging: false });
    const off = await sa.req('PUT', `/api/admin/schools/${w.schoolA.id}`, form);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().studentMessaging).toBe(false);
    const on = await sa.req('PUT', `/api/admin/schools/${w.schoolA.id}`, { ...form, studentMessaging: true });
    expect(on.json().studentMessaging).toBe(true);
  });

  it('the lsg reads the schools of its customer only and cannot write', async () => {
    const lsg = await signIn(t.app, w.lsgA.username);
    const list = await lsg.req('GET', '/api/admin/schools?rowsperpage=50&page=1');
    expect(list.statusCode).toBe(200);
    for (const row of list.json().data) expect(row.customerId).toBe(w.customerA.id);
    expect((await lsg.req('GET', `/api/admin/schools/${w.schoolB.id}`)).statusCode).toBe(404);
    expect((await lsg.req('GET', `/api/admin/schools/${w.schoolA.id}`)).statusCode).toBe(200);
    const write = await lsg.req('PUT', `/api/admin/schools/${w.schoolA.id}`, schoolFormFor(w.customerA.id));
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('FORBIDDEN');
  });

  it('filters by enabled and sector, searches name and code', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const made = await admin.req(
      'POST',
      '/api/admin/schools',
      schoolFormFor(w.customerB.id, { sector: 'international', enabled: false, name: 'Colegio de Makati' }),
    );
    const id = made.json().id;
    const disabled = await admin.req('GET', '/api/admin/schools?filter[key]=enabled&filter[values][]=false&rowsperpage=50&page=1');
    expect(disabled.json().data.map((r: { id: string }) => r.id)).toContain(id);
    for (const r of disabled.json().data) expect(r.enabled).toBe(false);
    const intl = await admin.req('GET', '/api/admin/schools?filter[key]=sector&filter[values][]=international&search=makati');
    expect(intl.json()).toMatchObject({ data: [{ id, status: 'INACTIVE' }], pagination: { totalcount: 1 } });
    const both = await admin.req('GET', '/api/admin/schools?sector=international&enabled=true&search=makati');
    expect(both.json().pagination.totalcount).toBe(0);
  });

  it('disabling a school ends its users sessions and blocks sign-in', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const teacher = await signIn(t.app, w.teacherB.username);
    const off = await admin.req('PATCH', `/api/admin/schools/${w.schoolB.id}/enabled`, { enabled: false });
    expect(off.json()).toEqual({ message: 'The school has been disabled. Its users have been signed out.' });
    expect((await teacher.req('GET', '/api/auth/session')).json().code).toBe('SESSION_EXPIRED');
    const login = await visitor(t.app, 'POST', '/api/auth/login', { username: w.teacherB.username, password: TEST_PASSWORD });
    expect(login.json().code).toBe('SCHOOL_DISABLED');
    const on = await admin.req('PATCH', `/api/admin/schools/${w.schoolB.id}/enabled`, { enabled: true });
    expect(on.json().message).toBe('The school has been enabled.');
    expect((await visitor(t.app, 'POST', '/api/auth/login', { username: w.teacherB.username, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('moving a school to another customer moves its users (sign-in follows the new customer)', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const made = (await admin.req('POST', '/api/admin/schools', schoolFormFor(w.customerA.id))).json();
    const res = await admin.req('PUT', `/api/admin/schools/${made.id}`, schoolFormFor(w.customerB.id, { code: made.code, depedSchoolId: made.depedSchoolId }));
    expect(res.json()).toMatchObject({ customerId: w.customerB.id });
    const audit = await admin.req('GET', `/api/admin/audit?filter[key]=action&filter[values][]=school.updated&search=${made.code.toLowerCase()}`);
    expect(audit.json().data[0]).toMatchObject({ before: { customerId: w.customerA.id }, after: { customerId: w.customerB.id } });
  });

  it('exports the filtered list as CSV and XLSX with formulas neutralised', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const made = (
      await admin.req('POST', '/api/admin/schools', schoolFormFor(w.customerA.id, { address: '=HYPERLINK("http://x")', name: 'Tanauan Export School' }))
    ).json();
    const csv = await admin.req('GET', '/api/admin/schools/export?format=csv&search=tanauan export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="schools-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(made.code);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);

    const xlsx = await admin.req('GET', '/api/admin/schools/export?format=xlsx&search=tanauan export');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0];
    expect(ws?.rowCount).toBe(2);
    expect(ws?.getRow(2).getCell(1).value).toBe(made.code);
    expect(ws?.getRow(2).getCell(8).value).toBe(`'=HYPERLINK("http://x")`);
  });
});
