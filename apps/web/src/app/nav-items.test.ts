import { describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { activeNavKey, navItemsFor } from './nav-items.ts';

const keys = (roleId: number) => navItemsFor(roleId).map((i) => i.key);

describe('navigation per role', () => {
  it('shows only screens that exist, in the order of NAV_BY_ROLE, plus the account', () => {
    expect(keys(ROLE.admin)).toEqual(['dashboard', 'administration', 'outbox', 'account']);
    expect(keys(ROLE.schoolAdmin)).toEqual([
      'dashboard',
      'administration',
      'classes',
      'gradingPolicy',
      'calendar',
      'announcements',
      'messages',
      'resources',
      'reports',
      'account',
    ]);
    expect(keys(ROLE.lsg)).toEqual(['dashboard', 'administration', 'reports', 'account']);
    expect(keys(ROLE.teacher)).toEqual([
      'dashboard',
      'classes',
      'courses',
      'materials',
      'calendar',
      'announcements',
      'messages',
      'resources',
      'reports',
      'account',
    ]);
    expect(keys(ROLE.assistantTeacher)).toContain('reports');
    expect(keys(ROLE.student)).toEqual(['dashboard', 'classes', 'courses', 'calendar', 'messages', 'resources', 'account']);
    expect(keys(ROLE.rexAdmin)).toEqual(['dashboard', 'administration', 'catalogue', 'account']);
    expect(keys(ROLE.parent)).toEqual(['dashboard', 'children', 'classes', 'calendar', 'messages', 'resources', 'account']);
    expect(keys(999)).toEqual(['dashboard', 'account']);
  });

  it('marks the entry of the current page', () => {
    const items = navItemsFor(ROLE.parent);
    expect(activeNavKey(items, '/dashboard')).toBe('dashboard');
    expect(activeNavKey(items, '/account/parent')).toBe('children');
    expect(activeNavKey(items, '/account/child-details/4')).toBe('children');
    expect(activeNavKey(items, '/account/details')).toBe('account');
    expect(activeNavKey(items, '/account/edit')).toBe('account');
    const admin = navItemsFor(ROLE.admin);
    expect(activeNavKey(admin, '/admin/users/bulk')).toBe('administration');
    expect(activeNavKey(admin, '/admin/outbox')).toBe('outbox');
    expect(activeNavKey(navItemsFor(ROLE.teacher), '/classes/4/class-list/students')).toBe('classes');
    expect(activeNavKey(navItemsFor(ROLE.teacher), '/courses/available')).toBe('courses');
    expect(activeNavKey(navItemsFor(ROLE.student), '/messages/list/7')).toBe('messages');
    expect(activeNavKey(navItemsFor(ROLE.student), '/messages/contacts')).toBe('messages');
    expect(activeNavKey(navItemsFor(ROLE.rexAdmin), '/catalogue/courses/9/element/3')).toBe('catalogue');
    expect(activeNavKey(navItemsFor(ROLE.schoolAdmin), '/announcements')).toBe('announcements');
  });
});
