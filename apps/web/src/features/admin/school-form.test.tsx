import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { schoolForm } from '@klase/core/admin/schools';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { SchoolFormView } from './school-form.tsx';
import { emptySchool, stateToInput } from './school-form-values.ts';

const CUSTOMER = '33333333-3333-4333-8333-333333333333';
const fetchMock = vi.fn<typeof fetch>();

const renderForm = () => {
  const router = createMemoryRouter(
    [
      { path: '/admin/schools/new', element: <SchoolFormView school={null} platform /> },
      { path: '/admin/schools/:id', element: <p>school page</p> },
    ],
    { initialEntries: ['/admin/schools/new'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const field = (label: RegExp) => screen.getByLabelText(label);

/**
 * Pastes a whole value into a field, as a user filling the form from a list does. Typing it key by
 * key re-renders the whole form once a key (~70 renders of a large form for `fillValid`), which
 * missed the 20 s test limit on a busy machine; the typing path itself is covered by the
 * validation test above and the text field's own tests.
 */
const paste = async (label: RegExp, text: string) => {
  await userEvent.click(field(label));
  await userEvent.paste(text);
};

const fillValid = async () => {
  await userEvent.click(screen.getByRole('combobox', { name: /^Customer/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Demo Customer' }));
  await paste(/^School code/, 'bpls');
  await paste(/^School name/, 'Bagong Pag-asa Learning School');
  await paste(/^DepEd school ID/, '401234');
  await paste(/^City or municipality/, 'Quezon City');
  await paste(/^Province/, 'Metro Manila');
  await paste(/^Region/, 'NCR');
};

/** Confirms the save and returns the body of the POST it sends. */
const confirmedBody = async (): Promise<unknown> => {
  const dialog = await screen.findByRole('dialog', { name: 'New school' });
  fetchMock.mockImplementationOnce(async () => jsonResponse({ id: '44444444-4444-4444-8444-444444444444' }, 201));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
  const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(post?.[1]?.body));
};

const save = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (String(url) === '/api/admin/customers/options') return jsonResponse([{ id: CUSTOMER, name: 'Demo Customer', hint: null }]);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('school form', () => {
  it('turns the form state into what the shared schema expects', () => {
    const state = { ...emptySchool(CUSTOMER), code: 'x-1', name: 'Xavier School', depedSchoolId: '123456', city: 'A', province: 'B', region: 'C' };
    const parsed = schoolForm.safeParse(stateToInput(state));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.code).toBe('X-1');
    expect(schoolForm.safeParse(stateToInput({ ...state, schoolYearFrom: '2026', schoolYearTo: '2025' })).success).toBe(false);
  });

  it('validates with the shared schema in the browser: required fields, DepEd ID, URL and school year order', async () => {
    renderForm();
    await screen.findByRole('combobox', { name: /^Customer/ });
    await save();
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(5);
    await userEvent.type(field(/^DepEd school ID/), '123');
    await userEvent.type(field(/^Website URL/), 'not a url');
    await userEvent.clear(field(/^School year to/));
    await userEvent.type(field(/^School year to/), '2001');
    await save();
    expect(await screen.findByText('Invalid URL form')).toBeInTheDocument();
    expect(screen.getByText('The DepEd school ID has 6 digits.')).toBeInTheDocument();
    expect(screen.getByText('The school year must end after it starts.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('asks before saving and shows duplicate codes on their fields', async () => {
    renderForm();
    await fillValid();
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'New school' });
    expect(within(dialog).getByText('Are you sure you want to create this school?')).toBeInTheDocument();
    fetchMock.mockImplementationOnce(async () => jsonResponse({ code: 'SCHOOL_CODE_EXISTS', message: 'exists' }, 409));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(field(/^School code/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('A school with this school code already exists.').length).toBeGreaterThan(0);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      customerId: CUSTOMER,
      code: 'BPLS',
      depedSchoolId: '401234',
      sector: 'public',
      country: 'Philippines',
    });
  });

  it('sends the student-to-student messaging switch (on by default, off when switched)', async () => {
    renderForm();
    await fillValid();
    const toggle = screen.getByRole('switch', { name: /^Messages between students/ });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await save();
    expect(await confirmedBody()).toMatchObject({ studentMessaging: false, requireParentAccount: false });
  });

  it('opens the new school after a successful save', async () => {
    const router = renderForm();
    await fillValid();
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'New school' });
    fetchMock.mockImplementationOnce(async () => jsonResponse({ id: '44444444-4444-4444-8444-444444444444' }, 201));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/schools/44444444-4444-4444-8444-444444444444'));
    expect(await screen.findByText('School created successfully.')).toBeInTheDocument();
  });

  it('sends the time zone: Asia/Manila by default, another one chosen from the searchable list', async () => {
    expect(schoolForm.safeParse({ ...stateToInput(emptySchool(CUSTOMER)), timeZone: 'Mars/Olympus' }).success).toBe(false);
    renderForm();
    await fillValid();
    const zone = screen.getByRole('combobox', { name: /^Time zone/ });
    expect(zone).toHaveValue('Asia/Manila');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Asia/Tok');
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    await save();
    expect(await confirmedBody()).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });
});
