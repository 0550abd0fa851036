import { describe, expect, it } from 'vitest';
import { paths, safeRedirect, VISITOR_PATTERNS } from './paths.ts';

describe('paths', () => {
  it('builds the spec routes', () => {
    expect(paths.dashboard.to()).toBe('/dashboard');
    expect(paths.login.to()).toBe('/account/login');
    expect(paths.login.to({ redirect: '/account/edit' })).toBe('/account/login?redirect=%2Faccount%2Fedit');
    expect(paths.activation.to('tok')).toBe('/account/activation?token=tok');
    expect(paths.resetPassword.to()).toBe('/account/reset-password');
    expect(paths.verifyAccount.to('a b')).toBe('/account/verify-account?token=a+b');
    expect(paths.accountChildDetails.to('7')).toBe('/account/child-details/7');
    expect(paths.accountChild.to('x/y')).toBe('/account/child/x%2Fy');
    expect(paths.adminOutbox.to()).toBe('/admin/outbox');
  });

  it('lists every visitor-only page of the spec', () => {
    for (const p of ['login', 'set-password', 'activation', 'forgot-password', 'reset-password', 'invalid-activation', 'invalid-reset-password']) {
      expect(VISITOR_PATTERNS).toContain(`/account/${p}`);
    }
    expect(VISITOR_PATTERNS).not.toContain(paths.verifyAccount.pattern);
  });
});

describe('safeRedirect', () => {
  it('accepts paths inside the app', () => {
    expect(safeRedirect('/account/edit')).toBe('/account/edit');
    expect(safeRedirect('/account/child/3?tab=1')).toBe('/account/child/3?tab=1');
  });
  it('refuses other sites, odd paths and visitor pages', () => {
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/account/login')).toBeNull();
    expect(safeRedirect('/account/login?redirect=/x')).toBeNull();
    expect(safeRedirect('/account')).toBeNull();
  });
});
