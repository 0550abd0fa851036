import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/test-utils.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordStrength, STRENGTH_BAR } from './password-strength.tsx';
import { PAGE_BACKGROUND, contrastRatio } from './tones.ts';

const barColor = () => screen.getByTestId('password-strength').querySelector('[data-color]')!.getAttribute('data-color');
const ruleState = (name: string) => within(screen.getByTestId('password-strength')).getByText(name).closest('[data-met]')!.getAttribute('data-met');

describe('PasswordField', () => {
  it('toggles visibility with an accessible, keyboard-reachable button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await user.click(input);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('limits the length (128 by default, configurable)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<PasswordField label="Password" maxLength={10} onChange={onChange} />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input).toHaveAttribute('maxlength', '10');
    await user.click(input);
    await user.paste('abcdefghijkl');
    expect(onChange).toHaveBeenLastCalledWith('abcdefghij');
  });

  it('has a 128 default maximum', () => {
    renderWithProviders(<PasswordField label="Password" />);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('maxlength', '128');
  });

  it('shows the strength meter while typing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordField label="New password" withStrength />);
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'Abcdefg1');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
  });
});

describe('PasswordStrength', () => {
  it.each([
    ['', 'red', 'Weak'],
    ['abc', 'red', 'Weak'],
    ['abcdefgh', 'red', 'Weak'], // length + lowercase = 2
    ['abcdefg1', 'yellow', 'Medium'], // length + lowercase + number = 3
    ['Abc1', 'yellow', 'Medium'], // three classes, too short = 3
    ['Abcdefg1', 'green', 'Strong'], // 4
    ['Abcdef1!', 'green', 'Strong'], // 5
  ])('"%s" is %s (%s)', (pw, color, level) => {
    renderWithProviders(<PasswordStrength value={pw} />);
    expect(barColor()).toBe(color);
    expect(screen.getByText(`Password strength: ${level}`)).toBeInTheDocument();
  });

  it('lists each rule with its met or unmet state', () => {
    renderWithProviders(<PasswordStrength value="aaaB1" />);
    expect(ruleState('8 to 128 characters')).toBe('false');
    expect(ruleState('An uppercase letter')).toBe('true');
    expect(ruleState('A lowercase letter')).toBe('true');
    expect(ruleState('A number')).toBe('true');
    expect(ruleState('A special character')).toBe('false');
    expect(ruleState('No more than two identical characters in a row')).toBe('false');
    expect(within(screen.getByTestId('password-strength')).getAllByText('(not yet)', { exact: false })).toHaveLength(3);
  });

  it('bar colours keep 3:1 non-text contrast with the page in both themes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const token of Object.values(STRENGTH_BAR[scheme])) {
        expect(contrastRatio(token, PAGE_BACKGROUND[scheme]), `${scheme} ${token}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
