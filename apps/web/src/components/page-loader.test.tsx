import { describe, expect, it } from 'vitest';
import { Suspense, use } from 'react';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/test-utils.tsx';
import { DialogLoader, SectionLoader } from './page-loader.tsx';

/** A part whose code has not arrived yet (a lazy chunk on a slow link). */
const neverArrives = new Promise<never>(() => undefined);
const Late = () => {
  use(neverArrives);
  return null;
};

describe('section loader', () => {
  it('says a part of the page is still loading while the rest of the page shows', async () => {
    renderWithProviders(
      <>
        <h1>Maria Santos</h1>
        <Suspense fallback={<SectionLoader />}>
          <Late />
        </Suspense>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Maria Santos' })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toContainElement(screen.getByRole('progressbar'));
  });

  it('shows a spinner where a dialog is about to open, leaving the page under it usable', async () => {
    renderWithProviders(
      <>
        <button type="button">Edit</button>
        <Suspense fallback={<DialogLoader />}>
          <Late />
        </Suspense>
      </>,
    );
    const status = await screen.findByRole('status');
    expect(status).toContainElement(screen.getByRole('progressbar', { name: 'Loading…' }));
    expect(status).toHaveStyle({ position: 'fixed', pointerEvents: 'none' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });
});
