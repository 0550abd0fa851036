import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { SearchableSelect } from '../../components/searchable-select.tsx';
import { useUserOptions } from './users-api.ts';

interface UserPickerProps {
  label: string;
  /** Role of the people listed (9 parents, 5 students). */
  role: number;
  schoolId: string;
  /** Ids already chosen (left out of the list). */
  exclude: readonly string[];
  onPick: (option: { id: string; name: string; hint: string | null }) => void;
  disabled?: boolean;
}

/** Searches the school's people of one role on the server and reports the one picked. */
export const UserPicker = ({ label, role, schoolId, exclude, onPick, disabled }: UserPickerProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useUserOptions(role, schoolId, debounced.trim(), !disabled);
  const list = (options.data ?? []).filter((o) => !exclude.includes(o.id));
  return (
    <SearchableSelect
      label={label}
      data={list.map((o) => ({ value: o.id, label: o.hint ? `${o.name} (${o.hint})` : o.name }))}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const picked = list.find((o) => o.id === id);
        if (picked) onPick(picked);
        setSearch('');
      }}
      disabled={disabled}
    />
  );
};
