import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { classForm } from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ClassFormView } from './class-form.tsx';
import { currentSchoolYear } from '../../lib/class-format.ts';
import { emptyClass, stateToInput } from './class-form-values.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const CO = '22222222-2222-4222-8222-222222222222';
const ASSIST = '33333333-3333-4333-8333-333333333333';
const NEW_ID = '44444444-4444-4444-8444-444444444444';
const fetchMock = vi.fn<typeof fetch>();
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

const candidates = [
  { id: ME, name: 'Maria Santos', roleId: ROLE.teacher, username: 'teacher1' },
  { id: CO, name: 'Jose Reyes', roleId: ROLE.teacher, username: 'teacher2' },
  { id: ASSIST, name: 'Ana Cruz', roleId: ROLE.assistantTeacher, username: 'assistant1' },
];

const renderForm = () => {
  const router = createMemoryRouter(
    [
      { path: '/classes/new', element: <ClassFormView cls={null} /> },
      { path: '/classes/:id/courses', element: <p>class page</p> },
    ],
    { initialEntries: ['/classes/new'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const field = (label: RegExp) => screen.getByLabelText(label);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

const pickGrade = async (name: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: /^Grade level/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
};

beforeEach(() => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ id: ME, roleId: ROLE.teacher }).profile });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (String(url) === '/api/classes/teacher-candidates') return jsonResponse(candidates);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('class form', () => {
  it('starts in the current school year, which runs from June to the next year', () => {
    expect(currentSchoolYear(new Date(2026, 5, 1))).toEqual({ from: 2026, to: 2027 });
    expect(currentSchoolYear(new Date(2027, 2, 15))).toEqual({ from: 2026, to: 2027 });
    const state = { ...emptyClass(new Date(2026, 7, 1)), name: 'Rizal', gradeLevel: 'Grade 7' as const, section: 'Rizal' };
    expect(classForm.safeParse(stateToInput(state)).success).toBe(true);
    expect(classForm.safeParse(stateToInput({ ...state, schoolYearTo: '' })).success).toBe(false);
  });

  it('refuses a missing name and a school year that does not end after it starts, before calling the server', async () => {
    renderForm();
    const { from } = currentSchoolYear();
    expect(field(/^School year from/)).toHaveValue(String(from));
    expect(field(/^School year to/)).toHaveValue(String(from + 1));
    await userEvent.clear(field(/^School year to/));
    await userEvent.type(field(/^School year to/), String(from));
    await save();
    expect(await screen.findByText('The school year must end after it starts.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(3); // name, grade level, section
    expect(field(/^Class name/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field(/^School year to/));
    await userEvent.type(field(/^School year to/), String(from - 1));
    await save();
    expect(await screen.findByText('The school year must end after it starts.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers a teacher their co-teachers with their roles, confirms, sends the schema body and opens the new class', async () => {
    const router = renderForm();
    await userEvent.type(field(/^Class name/), 'Grade 7 Rizal');
    await pickGrade('Grade 7');
    await userEvent.type(field(/^Section/), 'Rizal');
    await userEvent.click(screen.getByRole('combobox', { name: /^Co-teachers/ }));
    expect(await screen.findByRole('option', { name: 'Ana Cruz (Assistant teacher)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Maria Santos/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Jose Reyes (Teacher)' }));
    await save();
    const confirm = await screen.findByRole('dialog', { name: 'Create class' });
    expect(within(confirm).getByText('Are you sure you want to create this class?')).toBeInTheDocument();
    fetchMock.mockImplementationOnce(async () => jsonResponse({ id: NEW_ID, name: 'Grade 7 Rizal' }, 201));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${NEW_ID}/courses`));
    expect(await screen.findByText('The class was created.')).toBeInTheDocument();
    const [url, init] = writes()[0]!;
    expect(`${init!.method} ${String(url)}`).toBe('POST /api/classes');
    const { from } = currentSchoolYear();
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Grade 7 Rizal',
      gradeLevel: 'Grade 7',
      section: 'Rizal',
      schoolYearFrom: from,
      schoolYearTo: from + 1,
      description: '',
      teacherIds: [CO],
    });
  });

  it('puts the server field errors and a missing teacher on their fields', async () => {
    setSessionState({ profile: sessionFixture({ id: 'admin', roleId: ROLE.schoolAdmin }).profile });
    renderForm();
    await userEvent.type(field(/^Class name/), 'Grade 8 Mabini');
    await pickGrade('Grade 8');
    await userEvent.type(field(/^Section/), 'Mabini');
    await save();
    fetchMock.mockImplementationOnce(async () => jsonResponse({ code: 'CLASS_TEACHER_REQUIRED', message: 'teacher' }, 400));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Create class' })).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText('A class needs at least one teacher.')).length).toBe(2); // above the form and on the field
    expect(screen.getByRole('combobox', { name: /^Teachers/ })).toHaveAttribute('aria-invalid', 'true');

    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ code: 'VALIDATION', message: 'bad', fields: [{ path: 'section', key: 'maxLength', params: { count: 60 } }] }, 400),
    );
    await save();
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Create class' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Must be at most 60 characters long.')).toBeInTheDocument();
    expect(field(/^Section/)).toHaveAttribute('aria-invalid', 'true');
  });
});
