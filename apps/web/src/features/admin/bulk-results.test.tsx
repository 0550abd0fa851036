import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BulkRowIssue } from '@klase/core/admin/bulk';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { BulkResults } from './bulk-results.tsx';

describe('BulkResults', () => {
  it('names the learner columns and translates their reasons by key', () => {
    // The server's text is ignored when the key is known: the reader's language wins.
    const rejected: BulkRowIssue[] = [
      { row: 3, field: 'lrn', key: 'lrn', message: 'x' },
      { row: 7, field: 'sex', key: 'studentsOnly', message: 'x' },
      { row: 9, field: 'lrn', key: 'lrnTaken', message: 'x' },
    ];
    renderWithProviders(<BulkResults rejected={rejected} />);
    const rows = within(screen.getByTestId('bulk-rejected')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RowColumnReason',
      '3lrnEnter the 12-digit LRN.',
      '7sexOnly a student row may have a value in this column.',
      '9lrnAnother learner of this school has this LRN.',
    ]);
  });
});
