import { Badge, Modal, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GradeHistoryEntry } from '@klase/core/gradebook/views';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorText } from '../../../components/error-text.tsx';
import { useGradeHistory } from './gradebook-api.ts';

interface HistoryTarget {
  itemId: string;
  itemName: string;
  studentId: string;
  studentName: string;
}

const valueText = (entry: GradeHistoryEntry, value: string | null, t: (key: string) => string) => {
  if (value === null || value === '') return '-';
  if (entry.field === 'excused' || entry.field === 'hidden' || entry.field === 'locked')
    return value === 'true' || value === '1' ? t('history.yes') : t('history.no');
  // Grades are stored with five decimals ("18.50000"): shown without the trailing zeros.
  return /^-?\d+(\.\d+)?$/.test(value) ? String(Number(value)) : value;
};

const HistoryTable = ({ courseId, target }: { courseId: string; target: HistoryTarget }) => {
  const { t } = useTranslation('gradeBook');
  const q = useGradeHistory(courseId, target.itemId, target.studentId);
  if (q.error) return <ErrorText error={q.error} />;
  if (q.isPending) return <Skeleton height={120} role="status" aria-label={t('history.loading')} />;
  if (q.data.length === 0) return <EmptyState text={t('history.empty')} />;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" striped>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {t('history.caption', { item: target.itemName, name: target.studentName })}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('history.when')}</Table.Th>
            <Table.Th scope="col">{t('history.who')}</Table.Th>
            <Table.Th scope="col">{t('history.what')}</Table.Th>
            <Table.Th scope="col">{t('history.change')}</Table.Th>
            <Table.Th scope="col">{t('history.source')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <DateText value={entry.changedAt} />
              </Table.Td>
              <Table.Td>{entry.changedBy?.name ?? t('history.system')}</Table.Td>
              <Table.Td>{t(`history.fields.${entry.field}`)}</Table.Td>
              <Table.Td>
                <Text size="sm" span>
                  {valueText(entry, entry.oldValue, t)} → {valueText(entry, entry.newValue, t)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray" c="var(--mantine-color-text)">
                  {t(`history.sources.${entry.source}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The grade's history (who, when, old → new, source), newest first as the server sends it. */
export const HistoryModal = ({ courseId, target, onClose }: { courseId: string; target: HistoryTarget | null; onClose: () => void }) => {
  const { t } = useTranslation('gradeBook');
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? t('history.title', { item: target.itemName, name: target.studentName }) : ''} size="xl">
      {target && <HistoryTable courseId={courseId} target={target} />}
    </Modal>
  );
};
export type { HistoryTarget };
