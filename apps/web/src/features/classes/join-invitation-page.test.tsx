import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InvitationInfo } from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { JoinInvitationPage } from './join-invitation-page.tsx';
import { CLASS_ID } from '../../test/class-test-data.ts';

const TOKEN = 'invite-token-0001';
const fetchMock = vi.fn<typeof fetch>();
let info: Response;

const invitation = (over: Partial<InvitationInfo> = {}): InvitationInfo => ({
  className: 'Grade 7 Rizal',
  gradeLevel: 'Grade 7',
  section: 'Rizal',
  schoolName: 'Rizal High School',
  teacherNames: ['Maria Santos', 'Jose Reyes'],
  enrolled: false,
  classId: CLASS_ID,
  ...over,
});

const renderPage = (roleId: number) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile });
  const router = createMemoryRouter(
    [
      { path: '/classes/join/:token', element: <JoinInvitationPage /> },
      { path: '/classes/:id/courses', element: <p>courses of the class</p> },
    ],
    { initialEntries: [`/classes/join/${TOKEN}`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (init?.method === 'POST' && String(url) === `/api/classes/invitations/${TOKEN}/accept`)
      return jsonResponse({ classId: CLASS_ID, className: 'Grade 7 Rizal', message: 'You joined Grade 7 Rizal.' });
    if (String(url) === `/api/classes/invitations/${TOKEN}`) return info.clone();
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('JoinInvitationPage', () => {
  it('shows a student the class and joins it with one press', async () => {
    info = jsonResponse(invitation());
    const router = renderPage(ROLE.student);
    expect(await screen.findByRole('heading', { name: 'Grade 7 Rizal' })).toBeInTheDocument();
    expect(screen.getByText('Grade 7 · Rizal')).toBeInTheDocument();
    expect(screen.getByText('Rizal High School')).toBeInTheDocument();
    expect(screen.getByText('Teachers: Maria Santos, Jose Reyes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByText('You joined Grade 7 Rizal.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`));
  });

  it('offers an enrolled student to open the class instead', async () => {
    info = jsonResponse(invitation({ enrolled: true }));
    renderPage(ROLE.student);
    expect(await screen.findByText('You are already in this class.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open class' })).toHaveAttribute('href', `/classes/${CLASS_ID}/courses`);
    expect(screen.queryByRole('button', { name: 'Join class' })).not.toBeInTheDocument();
  });

  it('explains to a teacher that only students join', async () => {
    info = jsonResponse(invitation());
    renderPage(ROLE.teacher);
    expect(await screen.findByText(/^Only students join classes with an invitation link/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join class' })).not.toBeInTheDocument();
  });

  it.each([
    ['JOIN_LINK_REPLACED', 410, 'This invitation link has been replaced. Ask your teacher for the new link.'],
    ['JOIN_LINK_OFF', 403, 'This invitation link is switched off. Ask your teacher.'],
    ['JOIN_OTHER_SCHOOL', 403, 'This class belongs to another school. You can only join classes of your own school.'],
    ['CLASS_ARCHIVED', 409, 'This class is archived. Ask your teacher.'],
  ])('shows %s as a clear message with a way to the classes page', async (code, status, text) => {
    info = jsonResponse({ code, message: 'x' }, status);
    renderPage(ROLE.student);
    const card = await screen.findByTestId('invitation-error');
    expect(card).toHaveTextContent('This invitation cannot be used');
    expect(card).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Go to my classes' })).toHaveAttribute('href', '/classes');
  });
});
