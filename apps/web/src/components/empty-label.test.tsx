import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/test-utils.tsx';
import { EmptyLabel, ValueOrEmpty, isEmptyValue } from './empty-label.tsx';

describe('EmptyLabel', () => {
  it("shows '- -' and names it for screen readers", () => {
    renderWithProviders(<EmptyLabel />);
    expect(screen.getByText('- -')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('No value')).toBeInTheDocument();
  });

  it('treats null, blank and the text null as empty', () => {
    expect([null, undefined, '', '  ', 'null', 'NULL'].every(isEmptyValue)).toBe(true);
    expect(isEmptyValue('0')).toBe(false);
    renderWithProviders(<ValueOrEmpty value="Ana" />);
    expect(screen.getByText('Ana')).toBeInTheDocument();
  });
});
