import { Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '@klase/core/admin/audit';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { formatDate } from '../../components/date-text.tsx';

/** A before/after value as text: JSON for lists and objects, '- -' when absent. */
export const auditValueText = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/** The changed fields of an entry, each with its value before and after. */
export const auditChanges = (row: Pick<AuditRow, 'before' | 'after'>): { field: string; before: string | null; after: string | null }[] => {
  const fields = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  return fields.map((field) => ({ field, before: auditValueText(row.before?.[field]), after: auditValueText(row.after?.[field]) }));
};

const Value = ({ text }: { text: string | null }) => (text === null ? <EmptyLabel /> : <>{text}</>);

/** Who, when, what, and the values before and after the change. */
export const AuditDetailsDialog = ({ row, onClose }: { row: AuditRow | null; onClose: () => void }) => {
  const { t } = useTranslation(['admin', 'common']);
  const changes = row ? auditChanges(row) : [];
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? t(`audit.actions.${row.action}`, { defaultValue: row.action }) : ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {row && (
        <Stack gap="sm">
          <Text size="sm">{t('audit.who', { name: row.actorName ?? t('audit.system') })}</Text>
          <Text size="sm">{t('audit.when', { date: formatDate(row.createdAt, 'long') ?? row.createdAt })}</Text>
          <Text size="sm">
            {t('audit.what', { target: `${t(`audit.targets.${row.targetType}`, { defaultValue: row.targetType })} ${row.targetLabel ?? ''}`.trim() })}
          </Text>
          {changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('audit.noChanges')}
            </Text>
          ) : (
            <Table layout="fixed" verticalSpacing="xs" data-testid="audit-changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('audit.field')}</Table.Th>
                  <Table.Th scope="col">{t('audit.before')}</Table.Th>
                  <Table.Th scope="col">{t('audit.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((c) => (
                  <Table.Tr key={c.field}>
                    <Table.Td>{c.field}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Value text={c.before} />
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Value text={c.after} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
};
