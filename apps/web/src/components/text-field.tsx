import { useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { isBlank } from '@klase/core/validation/rules';
import { DatePickerButton, TimePickerButton } from './picker-buttons.tsx';
import { DATE_PATTERN, TIME_PATTERN, applyMask, isValidDateText, isValidTimeText, keepAllowed, refusedChars, type Mask } from './text-mask.ts';

export interface TextFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'> {
  value?: string;
  defaultValue?: string;
  /** Called with the new text (works with @mantine/form's getInputProps). */
  onChange?: (value: string) => void;
  /** A pattern ('9' digit, 'a' letter, '*' either; other characters literal) or a function. */
  mask?: Mask;
  /** Numeric bounds checked on blur. */
  min?: number;
  max?: number;
  maxLength?: number;
  /** Tested against each typed or pasted character; a paste with a refused character is refused. */
  keyFilter?: RegExp;
  /** YYYY-MM-DD typed text with a date picker. */
  dateMask?: boolean;
  /** 24-hour HH:mm typed text with a time picker. */
  timeMask?: boolean;
}

/** Validation on blur (the `error` prop, when given, wins). Returns [namespace:key, params] or null. */
const localError = (value: string, p: Pick<TextFieldProps, 'required' | 'dateMask' | 'timeMask' | 'min' | 'max'>): [string, Record<string, number>?] | null => {
  if (isBlank(value)) return p.required ? ['validation:required'] : null;
  if (p.dateMask && !isValidDateText(value)) return ['components:field.invalidDate'];
  if (p.timeMask && !isValidTimeText(value)) return ['components:field.invalidTime'];
  const n = Number(value);
  if ((p.min !== undefined || p.max !== undefined) && !Number.isNaN(n)) {
    if (p.min !== undefined && n < p.min) return ['components:field.minValue', { limit: p.min }];
    if (p.max !== undefined && n > p.max) return ['validation:notGreaterThan', { limit: p.max }];
  }
  return null;
};

/** The generic input: label, required asterisk, error text, masks, key filter, date and time pickers. */
export const TextField = ({
  value,
  defaultValue,
  onChange,
  mask,
  min,
  max,
  maxLength,
  keyFilter,
  dateMask,
  timeMask,
  error,
  required,
  rightSection,
  onBlur,
  onKeyDown,
  onPaste,
  placeholder,
  ...props
}: TextFieldProps) => {
  const { t } = useTranslation(['components', 'validation']);
  const [text, setText] = useUncontrolled({ value, defaultValue, finalValue: '', onChange });
  const [touched, setTouched] = useState(false);
  const [pasteRefused, setPasteRefused] = useState(false);
  const effectiveMask = mask ?? (dateMask ? DATE_PATTERN : timeMask ? TIME_PATTERN : undefined);
  const limit = maxLength ?? (dateMask ? 10 : timeMask ? 5 : undefined);

  const accept = (raw: string) => {
    let next = applyMask(effectiveMask, keepAllowed(keyFilter, raw));
    if (limit !== undefined) next = next.slice(0, limit);
    setPasteRefused(false);
    setText(next);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (!keyFilter || e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
    if (refusedChars(keyFilter, e.key).length > 0) e.preventDefault();
  };

  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(e);
    if (!keyFilter) return;
    const pasted = e.clipboardData.getData('text');
    if (refusedChars(keyFilter, pasted).length > 0) {
      e.preventDefault();
      setPasteRefused(true);
    }
  };

  const handleBlur = (e: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    onBlur?.(e);
  };

  const own = touched ? localError(text, { required, dateMask, timeMask, min, max }) : null;
  const shownError = error || (pasteRefused ? t('validation:invalidPaste') : own ? t(own[0], own[1]) : undefined);
  const picker = dateMask ? (
    <DatePickerButton value={text} onPick={accept} disabled={props.disabled} />
  ) : timeMask ? (
    <TimePickerButton value={text} onPick={accept} disabled={props.disabled} />
  ) : null;

  return (
    <TextInput
      {...props}
      value={text}
      required={required}
      withAsterisk={required}
      error={shownError}
      maxLength={limit}
      placeholder={placeholder ?? (dateMask ? 'YYYY-MM-DD' : timeMask ? 'HH:mm' : undefined)}
      inputMode={props.inputMode ?? (dateMask || timeMask || min !== undefined || max !== undefined ? 'numeric' : undefined)}
      aria-invalid={shownError ? true : undefined}
      rightSection={picker ?? rightSection}
      rightSectionPointerEvents={picker ? 'all' : props.rightSectionPointerEvents}
      onChange={(e) => accept(e.currentTarget.value)}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      onBlur={handleBlur}
    />
  );
};
