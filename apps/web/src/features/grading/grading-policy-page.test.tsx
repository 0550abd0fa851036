import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { DEPED_PATH, type GradingPolicyView } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { bodyOf, fetchMock, on, renderRoutes, serve, setRole, writes } from '../../test/assignments-test-kit.tsx';
import { GradingPolicyPage } from './grading-policy-page.tsx';

const LOAD = { timeout: 5000 };
const policy = (over: Partial<GradingPolicyView> = {}): GradingPolicyView => ({
  ...defaultPolicy(2025),
  kind: 'deped',
  editVersion: 3,
  canEdit: true,
  ...over,
});
const open = () => renderRoutes([{ path: '/school/grading-policy', element: <GradingPolicyPage /> }], '/school/grading-policy');

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setRole(ROLE.schoolAdmin);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('GradingPolicyPage', () => {
  it("shows DepEd's transmutation table as readable rows and each group's weights with their sum", async () => {
    serve(on('GET', DEPED_PATH, () => jsonResponse(policy())));
    open();
    const table = await screen.findByRole('table', { name: 'Transmutation table, 41 rows' }, LOAD);
    const rows = within(table).getAllByTestId('transmutation-row');
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('100.00 to 100.00');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('98.40 to 99.99');
    expect(within(rows[1]!).getByRole('textbox', { name: 'Row 2: quarterly grade' })).toHaveValue('99');
    expect(within(rows[25]!).getByRole('textbox', { name: 'Row 26: initial grade from' })).toHaveValue('60.00');
    expect(within(rows[25]!).getByRole('textbox', { name: 'Row 26: quarterly grade' })).toHaveValue('75');
    expect(within(rows[40]!).getByRole('rowheader')).toHaveTextContent('0.00 to 3.99');
    const languages = screen.getByTestId('preset-languages');
    expect(within(languages).getByRole('textbox', { name: /Written Work weight/ })).toHaveValue('30');
    expect(within(languages).getByTestId('preset-sum')).toHaveTextContent('Sum: 100 %');
    expect(screen.getByTestId('policy-kind')).toHaveTextContent('DepEd K to 12');
  });

  it('refuses weights that do not add up to 100 with the shared field message, and sends nothing', async () => {
    serve(on('GET', DEPED_PATH, () => jsonResponse(policy())));
    open();
    const languages = await screen.findByTestId('preset-languages', undefined, LOAD);
    const ww = within(languages).getByRole('textbox', { name: /Written Work weight/ });
    await userEvent.clear(ww);
    await userEvent.type(ww, '40');
    expect(within(languages).getByTestId('preset-sum')).toHaveTextContent('Sum: 110 %');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await within(languages).findByText('The three weights must add up to 100.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('saves a changed quarter date after a confirmation, with the version it was loaded from', async () => {
    let saved = false;
    serve(
      on('GET', DEPED_PATH, () => jsonResponse(saved ? policy({ editVersion: 4 }) : policy())),
      on('PUT', DEPED_PATH, () => {
        saved = true;
        return jsonResponse(policy({ editVersion: 4 }));
      }),
    );
    open();
    const quarters = await screen.findAllByTestId('quarter-dates', undefined, LOAD);
    const end = within(quarters[1]!).getByRole('textbox', { name: 'Ends on' });
    // One change event instead of ten keystrokes: each keystroke re-renders the 41-row table (slow in jsdom).
    fireEvent.change(end, { target: { value: '2025-11-07' } });
    expect(end).toHaveValue('2025-11-07');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the grading policy' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodyOf('PUT', DEPED_PATH)).toBeDefined());
    const body = bodyOf('PUT', DEPED_PATH)!;
    expect(body.version).toBe(3);
    expect(body.overwrite).toBe(false);
    expect((body.quarters as { endsOn: string }[])[1]!.endsOn).toBe('2025-11-07');
    expect((body.transmutation as unknown[]).length).toBe(41);
    expect(await screen.findByText('Grading policy saved.')).toBeInTheDocument();
  });

  it('asks before switching the kind of policy', async () => {
    serve(on('GET', DEPED_PATH, () => jsonResponse(policy())));
    open();
    const custom = await screen.findByRole('radio', { name: /Custom/ }, LOAD);
    await userEvent.click(custom);
    const dialog = await screen.findByRole('dialog', { name: 'Change the grading policy?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Custom/ })).toBeChecked());
  });

  it('lets other staff read the policy without changing it', async () => {
    setRole(ROLE.teacher);
    serve(on('GET', DEPED_PATH, () => jsonResponse(policy({ canEdit: false }))));
    open();
    expect(await screen.findByTestId('policy-read-only', undefined, LOAD)).toHaveTextContent('Only the school administrator');
    expect(screen.queryByRole('button', { name: 'Save policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove row 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Row 2: quarterly grade' })).toHaveAttribute('readonly');
  });
});
