import { useId, useState } from 'react';
import { PasswordInput, Stack, type PasswordInputProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '@klase/core/auth/password';
import { PasswordStrength } from './password-strength.tsx';

export interface PasswordFieldProps extends Omit<PasswordInputProps, 'value' | 'defaultValue' | 'onChange'> {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** Maximum length (default 128). */
  maxLength?: number;
  /** Shows the strength meter and the rule list under the field. */
  withStrength?: boolean;
}

/** A password input with an accessible show/hide toggle, a maximum length and an optional strength meter. */
export const PasswordField = ({ value, defaultValue, onChange, maxLength = PASSWORD_MAX, withStrength, ...props }: PasswordFieldProps) => {
  const { t } = useTranslation('components');
  const [text, setText] = useUncontrolled({ value, defaultValue, finalValue: '', onChange });
  const [visible, setVisible] = useState(false);
  const meterId = useId();
  const input = (
    <PasswordInput
      autoComplete={withStrength ? 'new-password' : 'current-password'}
      visibilityToggleFocusable
      {...props}
      value={text}
      maxLength={maxLength}
      onChange={(e) => setText(e.currentTarget.value.slice(0, maxLength))}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? t('password.hide') : t('password.show'),
        'aria-pressed': visible,
      }}
      aria-describedby={withStrength ? meterId : props['aria-describedby']}
    />
  );
  if (!withStrength) return input;
  return (
    <Stack gap="xs">
      {input}
      <PasswordStrength value={text} id={meterId} />
    </Stack>
  );
};
