import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/test-utils.tsx';
import { BusyGuard, CopyingSkeleton, StatusBadge, badgeColor, isBusyStatus } from './status-badge.tsx';
import { PAGE_BACKGROUND, contrastRatio } from './tones.ts';
import { theme } from './theme.ts';

const primary = `${theme.primaryColor ?? 'blue'}.9`;

describe('StatusBadge', () => {
  it.each([
    ['ACTIVE', 'Active', primary],
    ['published', 'Published', primary],
    ['Inactive', 'Inactive', 'gray.7'],
    ['unpublished', 'Unpublished', 'gray.7'],
    ['copying', 'Copying in progress', 'violet.9'],
    ['deleting', 'Deletion in progress', 'violet.9'],
  ])('%s shows "%s" in %s', (status, text, color) => {
    renderWithProviders(<StatusBadge status={status} />);
    const badge = screen.getByText(text).closest('[data-status]')!;
    expect(badge).toHaveAttribute('data-color', color);
  });

  it('keeps white text at WCAG AA contrast on every badge colour, in both themes', () => {
    for (const s of ['active', 'inactive', 'copying'] as const) {
      const bg = badgeColor(s, theme.primaryColor ?? 'blue');
      expect(contrastRatio('#ffffff', bg), bg).toBeGreaterThanOrEqual(4.5);
      // filled badges do not change with the scheme; they stay distinguishable from both page backgrounds
      expect(contrastRatio(bg, PAGE_BACKGROUND.light)).toBeGreaterThanOrEqual(3);
    }
  });

  it('shows an unknown status as it is, in grey', () => {
    renderWithProviders(<StatusBadge status="Archived" />);
    expect(screen.getByText('Archived').closest('[data-status]')).toHaveAttribute('data-color', 'gray.7');
  });
});

describe('BusyGuard', () => {
  it('blocks clicks and keys while copying or deleting and shows the badge', () => {
    const onClick = vi.fn();
    const { rerender } = renderWithProviders(
      <BusyGuard status="deleting">
        <button onClick={onClick}>Open course</button>
      </BusyGuard>,
    );
    expect(screen.getByText('Deletion in progress')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open course', hidden: true }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByTestId('busy-content')).toHaveAttribute('inert');

    rerender(
      <BusyGuard status="published">
        <button onClick={onClick}>Open course</button>
      </BusyGuard>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open course' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Deletion in progress')).not.toBeInTheDocument();
  });

  it('knows which statuses are busy', () => {
    expect(isBusyStatus('COPYING')).toBe(true);
    expect(isBusyStatus('deleting')).toBe(true);
    expect(isBusyStatus('active')).toBe(false);
    expect(isBusyStatus(null)).toBe(false);
  });

  it('CopyingSkeleton announces the copy', () => {
    renderWithProviders(<CopyingSkeleton lines={3} />);
    expect(screen.getByTestId('copying-skeleton')).toHaveTextContent('Copying in progress');
  });
});
