import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/test-utils.tsx';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it.each([
    ['noRecords', 'No records found.'],
    ['noResults', 'No results'],
    ['noEvents', 'No event to display.'],
    ['noUpcomingEvents', 'No upcoming events.'],
    ['noPosts', 'No posts available.'],
    ['noConversation', 'There is no conversation exist.'],
    ['contentUnavailable', 'Content not available.'],
  ] as const)('%s shows "%s"', (kind, text) => {
    renderWithProviders(<EmptyState kind={kind} />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });
});
