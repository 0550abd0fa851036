import { beforeAll, describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { paths } from '../config/paths.ts';
import { metaForPath } from './root-loader.ts';
import { loadSignedInRoutes, routes } from './routes.tsx';

describe('route table', () => {
  // The table as the app has it once the class and course routes have loaded (they load on demand).
  beforeAll(async () => {
    await loadSignedInRoutes();
  });

  it('marks the visitor-only pages', () => {
    for (const p of [
      '/account',
      '/account/login',
      '/account/set-password',
      '/account/activation',
      '/account/forgot-password',
      '/account/reset-password',
      '/account/invalid-activation',
      '/account/invalid-reset-password',
    ]) {
      expect(metaForPath(routes, p).access, p).toBe('visitor');
    }
  });

  it('opens verify-account and not-found to everyone', () => {
    expect(metaForPath(routes, '/account/verify-account').access).toBe('any');
    expect(metaForPath(routes, '/not-found').access).toBe('any');
    expect(metaForPath(routes, '/courses/12').access).toBe('any');
    expect(metaForPath(routes, '/account/nope').access).toBe('any');
  });

  it('guards the authenticated area and its role routes', () => {
    expect(metaForPath(routes, '/').access).toBe('auth');
    expect(metaForPath(routes, '/dashboard')).toMatchObject({ access: 'auth', title: 'titles.dashboard' });
    expect(metaForPath(routes, '/account/details').access).toBe('auth');
    expect(metaForPath(routes, '/account/portfolios')).toMatchObject({ access: 'auth', role: 'ownPortfolios' });
    expect(metaForPath(routes, '/account/portfolios/9')).toMatchObject({ access: 'auth', role: 'ownPortfolios' });
    expect(metaForPath(routes, '/account/change-password').access).toBe('auth');
    expect(metaForPath(routes, '/account/edit')).toMatchObject({ access: 'auth', role: 'accountEditBlocked' });
    expect(metaForPath(routes, '/classes')).toMatchObject({ access: 'auth', role: 'classes' });
    expect(metaForPath(routes, '/classes/join/abc')).toMatchObject({ access: 'auth' });
    expect(metaForPath(routes, '/classes/12/courses')).toMatchObject({ access: 'auth', role: 'classes' });
    expect(metaForPath(routes, '/classes/12/class-list/students')).toMatchObject({ access: 'auth', role: 'classListStudents' });
    expect(metaForPath(routes, '/classes/12/class-list/groups')).toMatchObject({ access: 'auth', role: 'classListGroups' });
    expect(metaForPath(routes, '/classes/12/class-list/create-group')).toMatchObject({ role: 'classListGroups' });
    expect(metaForPath(routes, '/classes/12/class-list/student/3/change-password')).toMatchObject({ role: 'classStudentPassword' });
    expect(metaForPath(routes, '/classes/12/class-list/student/3/about')).toMatchObject({ role: 'classStudentPage' });
    expect(metaForPath(routes, '/classes/12/class-progress/details')).toMatchObject({ role: 'classProgress' });
    expect(metaForPath(routes, '/classes/12/settings')).toMatchObject({ role: 'classSettings' });
    expect(metaForPath(routes, '/account/parent')).toMatchObject({ access: 'auth', role: 'parentProfile' });
    expect(metaForPath(routes, '/account/child-details/9')).toMatchObject({ access: 'auth', role: 'childDetails' });
    expect(metaForPath(routes, '/account/child/9')).toMatchObject({ access: 'auth', role: 'childDetails' });
    expect(metaForPath(routes, '/admin/outbox')).toMatchObject({ access: 'auth', role: 'outbox' });
    expect(metaForPath(routes, '/messages/list')).toMatchObject({ access: 'auth', role: 'messages' });
    expect(metaForPath(routes, '/messages/list/9')).toMatchObject({ access: 'auth', role: 'messages' });
    expect(metaForPath(routes, '/messages/contacts')).toMatchObject({ access: 'auth', role: 'messages' });
    expect(metaForPath(routes, '/messages/settings')).toMatchObject({ access: 'auth', role: 'messages' });
    expect(metaForPath(routes, '/messages/user-details')).toMatchObject({ access: 'auth', role: 'messages' });
  });

  it('has a real route (not the catch-all) for every registered path', () => {
    for (const [name, entry] of Object.entries(paths)) {
      const concrete = entry.pattern.replace(/:\w+/g, 'x');
      const matches = matchRoutes(routes, concrete) ?? [];
      const leaf = matches[matches.length - 1]?.route;
      expect(leaf?.path, name).not.toBe('*');
      expect(matches.length, name).toBeGreaterThan(0);
    }
  });

  it('gives every page a title', () => {
    for (const entry of Object.values(paths)) {
      if (entry.pattern === '/' || entry.pattern === '/account') continue;
      expect(metaForPath(routes, entry.pattern.replace(/:\w+/g, 'x')).title, entry.pattern).toBeTruthy();
    }
  });
});
