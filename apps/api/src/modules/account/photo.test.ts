import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '@klase/core/constants';
import { ROLE } from '@klase/core/roles';
import type { Agent } from '../../test/agent.ts';
import { signIn } from '../../test/agent.ts';
import { buildSchool, buildUser, linkParent } from '../../test/factories.ts';
import { fakeJpeg, fakePng, multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('profile photo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = (agent: Agent, name: string, type: string, data: Buffer, field = 'photo') => {
    const mp = multipartFile(field, name, type, data);
    return agent.req('PUT', '/api/account/photo', mp.payload, { headers: mp.headers });
  };

  it('uploads a png, serves it to the owner, replaces it with a jpeg, deletes it', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const png = fakePng(5000);
    const res = await upload(agent, 'me.png', 'image/png', png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hasPhoto: true, photoVersion: 1 });
    const got = await agent.req('GET', `/api/users/${user.id}/photo`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('private');
    expect(got.rawPayload.equals(png)).toBe(true);

    const jpeg = fakeJpeg(3000);
    const again = await upload(agent, 'me.jpg', 'image/jpeg', jpeg);
    expect(again.json()).toMatchObject({ hasPhoto: true, photoVersion: 2 });
    const got2 = await agent.req('GET', `/api/users/${user.id}/photo`);
    expect(got2.headers['content-type']).toBe('image/jpeg');
    expect(got2.rawPayload.equals(jpeg)).toBe(true);

    const del = await agent.req('DELETE', '/api/account/photo');
    expect(del.json()).toMatchObject({ hasPhoto: false, photoVersion: 3 });
    expect((await agent.req('GET', `/api/users/${user.id}/photo`)).statusCode).toBe(404);
  });

  it('refuses a disguised file (text named .png) with 415 FILE_TYPE', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const res = await upload(agent, 'evil.png', 'image/png', Buffer.from('<?php echo "hello"; ?> this is not an image at all'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'FILE_TYPE', message: 'File must be in jpeg or png format.' });
    const gif = await upload(agent, 'a.png', 'image/png', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]));
    expect(gif.statusCode).toBe(415);
    const tiny = await upload(agent, 'a.png', 'image/png', Buffer.from([0x89, 0x50]));
    expect(tiny.statusCode).toBe(415);
    expect((await agent.req('GET', '/api/account/profile')).json().hasPhoto).toBe(false);
  });

  it('refuses a photo of 2 MB or more with 413 FILE_TOO_LARGE', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const exact = await upload(agent, 'big.png', 'image/png', fakePng(2 * MB));
    expect(exact.statusCode).toBe(413);
    expect(exact.json().code).toBe('FILE_TOO_LARGE');
    const huge = await upload(agent, 'huge.png', 'image/png', fakePng(5 * MB));
    expect(huge.statusCode).toBe(413);
    const under = await upload(agent, 'ok.png', 'image/png', fakePng(2 * MB - 1));
    expect(under.statusCode).toBe(200);
  });

  it('needs the photo field and a multipart body', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    expect((await upload(agent, 'a.png', 'image/png', fakePng(), 'other')).statusCode).toBe(400);
    const json = await agent.req('PUT', '/api/account/photo', { photo: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('BAD_REQUEST');
  });

  it('photo visibility: same school, parent and child, platform admin; another school answers 404', async () => {
    const school = await buildSchool(t.db);
    const otherSchool = await buildSchool(t.db);
    const student = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student });
    const classmate = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student });
    const outsider = await buildUser(t.db, { schoolId: otherSchool.id, roleId: ROLE.teacher });
    const admin = await buildUser(t.db, { roleId: ROLE.admin });
    const lsgOther = await buildUser(t.db, { roleId: ROLE.lsg, customerId: otherSchool.customerId });
    const parentElsewhere = await buildUser(t.db, { schoolId: otherSchool.id, roleId: ROLE.parent });
    const strangerParent = await buildUser(t.db, { schoolId: otherSchool.id, roleId: ROLE.parent });
    await linkParent(t.db, parentElsewhere, student);

    const owner = await signIn(t.app, student.username);
    expect((await upload(owner, 'me.png', 'image/png', fakePng())).statusCode).toBe(200);
    const url = `/api/users/${student.id}/photo`;
    for (const u of [classmate, admin, parentElsewhere]) {
      const a = await signIn(t.app, u.username);
      expect((await a.req('GET', url)).statusCode, u.username).toBe(200);
    }
    for (const u of [outsider, lsgOther, strangerParent]) {
      const a = await signIn(t.app, u.username);
      const res = await a.req('GET', url);
      expect(res.statusCode, u.username).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await owner.req('GET', '/api/users/not-a-uuid/photo')).statusCode).toBe(404);
  });

  it('serves the fallback picture to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/photos/fallback.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
  });
});
