import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/test-utils.tsx';
import { NameField } from './name-field.tsx';

describe('NameField', () => {
  it('accepts letters (any script), comma, period, apostrophe, space and hyphen on key press', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<NameField label="First name" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    await user.type(input, "Ma. O'Neil-Dela Cruz, Jr.1@#Ñ李");
    expect(input).toHaveValue("Ma. O'Neil-Dela Cruz, Jr.Ñ李");
    expect(onChange).toHaveBeenLastCalledWith("Ma. O'Neil-Dela Cruz, Jr.Ñ李");
  });

  it('refuses a paste with an invalid character and says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NameField label="Last name" />);
    const input = screen.getByRole('textbox', { name: 'Last name' });
    await user.click(input);
    await user.paste('Santos2');
    expect(input).toHaveValue('');
    expect(screen.getByText('Invalid character detected in paste event.')).toBeInTheDocument();
    await user.paste('Santos');
    expect(input).toHaveValue('Santos');
    expect(screen.queryByText('Invalid character detected in paste event.')).not.toBeInTheDocument();
  });
});
