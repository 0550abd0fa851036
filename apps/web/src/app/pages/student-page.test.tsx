import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails, ClassStudentDetails, ClassTeacherDetails } from '@klase/core/classes/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { CLASS_ID, STUDENT_A, TEACHER_ID, classDetailsOf, studentDetailsOf } from '../../features/class-work/class-list-fixtures.ts';
import { StudentGradeTab } from './student-grade-tab.tsx';
import { StudentAboutTab, StudentPage } from '../../features/class-work/student-page.tsx';
import { StudentPasswordTab } from '../../features/class-work/student-password-tab.tsx';
import { TeacherAboutTab, TeacherPage } from '../../features/class-work/teacher-page.tsx';
import { StudentPortfoliosTab, TeacherPortfolioTab } from '../../features/portfolios/owner-portfolio-tabs.tsx';
import { portfolioDetailsOf, portfolioRowOf } from '../../test/portfolio-test-data.ts';

const base = `/api/classes/${CLASS_ID}`;
const studentUrl = (tab: string) => `/classes/${CLASS_ID}/class-list/student/${STUDENT_A}/${tab}`;
const OTHER_CLASS = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const fetchMock = vi.fn<typeof fetch>();
let details: ClassDetails;
let student: ClassStudentDetails;
const teacher: ClassTeacherDetails = {
  id: TEACHER_ID,
  name: 'Maria Santos',
  salutation: 'Ms.',
  roleId: 3,
  email: 'maria@school.ph',
  photoUrl: null,
  loads: [{ gradeLevel: 'Grade 7', subject: 'Science', section: 'Sampaguita' }],
  otherClasses: [{ id: OTHER_CLASS, name: 'Grade 8 - Rosal' }],
};
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
const passwordPosts = () =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u) === `${base}/students/${STUDENT_A}/password`)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const renderAt = (url: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/classes/:id/class-list/student/:studentId',
        element: <StudentPage />,
        children: [
          { path: 'about', element: <StudentAboutTab /> },
          { path: 'grade', element: <StudentGradeTab /> },
          { path: 'portfolios', element: <StudentPortfoliosTab /> },
          { path: 'change-password', element: <StudentPasswordTab /> },
        ],
      },
      {
        path: '/classes/:id/class-list/teacher/:teacherId',
        element: <TeacherPage />,
        children: [
          { path: 'about', element: <TeacherAboutTab /> },
          { path: 'portfolio', element: <TeacherPortfolioTab /> },
        ],
      },
      { path: '/classes/:id/class-list/students', element: <p>students tab</p> },
      { path: '/classes/:id/courses', element: <p>courses tab</p> },
      { path: '/classes/:id/class-list/group/:groupId/about', element: <p>group page</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  details = classDetailsOf('teacher');
  student = studentDetailsOf();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if ((init?.method ?? 'GET') !== 'GET') return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    if (u === base) return jsonResponse(details);
    if (u === `${base}/students/${STUDENT_A}`) return jsonResponse(student);
    if (u === `${base}/teachers/${TEACHER_ID}`) return jsonResponse(teacher);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('student page', () => {
  it('shows the name as heading, the tabs as links, the details, groups (linked for teachers) and parents', async () => {
    renderAt(studentUrl('about'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Juan Reyes' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Student pages' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['About', 'Grade', 'Portfolios', 'Change password']);
    expect(within(tabs).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Back to the students' })).toHaveAttribute('href', `/classes/${CLASS_ID}/class-list/students`);
    expect(await screen.findByRole('link', { name: 'juan@mail.ph' })).toHaveAttribute('href', 'mailto:juan@mail.ph');
    expect(screen.getByText('Grade 7')).toBeInTheDocument();
    expect(screen.getByText(/added by a teacher/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Group 1' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/class-list/group/66666666-6666-4666-8666-666666666666/about`,
    );
    const parents = screen.getByRole('heading', { name: 'Parents' }).parentElement!;
    expect(within(parents).getByText('Lourdes Reyes')).toBeInTheDocument();
    expect(within(parents).getByRole('link', { name: 'lourdes@mail.ph' })).toBeInTheDocument();
    expect(within(parents).getByText('Active')).toBeInTheDocument();
  });

  it('hides the password tab and the group links from an assistant teacher', async () => {
    details = classDetailsOf('assistant');
    renderAt(studentUrl('about'));
    await screen.findByRole('heading', { level: 2, name: 'Juan Reyes' });
    await waitFor(() => expect(calls()).toContain(`GET ${base}`));
    const tabs = screen.getByRole('navigation', { name: 'Student pages' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['About', 'Grade', 'Portfolios']);
    expect(await screen.findByText('Group 1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Group 1' })).not.toBeInTheDocument();
  });

  it("has a grade tab of the class's courses (none here) and a portfolios tab of the student's published portfolios, each opened in place", async () => {
    const answer = fetchMock.getMockImplementation()!;
    const portfolio = portfolioDetailsOf({ owner: { kind: 'student', id: STUDENT_A, name: 'Juan Reyes', classId: null, className: null } });
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      if (u === `${base}/courses`) return jsonResponse([]);
      if (u.startsWith(`/api/users/${STUDENT_A}/portfolios?`)) return jsonResponse({ data: [portfolioRowOf()], pagination: { page: 1, totalcount: 1 } });
      if (u === `/api/portfolios/${portfolio.id}`) return jsonResponse(portfolio);
      return answer(url, init);
    });
    const router = renderAt(studentUrl('grade'));
    expect(await screen.findByText('This class has no courses yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Portfolios' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(studentUrl('portfolios')));
    const card = await screen.findByTestId('portfolio-card');
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByText(/3 items/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('link', { name: 'My science journey' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?portfolio=${portfolio.id}`));
    const view = await screen.findByTestId('portfolio-view');
    expect(within(view).getByRole('heading', { level: 2, name: 'My science journey' })).toBeInTheDocument();
    expect(
      within(view)
        .getAllByTestId('portfolio-item')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['What I learned', 'Volcano model', 'Lab report']);
    expect(within(view).getByRole('link', { name: 'https://example.org/volcano' })).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the portfolios' }));
    expect(await screen.findByTestId('portfolio-card')).toBeInTheDocument();
  });
});

describe('change-password tab', () => {
  it('shows the generated password once, after confirming, with a copy button', async () => {
    const user = userEvent.setup();
    const router = renderAt(studentUrl('change-password'));
    await user.click(await screen.findByRole('button', { name: 'Generate a password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a generated password' });
    expect(within(dialog).getByText('Set a new generated password for Juan Reyes? Their current password stops working at once.')).toBeInTheDocument();
    expect(passwordPosts()).toEqual([]);
    fetchMock.mockImplementationOnce(async () => jsonResponse({ message: 'A new password was set.', password: 'Tala-Bundok-47' }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate a password' }));
    expect(await screen.findByTestId('generated-password')).toHaveTextContent('Tala-Bundok-47');
    expect(passwordPosts()).toEqual([{ mode: 'generate' }]);
    expect(screen.getByText(/This password will not be shown again/)).toHaveTextContent("Juan Reyes's other sessions were signed out.");
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Tala-Bundok-47');
    // Leaving the tab and coming back does not show it again.
    await user.click(screen.getByRole('link', { name: 'About' }));
    await user.click(await screen.findByRole('link', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(studentUrl('change-password')));
    expect(await screen.findByRole('button', { name: 'Generate a password' })).toBeInTheDocument();
    expect(screen.queryByText('Tala-Bundok-47')).not.toBeInTheDocument();
  });

  it('disables the reset link, with the reason, when the student has no email', async () => {
    student = studentDetailsOf({ email: null });
    renderAt(studentUrl('change-password'));
    const button = await screen.findByRole('button', { name: 'Send the reset link' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Juan Reyes has no email address, so no reset link can be sent. Use a generated password instead.');
  });

  it('sends the reset link after confirming and shows the answer', async () => {
    renderAt(studentUrl('change-password'));
    expect(await screen.findByText(/Klase emails juan@mail.ph a link/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a reset link by email' });
    fetchMock.mockImplementationOnce(async () => jsonResponse({ message: 'A reset link was sent to juan@mail.ph.', password: null }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText('A reset link was sent to juan@mail.ph.')).toBeInTheDocument();
    expect(passwordPosts()).toEqual([{ mode: 'email' }]);
    expect(screen.queryByTestId('generated-password')).not.toBeInTheDocument();
  });
});

describe('teacher page', () => {
  it('shows salutation and name, role, email link, loads and links to the other classes', async () => {
    renderAt(`/classes/${CLASS_ID}/class-list/teacher/${TEACHER_ID}/about`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Ms. Maria Santos' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Teacher pages' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['About', 'Portfolio']);
    expect(screen.getByRole('link', { name: 'maria@school.ph' })).toHaveAttribute('href', 'mailto:maria@school.ph');
    const loads = screen.getByRole('table', { name: 'Assigned load' });
    expect(within(loads).getByText('Science')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grade 8 - Rosal' })).toHaveAttribute('href', `/classes/${OTHER_CLASS}/courses`);
  });
});
