import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/test-utils.tsx';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('shows the label with an asterisk and the required message after blur', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TextField label="School code" required />);
    const input = screen.getByRole('textbox', { name: /School code/ });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toBeInTheDocument();
    await user.click(input);
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('applies a pattern mask as you type and reports the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<TextField label="Phone" mask="9999-999-9999" onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '0917x1234567');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('0917-123-4567');
    expect(onChange).toHaveBeenLastCalledWith('0917-123-4567');
  });

  it('applies a function mask', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TextField label="Code" mask={(v) => v.toUpperCase()} />);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ab1');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('AB1');
  });

  it('filters typed keys and refuses a paste with a refused character', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TextField label="ZIP code" keyFilter={/\d/} maxLength={4} />);
    const input = screen.getByRole('textbox', { name: 'ZIP code' });
    await user.type(input, '1a2b');
    expect(input).toHaveValue('12');
    await user.paste('3x');
    expect(input).toHaveValue('12');
    expect(screen.getByText('Invalid character detected in paste event.')).toBeInTheDocument();
    await user.paste('3456');
    expect(input).toHaveValue('1234');
    expect(screen.queryByText('Invalid character detected in paste event.')).not.toBeInTheDocument();
  });

  it('checks min and max on blur', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TextField label="Weight" min={1} max={100} keyFilter={/\d/} />);
    const input = screen.getByRole('textbox', { name: 'Weight' });
    await user.type(input, '150');
    await user.tab();
    expect(screen.getByText('Must not be greater than 100')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '0');
    expect(screen.getByText('Must not be less than 1')).toBeInTheDocument();
  });

  it('shows the error prop over its own checks', () => {
    renderWithProviders(<TextField label="Name" error="Username already exists." />);
    expect(screen.getByText('Username already exists.')).toBeInTheDocument();
  });

  it('date mask: YYYY-MM-DD typing, a strict check and a date picker', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<TextField label="Start date" dateMask defaultValue="2024-03-10" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Start date' });
    expect(input).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    await user.clear(input);
    await user.type(input, '20230229');
    expect(input).toHaveValue('2023-02-29');
    await user.tab();
    expect(screen.getByText('Enter a valid date (YYYY-MM-DD).')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '20240310');
    await user.click(screen.getByRole('button', { name: 'Choose a date' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /15 March 2024/ }));
    expect(input).toHaveValue('2024-03-15');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-15');
    expect(screen.queryByText('Enter a valid date (YYYY-MM-DD).')).not.toBeInTheDocument();
  });

  it('time mask: 24-hour HH:mm typing and a time input', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TextField label="Start time" timeMask />);
    const input = screen.getByRole('textbox', { name: 'Start time' });
    await user.type(input, '2460');
    expect(input).toHaveValue('24:60');
    await user.tab();
    expect(screen.getByText('Enter a valid 24-hour time (HH:mm).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose a time' }));
    const time = await screen.findByLabelText('Time');
    await user.type(time, '13:45');
    expect(input).toHaveValue('13:45');
    expect(screen.queryByText('Enter a valid 24-hour time (HH:mm).')).not.toBeInTheDocument();
  });
});
