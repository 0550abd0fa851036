import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { auditChanges } from './audit-details-dialog.tsx';
import { fileNameOf, shownTableQuery } from '../../lib/download.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({ data: [{ id: 1, name: 'Ana' }], pagination: { page: 1, totalcount: 1 } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('export helpers', () => {
  it('reads the file name of content-disposition', () => {
    expect(fileNameOf('attachment; filename="users.csv"', 'x.csv')).toBe('users.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''mga%20user.xlsx", 'x.xlsx')).toBe('mga user.xlsx');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });

  it('exports with the query the table on screen sends, without the page fields', async () => {
    const { queryClient } = renderWithProviders(
      <DataTable<{ id: number; name: string }>
        queryKey={['admin', 'users', 'table']}
        path="/api/admin/users"
        columns={[{ key: 'name', header: 'Name', sortable: true }]}
        extraParams={{ role: '3,5', status: 'ACTIVE' }}
        defaultSortBy="name"
      />,
    );
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(shownTableQuery(queryClient, ['admin', 'users', 'table']).toString()).toBe('sortBy=name&sortOrder=asc&search=&role=3%2C5&status=ACTIVE');
  });

  it('lists the audit changes field by field', () => {
    expect(auditChanges({ before: { status: 'ACTIVE', loads: [] }, after: { status: 'INACTIVE', name: 'X' } })).toEqual([
      { field: 'status', before: 'ACTIVE', after: 'INACTIVE' },
      { field: 'loads', before: '[]', after: null },
      { field: 'name', before: null, after: 'X' },
    ]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
});
