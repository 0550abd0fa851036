import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { ClientTable, sortRows } from './client-table.tsx';
import type { TableColumn } from './types.ts';

interface Item {
  id: number;
  title: string;
  status: string;
}
const rows: Item[] = [
  { id: 2, title: 'Beta', status: 'published' },
  { id: 10, title: 'alpha', status: 'unpublished' },
  { id: 7, title: 'Gamma', status: 'published' },
];
const columns: TableColumn<Item>[] = [
  { key: 'id', header: 'ID', sortable: true },
  { key: 'title', header: 'Title', sortable: true },
  { key: 'status', header: 'Status', kind: 'status' },
];
const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

describe('ClientTable', () => {
  it('sorts descending by id by default, then by the clicked header', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientTable rows={rows} columns={columns} />);
    expect(titles()).toEqual(['alpha', 'Gamma', 'Beta']);
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(titles()).toEqual(['alpha', 'Beta', 'Gamma']);
    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(titles()).toEqual(['Gamma', 'Beta', 'alpha']);
    expect(screen.getAllByText('Published')).toHaveLength(2);
  });

  it('opens details on click and says "No records found." when empty', async () => {
    const user = userEvent.setup();
    const detailsRoute = vi.fn();
    const { rerender } = renderWithProviders(<ClientTable rows={rows} columns={columns} detailsRoute={detailsRoute} />);
    await user.click(screen.getByText('Gamma'));
    expect(detailsRoute).toHaveBeenCalledWith(rows[2]);
    rerender(<ClientTable rows={[]} columns={columns} />);
    expect(screen.getByRole('status')).toHaveTextContent('No records found.');
  });

  it('sortRows does not change its input', () => {
    const copy = [...rows];
    expect(sortRows(rows, { sortBy: 'id', sortOrder: 'asc' }).map((r) => r.id)).toEqual([2, 7, 10]);
    expect(rows).toEqual(copy);
  });
});
