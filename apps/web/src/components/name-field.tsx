import { NAME_CHAR } from '@klase/core/validation/rules';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A person's name: only letters, comma, period, apostrophe, space and hyphen, on key press and on
 * paste. A paste with any other character is refused with 'Invalid character detected in paste event.'
 */
export const NameField = ({ maxLength = 80, ...props }: Omit<TextFieldProps, 'keyFilter' | 'mask' | 'dateMask' | 'timeMask'>) => (
  <TextField autoComplete="off" {...props} maxLength={maxLength} keyFilter={NAME_CHAR} />
);
