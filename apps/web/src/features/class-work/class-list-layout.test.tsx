import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLE } from '@klase/core/roles';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { CLASS_ID } from './class-list-fixtures.ts';
import { ClassListLayout } from './class-list-layout.tsx';

const renderAs = (roleId: number) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile });
  const router = createMemoryRouter(
    [{ path: '/classes/:id/class-list', element: <ClassListLayout />, children: [{ path: 'students', element: <p>students</p> }] }],
    { initialEntries: [`/classes/${CLASS_ID}/class-list/students`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
};

afterEach(() => resetSessionStore());

describe('ClassListLayout', () => {
  it('gives a teacher the Students and Groups links, the open one marked current', async () => {
    renderAs(ROLE.teacher);
    const nav = await screen.findByRole('navigation', { name: 'Class list sections' });
    expect(within(nav).getByRole('link', { name: 'Students' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', `/classes/${CLASS_ID}/class-list/groups`);
    expect(within(nav).getByRole('link', { name: 'Groups' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('students')).toBeInTheDocument();
  });

  it.each([ROLE.parent, ROLE.student, ROLE.assistantTeacher])('gives role %i no Groups link (and no lone Students link)', async (role) => {
    renderAs(role);
    expect(await screen.findByText('students')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Class list sections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Groups' })).not.toBeInTheDocument();
  });
});
