import { Box, Button, Stack, Text } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClassStudentRow } from '@klase/core/classes/contracts';
import { DateText } from '../../components/date-text.tsx';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { PersonCell } from '../../components/person-cell.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { useTone } from '../../components/tones.ts';

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

const joined = (values: (string | null)[]) => values.filter((v) => v !== null && v.trim() !== '').join(' · ');

interface ColumnOptions {
  /** Teachers, assistants and school administrators see the students' details. */
  staff: boolean;
  /** Adds the "Remove from class" action. */
  onRemove?: (row: ClassStudentRow) => void;
}

/**
 * The students table's columns. Staff see name and username, email, grade and section, groups,
 * when and how each joined, last access, status (and, for teachers, a remove action); parents
 * and students see the names only (their rows carry nothing else).
 */
export const useStudentColumns = ({ staff, onRemove }: ColumnOptions): TableColumn<ClassStudentRow>[] => {
  const { t } = useTranslation('classList');
  const danger = useTone('danger');
  const name: TableColumn<ClassStudentRow> = {
    key: 'sortName',
    header: t('students.name'),
    sortable: true,
    render: (row) => <PersonCell name={row.sortName} photoUrl={row.photoUrl} hint={staff ? row.username : null} />,
  };
  if (!staff) return [name];
  return [
    name,
    { key: 'email', header: t('students.email') },
    {
      key: 'gradeSection',
      header: t('students.gradeSection'),
      render: (row) => joined([row.gradeLevel, row.section]) || <EmptyLabel />,
    },
    {
      key: 'groupNames',
      header: t('students.groups'),
      render: (row) => (row.groupNames && row.groupNames.length > 0 ? row.groupNames.join(', ') : <EmptyLabel />),
    },
    {
      key: 'joinedAt',
      header: t('students.joined'),
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <DateText value={row.joinedAt} />
          {row.joinedVia && (
            <Text size="xs" c="dimmed">
              {t(`joinedVia.${row.joinedVia}`)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'lastAccessAt', header: t('students.lastAccess'), sortable: true, render: (row) => <DateText value={row.lastAccessAt} /> },
    { key: 'status', header: t('students.status'), kind: 'status' },
    ...(onRemove
      ? [
          {
            key: 'actions',
            header: t('students.actions'),
            render: (row: ClassStudentRow) => (
              <Box component="span" onClick={stop} onKeyDown={stop}>
                <Button
                  variant="subtle"
                  color={danger}
                  size="compact-sm"
                  leftSection={<IconUserMinus size={16} aria-hidden="true" />}
                  aria-label={t('remove.named', { name: row.name })}
                  onClick={() => onRemove(row)}
                >
                  {t('remove.action')}
                </Button>
              </Box>
            ),
          },
        ]
      : []),
  ];
};
