import { describe, expect, it } from 'vitest';
import { canOpen } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { matchRoutes } from 'react-router';
import { guardRedirect } from '../config/access.ts';
import { metaForPath } from './root-loader.ts';
import { routes } from './routes.tsx';
import { adminSectionsFor, canManageSchools, canWriteAdmin } from '../features/admin/admin-access.ts';
import { sectionOf } from '../features/admin/admin-layout.tsx';

const redirectFor = (path: string, roleId: number) => guardRedirect({ meta: metaForPath(routes, path), roleId, pathname: path, search: '' });

describe('administration access', () => {
  it('gives each role its sections', () => {
    expect(adminSectionsFor(ROLE.admin)).toEqual(['customers', 'schools', 'users', 'bulk', 'audit']);
    expect(adminSectionsFor(ROLE.rexAdmin)).toEqual(['customers', 'schools', 'users', 'bulk', 'audit']);
    expect(adminSectionsFor(ROLE.schoolAdmin)).toEqual(['schools', 'users', 'bulk', 'audit']);
    expect(adminSectionsFor(ROLE.lsg)).toEqual(['schools', 'users']);
    expect(adminSectionsFor(ROLE.teacher)).toEqual([]);
  });

  it('hides every write action from the lsg role', () => {
    expect(canWriteAdmin(ROLE.lsg)).toBe(false);
    expect(canManageSchools(ROLE.lsg)).toBe(false);
    expect(canWriteAdmin(ROLE.schoolAdmin)).toBe(true);
    expect(canManageSchools(ROLE.schoolAdmin)).toBe(false);
    expect(canManageSchools(ROLE.admin)).toBe(true);
  });

  it('guards the admin routes with the role lists of core', () => {
    const cases: [string, number, boolean][] = [
      ['/admin/customers', ROLE.admin, true],
      ['/admin/customers', ROLE.rexAdmin, true],
      ['/admin/customers', ROLE.schoolAdmin, false],
      ['/admin/customers', ROLE.lsg, false],
      ['/admin/schools', ROLE.lsg, true],
      ['/admin/schools/new', ROLE.schoolAdmin, false],
      ['/admin/schools/x', ROLE.lsg, true],
      ['/admin/schools/x/edit', ROLE.lsg, false],
      ['/admin/schools/x/edit', ROLE.schoolAdmin, true],
      ['/admin/users', ROLE.lsg, true],
      ['/admin/users/new', ROLE.lsg, false],
      ['/admin/users/bulk', ROLE.lsg, false],
      ['/admin/users/bulk', ROLE.schoolAdmin, true],
      ['/admin/users/x/edit', ROLE.lsg, false],
      ['/admin/audit', ROLE.schoolAdmin, true],
      ['/admin/audit', ROLE.lsg, false],
      ['/admin/users', ROLE.teacher, false],
      ['/admin', ROLE.student, false],
    ];
    for (const [path, role, allowed] of cases) expect(redirectFor(path, role), `${path} for ${role}`).toBe(allowed ? null : '/not-found');
  });

  it('matches bulk upload and new-user pages before a user id', () => {
    const leaf = (p: string) => matchRoutes(routes, p)?.at(-1)?.route.path;
    expect(leaf('/admin/users/bulk')).toBe('admin/users/bulk');
    expect(leaf('/admin/users/new')).toBe('admin/users/new');
    expect(leaf('/admin/users/abc')).toBe('admin/users/:id');
    expect(canOpen('adminRead', ROLE.lsg)).toBe(true);
  });

  it('marks the current section, bulk upload before users', () => {
    const all = adminSectionsFor(ROLE.admin);
    expect(sectionOf('/admin/users/bulk', all)).toBe('bulk');
    expect(sectionOf('/admin/users/12', all)).toBe('users');
    expect(sectionOf('/admin/schools/new', all)).toBe('schools');
    expect(sectionOf('/admin/outbox', all)).toBeUndefined();
  });
});
