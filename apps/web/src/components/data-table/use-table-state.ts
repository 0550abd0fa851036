import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@klase/core/constants';
import { encodeTableQuery } from '@klase/core/table';
import type { SortOrder, SortState } from './types.ts';

interface Options {
  defaultSortBy?: string;
  defaultSortOrder?: SortOrder;
  hidePagination?: boolean;
  extraParams?: Record<string, string>;
}

/**
 * The table's query state and the query string it sends (the contract of encodeTableQuery):
 * sort (asc by default, toggled by header click), search debounced 600 ms, page and
 * rowsperpage (10 by default; left out when pagination is hidden), one filter.
 */
export const useTableState = ({ defaultSortBy, defaultSortOrder = 'asc', hidePagination, extraParams }: Options) => {
  const [sort, setSort] = useState<SortState>({ sortBy: defaultSortBy, sortOrder: defaultSortOrder });
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPageState] = useState(DEFAULT_PAGE_SIZE);
  const [filter, setFilterState] = useState<{ key: string; values: string[] } | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onSearch = (value: string) => {
    setSearchInput(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setSearch(value);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
  };

  /** Clears the search text at once (after a delete). */
  const clearSearch = () => {
    window.clearTimeout(timer.current);
    setSearchInput('');
    setSearch('');
  };

  const onSort = (key: string) => {
    setSort((s) => (s.sortBy === key ? { sortBy: key, sortOrder: s.sortOrder === 'asc' ? 'desc' : 'asc' } : { sortBy: key, sortOrder: 'asc' }));
    setPage(1);
  };

  const setSortState = (next: SortState) => {
    setSort(next);
    setPage(1);
  };

  const setRowsPerPage = (n: number) => {
    setRowsPerPageState(n);
    setPage(1);
  };

  const setFilter = (key: string, values: string[]) => {
    setFilterState(values.length > 0 ? { key, values } : undefined);
    setPage(1);
  };

  const extraKey = JSON.stringify(extraParams ?? {});
  const query = useMemo(
    () =>
      encodeTableQuery({
        sortBy: sort.sortBy,
        sortOrder: sort.sortOrder,
        search,
        page: hidePagination ? undefined : page,
        rowsperpage: hidePagination ? undefined : rowsPerPage,
        filter,
        extra: JSON.parse(extraKey) as Record<string, string>,
      }).toString(),
    [sort, search, page, rowsPerPage, filter, hidePagination, extraKey],
  );

  return { sort, onSort, setSortState, searchInput, onSearch, clearSearch, page, setPage, rowsPerPage, setRowsPerPage, filter, setFilter, query };
};
