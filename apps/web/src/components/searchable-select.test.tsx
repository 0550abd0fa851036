import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/test-utils.tsx';
import { SearchableSelect } from './searchable-select.tsx';

const provinces = [
  { value: 'abr', label: 'Abra' },
  { value: 'agn', label: 'Agusan del Norte' },
  { value: 'bat', label: 'Batangas' },
  { value: 'cav', label: 'Cavite' },
];

describe('SearchableSelect', () => {
  it('filters only once the typed text reaches the minimum length', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchableSelect label="Province" data={provinces} minLength={2} />);
    const input = screen.getByRole('combobox', { name: 'Province' });
    await user.click(input);
    expect(await screen.findAllByRole('option')).toHaveLength(4);
    await user.type(input, 'a');
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.type(input, 'g');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Agusan del Norte']);
  });

  it('filters from the first character by default and says "No results"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchableSelect label="Province" data={provinces} />);
    const input = screen.getByRole('combobox', { name: 'Province' });
    await user.type(input, 'c');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cavite']);
    await user.type(input, 'zz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results')).toBeInTheDocument();
  });

  it('is keyboard navigable', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<SearchableSelect label="Province" data={provinces} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}'); // the first ArrowDown opens the list on the first option
    expect(onChange).toHaveBeenCalledWith('agn', expect.objectContaining({ label: 'Agusan del Norte' }));
    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveValue('Agusan del Norte');
  });
});
