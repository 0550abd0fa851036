import { useCallback } from 'react';
import { Select, defaultOptionsFilter, type ComboboxParsedItem, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SearchableSelectProps extends Omit<SelectProps, 'searchable' | 'filter' | 'nothingFoundMessage'> {
  /** Options are filtered only once the typed text is at least this long (default 1). */
  minLength?: number;
}

/**
 * A keyboard-navigable select with a search box. Below `minLength` typed characters every option
 * is listed; from then on the options are filtered, with "No results" when nothing matches.
 */
export const SearchableSelect = ({ minLength = 1, ...props }: SearchableSelectProps) => {
  const { t } = useTranslation('components');
  const filter = useCallback(
    (input: { options: ComboboxParsedItem[]; search: string; limit: number }) =>
      input.search.trim().length < minLength ? input.options : defaultOptionsFilter(input),
    [minLength],
  );
  return (
    <Select
      {...props}
      searchable
      filter={filter as SelectProps['filter']}
      nothingFoundMessage={t('select.noResults')}
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
    />
  );
};
