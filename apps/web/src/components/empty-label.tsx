import { Text, VisuallyHidden, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPTY_LABEL } from '@klase/core/constants';

/** True for null, undefined, blank strings and the text "null". */
export const isEmptyValue = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === 'null'));

/** The '- -' placeholder for an empty value, announced as "No value" to screen readers. */
export const EmptyLabel = (props: TextProps) => {
  const { t } = useTranslation('components');
  return (
    <Text component="span" inherit data-empty-label {...props}>
      <span aria-hidden="true">{EMPTY_LABEL}</span>
      <VisuallyHidden>{t('empty.value')}</VisuallyHidden>
    </Text>
  );
};

/** Shows `value` or, when it is empty, the '- -' placeholder. */
export const ValueOrEmpty = ({ value }: { value: string | number | null | undefined }) => (isEmptyValue(value) ? <EmptyLabel /> : <>{value}</>);
