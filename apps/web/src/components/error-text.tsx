import { useCallback } from 'react';
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { waitParams } from '@klase/core/errors';
import { isApiError } from '../api/http.ts';
import { useTone } from './tones.ts';

/**
 * Turns an error into the translated text of `errors:<code>`. NETWORK becomes 'No internet
 * connection'; codes without a text, and non-API errors, become 'Something went wrong...'.
 */
export const useErrorMessage = () => {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown): string => {
      if (!isApiError(error)) return t('SOMETHING_WENT_WRONG');
      if (error.code === 'NETWORK') return t('NO_INTERNET');
      if (!i18n.exists(`errors:${error.code}`)) return t('SOMETHING_WENT_WRONG');
      return t(error.code, { ...error.params, ...waitParams(error.retryAfterSeconds ?? 0) });
    },
    [t, i18n],
  );
};

/** Shows the translated text of an error (nothing when `error` is empty), announced as an alert. */
export const ErrorText = ({ error, ...props }: { error: unknown } & TextProps) => {
  const message = useErrorMessage();
  const color = useTone('danger');
  if (error === null || error === undefined) return null;
  return (
    <Text role="alert" c={color} size="sm" {...props}>
      {message(error)}
    </Text>
  );
};
