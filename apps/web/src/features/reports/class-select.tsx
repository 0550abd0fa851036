import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_SCOPES_PATH, type ReportClassRow } from '@klase/core/reports/contracts';
import type { TablePage } from '@klase/core/table';
import { SearchableSelect } from '../../components/searchable-select.tsx';
import { apiFetch } from '../../api/http.ts';
import { reportKeys } from './reports-api.ts';

const PAGE = 50;

/** "Grade 7 - Sampaguita", with the school for those who see several schools' classes. */
export const classLabel = (row: ReportClassRow, withSchool: boolean) => (withSchool ? `${row.name} — ${row.schoolName}` : row.name);

interface ClassSelectProps {
  value: string;
  onChange: (row: ReportClassRow) => void;
  /** School administrators and the lsg see the school beside each class. */
  withSchool: boolean;
}

/**
 * The class to report on: the first classes by name, searched on the server (GET
 * REPORT_SCOPES_PATH, the table contract) as one types, so a supervisor of many schools finds any.
 */
export const ClassSelect = ({ value, onChange, withSchool }: ClassSelectProps) => {
  const { t } = useTranslation('reports');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ReportClassRow | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  // While the box shows the chosen class's name, every class is listed (not just that one).
  const term = picked && picked.id === value && debounced === classLabel(picked, withSchool) ? '' : debounced.trim();
  const q = useQuery({
    queryKey: [...reportKeys.classes, term],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ sortBy: 'name', sortOrder: 'asc', page: '1', rowsperpage: String(PAGE) });
      if (term) params.set('search', term);
      return apiFetch<TablePage<ReportClassRow>>(`${REPORT_SCOPES_PATH}?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.data ?? [];
  // A class chosen before (the address) is remembered once listed, so its name in the box is not a search.
  const found = picked?.id === value ? undefined : rows.find((r) => r.id === value);
  if (found) setPicked(found);
  const listed = picked && !rows.some((r) => r.id === picked.id) ? [picked, ...rows] : rows;
  return (
    <SearchableSelect
      label={t('classPicker.label')}
      placeholder={t('classPicker.placeholder')}
      description={withSchool ? t('classPicker.hintSchools') : undefined}
      data={listed.map((r) => ({ value: r.id, label: classLabel(r, withSchool) }))}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const row = listed.find((r) => r.id === id);
        if (!row) return;
        setPicked(row);
        onChange(row);
      }}
      allowDeselect={false}
      maw={560}
      data-testid="report-class-select"
    />
  );
};
