import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/test-utils.tsx';
import { FALLBACK_PHOTO, ImageLoader } from './image-loader.tsx';

describe('ImageLoader', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a spinner until the image loads and hides it 1 second later', () => {
    vi.useFakeTimers();
    renderWithProviders(<ImageLoader src="/api/photos/1.png" alt="Ana's photo" />);
    const img = screen.getByAltText("Ana's photo");
    expect(screen.getByRole('status', { name: 'Loading image' })).toBeInTheDocument();
    fireEvent.load(img);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('status', { name: 'Loading image' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status', { name: 'Loading image' })).not.toBeInTheDocument();
  });

  it('swaps to the fallback picture on error', () => {
    renderWithProviders(<ImageLoader src="/api/photos/missing.png" alt="Profile" />);
    const img = screen.getByAltText('Profile');
    fireEvent.error(img);
    expect(screen.getByAltText('Profile')).toHaveAttribute('src', FALLBACK_PHOTO);
  });

  it('uses the fallback when there is no source', () => {
    renderWithProviders(<ImageLoader src={null} alt="Profile" />);
    expect(screen.getByAltText('Profile')).toHaveAttribute('src', FALLBACK_PHOTO);
  });
});
