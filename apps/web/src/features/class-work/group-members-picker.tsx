import { useId, useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Input, Loader, Pagination, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@klase/core/constants';
import type { ClassStudentRow } from '@klase/core/classes/contracts';
import { encodeTableQuery, totalPages, type TablePage } from '@klase/core/table';
import { ErrorText } from '../../components/error-text.tsx';
import { apiFetch } from '../../api/http.ts';
import { PersonCell } from '../../components/person-cell.tsx';
import { classPath } from '../../api/class-api.ts';
import { workKeys } from './work-api.ts';

/** Students per page of the picker (the largest page size the table contract allows). */
export const MEMBER_PAGE_SIZE = 50;

interface MembersPickerProps {
  classId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/** A page of the class's students (50, by name), searched; a new search starts at page 1. */
const useStudentPage = (classId: string) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const query = encodeTableQuery({ sortBy: 'sortName', sortOrder: 'asc', search: debounced, page, rowsperpage: MEMBER_PAGE_SIZE }).toString();
  const students = useQuery({
    queryKey: [...workKeys.members(classId), query],
    queryFn: ({ signal }) => apiFetch<TablePage<ClassStudentRow>>(`${classPath(classId, 'students')}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  return { search, debounced, page, setPage, onSearch, students };
};

const StudentPages = ({ pages, page, onPage }: { pages: number; page: number; onPage: (page: number) => void }) => {
  const { t } = useTranslation('classWork');
  return (
    <nav aria-label={t('form.studentPages')}>
      <Pagination
        total={pages}
        value={page}
        onChange={onPage}
        size="sm"
        siblings={0}
        getItemProps={(p) => ({ 'aria-label': t('form.goToPage', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
        getControlProps={(control) => ({ 'aria-label': t(`form.pageControls.${control}`) })}
      />
    </nav>
  );
};

/**
 * The class's enrolled students as a checkbox list with a search box and pages of 50; the choice
 * survives searching and paging ("n selected" counts every chosen student).
 */
export const MembersPicker = ({ classId, value, onChange, error }: MembersPickerProps) => {
  const { t } = useTranslation('classWork');
  const errorId = useId();
  const { search, debounced, page, setPage, onSearch, students } = useStudentPage(classId);
  const chosen = new Set(value);
  const rows = students.data?.data ?? [];
  const pages = totalPages(students.data?.pagination.totalcount ?? 0, MEMBER_PAGE_SIZE);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));

  return (
    <Fieldset
      legend={<Input.Label component="span">{t('form.members')}</Input.Label>}
      variant="unstyled"
      aria-describedby={error ? errorId : undefined}
      styles={{ legend: { padding: 0, margin: 0 } }}
    >
      <Paper withBorder p="sm" mt={4}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              type="search"
              label={t('form.searchStudents')}
              value={search}
              onChange={(e) => onSearch(e.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              rightSection={students.isFetching ? <Loader size="xs" aria-hidden="true" /> : null}
              maxLength={200}
              style={{ flex: '1 1 220px', minWidth: 0 }}
            />
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" aria-live="polite" data-testid="selected-count">
                {t('form.selected', { count: value.length })}
              </Text>
              {value.length > 0 && (
                <Button size="compact-sm" variant="subtle" onClick={() => onChange([])}>
                  {t('form.clearSelection')}
                </Button>
              )}
            </Group>
          </Group>
          <ErrorText error={students.error} />
          {students.isSuccess && rows.length === 0 && (
            <Text size="sm" c="dimmed" role="status">
              {debounced ? t('form.noStudentsFound') : t('form.noStudents')}
            </Text>
          )}
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {rows.map((s) => (
                <li key={s.id}>
                  <Checkbox
                    checked={chosen.has(s.id)}
                    onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                    aria-label={s.name}
                    label={<PersonCell name={s.name} photoUrl={s.photoUrl} hint={s.username} />}
                    styles={{ body: { alignItems: 'center' } }}
                  />
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {pages > 1 && <StudentPages pages={pages} page={page} onPage={setPage} />}
        </Stack>
      </Paper>
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </Fieldset>
  );
};
