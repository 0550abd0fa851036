import { describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { guardRedirect, mergeMeta } from './access.ts';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('mergeMeta', () => {
  it('lets deeper routes override and keeps a layout access', () => {
    expect(mergeMeta([undefined, { access: 'auth' }, { title: 'x' }, { role: 'outbox' }])).toEqual({ access: 'auth', title: 'x', role: 'outbox' });
    expect(mergeMeta([{ access: 'visitor' }, { access: 'any' }])).toEqual({ access: 'any' });
  });
});

describe('guardRedirect', () => {
  it('sends a signed-in user away from visitor pages, to the dashboard or back where asked', () => {
    expect(guardRedirect({ meta: { access: 'visitor' }, roleId: ROLE.teacher, ...at('/account/login') })).toBe('/dashboard');
    expect(guardRedirect({ meta: { access: 'visitor' }, roleId: ROLE.teacher, ...at('/account/login', '?redirect=%2Faccount%2Fedit') })).toBe('/account/edit');
    expect(guardRedirect({ meta: { access: 'visitor' }, roleId: ROLE.teacher, ...at('/account/login', '?redirect=https://evil.example') })).toBe('/dashboard');
  });

  it('lets visitors open visitor pages', () => {
    expect(guardRedirect({ meta: { access: 'visitor' }, roleId: null, ...at('/account/forgot-password') })).toBeNull();
  });

  it('sends anonymous users to login, remembering the page', () => {
    expect(guardRedirect({ meta: { access: 'auth' }, roleId: null, ...at('/account/edit') })).toBe('/account/login?redirect=%2Faccount%2Fedit');
    expect(guardRedirect({ meta: { access: 'auth' }, roleId: null, ...at('/account/child/5', '?x=1') })).toBe(
      '/account/login?redirect=%2Faccount%2Fchild%2F5%3Fx%3D1',
    );
    expect(guardRedirect({ meta: { access: 'auth' }, roleId: null, ...at('/dashboard') })).toBe('/account/login');
    expect(guardRedirect({ meta: { access: 'auth' }, roleId: null, ...at('/') })).toBe('/account/login');
  });

  it('sends users without the role to not-found', () => {
    expect(guardRedirect({ meta: { access: 'auth', role: 'outbox' }, roleId: ROLE.teacher, ...at('/admin/outbox') })).toBe('/not-found');
    expect(guardRedirect({ meta: { access: 'auth', role: 'outbox' }, roleId: ROLE.admin, ...at('/admin/outbox') })).toBeNull();
    expect(guardRedirect({ meta: { access: 'auth', role: 'childDetails' }, roleId: ROLE.student, ...at('/account/child/1') })).toBe('/not-found');
    expect(guardRedirect({ meta: { access: 'auth', role: 'childDetails' }, roleId: ROLE.parent, ...at('/account/child/1') })).toBeNull();
    expect(guardRedirect({ meta: { access: 'auth', role: 'accountEditBlocked' }, roleId: ROLE.student, ...at('/account/edit') })).toBeNull();
  });

  it('lets everyone open pages open to anyone', () => {
    expect(guardRedirect({ meta: { access: 'any' }, roleId: null, ...at('/account/verify-account') })).toBeNull();
    expect(guardRedirect({ meta: { access: 'any' }, roleId: ROLE.parent, ...at('/account/verify-account') })).toBeNull();
  });
});
