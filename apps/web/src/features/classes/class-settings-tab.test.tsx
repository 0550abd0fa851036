import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails } from '@klase/core/classes/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { ClassSettingsTab } from './class-settings-tab.tsx';
import { CLASS_ID, classDetailsFixture } from '../../test/class-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
const writeText = vi.fn<(text: string) => Promise<void>>();
let details: ClassDetails;
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET').map(([u, init]) => `${init!.method} ${String(u)}`);

const renderSettings = () => {
  const router = createMemoryRouter([{ path: '/classes/:id/settings', element: <ClassSettingsTab /> }], { initialEntries: [`/classes/${CLASS_ID}/settings`] });
  renderWithProviders(<RouterProvider router={router} />);
};

beforeEach(() => {
  details = classDetailsFixture();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u === `/api/classes/${CLASS_ID}` && !init?.method?.match(/PUT/)) return jsonResponse(details);
    if (u === `/api/classes/${CLASS_ID}/teacher-candidates`) return jsonResponse([]);
    if (u === `/api/classes/${CLASS_ID}/join/regenerate`) {
      details = { ...details, join: { ...details.join!, accessCode: 'WXYZ234' } };
      return jsonResponse(details.join);
    }
    if (u === `/api/classes/${CLASS_ID}/join`) {
      details = { ...details, join: { ...details.join!, ...(JSON.parse(String(init!.body)) as object) } };
      return jsonResponse(details.join);
    }
    if (u === `/api/classes/${CLASS_ID}/archived`) {
      details = { ...details, archived: true, status: 'INACTIVE' };
      return jsonResponse(details);
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  writeText.mockReset();
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('ClassSettingsTab', () => {
  it('shows the code and copies the code and the invitation link', async () => {
    renderSettings();
    expect(await screen.findByTestId('access-code')).toHaveTextContent('HJK2M3P');
    expect(screen.getByLabelText(/^Class name/)).toHaveValue('Grade 7 Rizal');
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenLastCalledWith('HJK2M3P');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${location.origin}${location.pathname}#/classes/join/invite-token-0001`);
    expect(screen.getByLabelText('Link to share')).toHaveValue(`${location.origin}${location.pathname}#/classes/join/invite-token-0001`);
  });

  it('replaces the code only after confirmation, then shows the new code', async () => {
    renderSettings();
    await screen.findByTestId('access-code');
    await userEvent.click(screen.getByRole('button', { name: 'Replace code' }));
    let dialog = await screen.findByRole('dialog', { name: 'Replace the access code' });
    expect(within(dialog).getByText('Make a new access code? The old code stops working at once.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(screen.getByTestId('access-code')).toHaveTextContent('HJK2M3P');

    await userEvent.click(screen.getByRole('button', { name: 'Replace code' }));
    dialog = await screen.findByRole('dialog', { name: 'Replace the access code' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace code' }));
    await waitFor(() => expect(screen.getByTestId('access-code')).toHaveTextContent('WXYZ234'));
    expect(await screen.findByText('A new access code was made.')).toBeInTheDocument();
    expect(writes()).toEqual([`POST /api/classes/${CLASS_ID}/join/regenerate`]);
    const regen = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/join/regenerate'))!;
    expect(JSON.parse(String(regen[1]!.body))).toEqual({ what: 'code' });
  });

  it('switches joining with the code off and archives the class after confirmation', async () => {
    renderSettings();
    const codeSwitch = await screen.findByRole('switch', { name: 'Students can join with the code' });
    expect(codeSwitch).toBeChecked();
    await userEvent.click(codeSwitch);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Students can join with the code' })).not.toBeChecked());
    expect(await screen.findByText('Joining with the code is switched off.')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/join'))!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ codeEnabled: false });

    await userEvent.click(screen.getByRole('button', { name: 'Archive class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive class' });
    expect(within(dialog).getByText('Are you sure you want to archive this class?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive class' }));
    expect(await screen.findByRole('button', { name: 'Restore class' })).toBeInTheDocument();
    expect(writes()).toContain(`PATCH /api/classes/${CLASS_ID}/archived`);
  });
});
