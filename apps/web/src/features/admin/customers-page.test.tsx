import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerRow } from '@klase/core/admin/customers';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { CustomersPage } from './customers-page.tsx';

const DISABLE_TEXT = 'Are you sure you want to disable this customer? The user will be logged out of the site and will not be able to login while disabled.';
const ENABLE_TEXT = 'Are you sure you want to enable back this customer?';

const row = (over: Partial<CustomerRow>): CustomerRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Bagong Pag-asa Learning Corp.',
  contactName: 'Ana Cruz',
  contactEmail: 'ana@bagong.ph',
  schoolCount: 1,
  status: 'ACTIVE',
  createdAt: '2026-01-05T01:00:00.000Z',
  updatedAt: '2026-01-05T01:00:00.000Z',
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
let rows: CustomerRow[] = [];
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

beforeEach(() => {
  rows = [row({}), row({ id: '22222222-2222-4222-8222-222222222222', name: 'Demo Customer', status: 'INACTIVE', contactName: null, contactEmail: null })];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith('/api/admin/customers?')) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('CustomersPage', () => {
  it('lists name, contact, number of schools and a status chip, filtered by status on the server', async () => {
    renderWithProviders(<CustomersPage />);
    await screen.findByText('Bagong Pag-asa Learning Corp.');
    const table = screen.getByRole('table');
    expect(within(table).getByText('ana@bagong.ph')).toBeInTheDocument();
    expect(within(table).getAllByText('Active')[0]!.closest('[data-status]')).toHaveAttribute('data-status', 'active');
    expect(calls()[0]).toBe('GET /api/admin/customers?sortBy=name&sortOrder=asc&search=&page=1&rowsperpage=10');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(calls().at(-1)).toContain('filter%5Bkey%5D=status&filter%5Bvalues%5D%5B%5D=INACTIVE'));
  });

  it('disables after the exact confirmation, shows the server message, closes and reloads', async () => {
    renderWithProviders(<CustomersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Bagong Pag-asa Learning Corp.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable customer' });
    expect(within(dialog).getByText(DISABLE_TEXT)).toBeInTheDocument();
    expect(dialog.closest('[style*="--modal-size"]')?.getAttribute('style')).toContain('calc(23.125rem'); // 370 px
    fetchMock.mockImplementationOnce(async () => jsonResponse({ message: 'Customer disabled.' }));
    const before = calls().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Customer disabled.')).toBeInTheDocument();
    expect(calls()[before]).toBe('PATCH /api/admin/customers/11111111-1111-4111-8111-111111111111/status');
    expect(JSON.parse(String(fetchMock.mock.calls[before]![1]!.body))).toEqual({ status: 'INACTIVE' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Disable customer' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        calls()
          .slice(before + 1)
          .some((c) => c.startsWith('GET /api/admin/customers?')),
      ).toBe(true),
    );
  });

  it('enables with the exact text and shows the error, keeping the dialog open, when it fails', async () => {
    renderWithProviders(<CustomersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enable Demo Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable customer' });
    expect(within(dialog).getByText(ENABLE_TEXT)).toBeInTheDocument();
    fetchMock.mockImplementationOnce(async () => jsonResponse({ code: 'FORBIDDEN', message: 'Forbidden' }, 403));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/./);
    expect(screen.getByRole('dialog', { name: 'Enable customer' })).toBeInTheDocument();
  });

  it('creates a customer after confirmation and shows the duplicate name on its field', async () => {
    renderWithProviders(<CustomersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Customer name/), 'Demo Customer');
    await userEvent.type(within(dialog).getByLabelText(/^Contact email/), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Incorrect email.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Contact email/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByText('Are you sure you want to create this customer?');
    fetchMock.mockImplementationOnce(async () => jsonResponse({ code: 'CUSTOMER_EXISTS', message: 'exists' }, 409));
    await userEvent.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findAllByText('A customer with this name already exists.')).not.toHaveLength(0);
    expect(within(dialog).getByLabelText(/^Customer name/)).toHaveAttribute('aria-invalid', 'true');
  });
});
