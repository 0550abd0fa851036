import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonCell } from './person-cell.tsx';
import { renderWithProviders } from '../test/test-utils.tsx';

describe('PersonCell', () => {
  it('shows the name and the hint, with a decorative photo', async () => {
    renderWithProviders(<PersonCell name="Maria Santos" photoUrl={null} hint="msantos" />);
    expect(await screen.findByText('Maria Santos')).toBeInTheDocument();
    expect(screen.getByText('msantos')).toBeInTheDocument();
  });
});
