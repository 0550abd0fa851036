import { ActionIcon, Box, Stack, Text, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClassStudentRow } from '@klase/core/classes/contracts';
import { DateText } from '../../components/date-text.tsx';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { useTone } from '../../components/tones.ts';
import { RosterPerson } from './roster-person.tsx';

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

const joined = (values: (string | null)[]) => values.filter((v) => v !== null && v.trim() !== '').join(' · ');

/** A date on one line (the columns around it wrap instead). */
const NoWrapDate = ({ value }: { value: string | null }) => (
  <Text component="span" inherit style={{ whiteSpace: 'nowrap' }}>
    <DateText value={value} />
  </Text>
);

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
    render: (row) => <RosterPerson name={row.sortName} photoUrl={row.photoUrl} hint={staff ? row.username : null} />,
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
          <NoWrapDate value={row.joinedAt} />
          {row.joinedVia && (
            <Text size="xs" c="dimmed">
              {t(`joinedVia.${row.joinedVia}`)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'lastAccessAt', header: t('students.lastAccess'), sortable: true, render: (row) => <NoWrapDate value={row.lastAccessAt} /> },
    {
      key: 'status',
      header: t('students.status'),
      // The chip keeps its full width: the other columns wrap instead.
      render: (row) => (row.status ? <StatusBadge status={row.status} style={{ minWidth: 'max-content' }} /> : <EmptyLabel />),
    },
    ...(onRemove
      ? [
          {
            key: 'actions',
            header: t('students.actions'),
            render: (row: ClassStudentRow) => (
              <Box component="span" onClick={stop} onKeyDown={stop}>
                <Tooltip label={t('remove.title')}>
                  <ActionIcon variant="subtle" color={danger} aria-label={t('remove.named', { name: row.name })} onClick={() => onRemove(row)}>
                    <IconUserMinus size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Box>
            ),
          },
        ]
      : []),
  ];
};
