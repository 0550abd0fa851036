import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/test-utils.tsx';
import { DateText, formatDate } from './date-text.tsx';

describe('DateText', () => {
  it('formats with the two spec formats', () => {
    expect(formatDate('2024-03-05T14:07:09+08:00', 'short')).toBe('Mar 5, 2024 2:07 PM');
    expect(formatDate('2024-03-05T14:07:09+08:00', 'long')).toBe('Mar 05, 2024 14:07:09');
    expect(formatDate('not a date')).toBeNull();
  });

  it("renders a time element, or '- -' when empty", () => {
    const { rerender } = renderWithProviders(<DateText value="2024-03-05T09:30:00+08:00" />);
    expect(screen.getByText('Mar 5, 2024 9:30 AM').tagName).toBe('TIME');
    rerender(<DateText value={null} />);
    expect(screen.getByText('- -')).toBeInTheDocument();
  });
});
