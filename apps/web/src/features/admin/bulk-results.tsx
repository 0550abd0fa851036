import { useState } from 'react';
import { Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkRowIssue } from '@klase/core/admin/bulk';

const PAGE = 50;

/** The translated text of a rejected row's key (a validation key or an error code), or the server's text. */
export const useIssueText = () => {
  const { t, i18n } = useTranslation(['validation', 'errors']);
  return (issue: BulkRowIssue): string => {
    if (i18n.exists(`validation:${issue.key}`)) return t(`validation:${issue.key}`, issue.params ?? {});
    if (i18n.exists(`errors:${issue.key}`)) return t(`errors:${issue.key}`, issue.params ?? {});
    return issue.message;
  };
};

/** Every rejected row of a bulk upload: row number, column and message, 50 per page. */
export const BulkResults = ({ rejected }: { rejected: BulkRowIssue[] }) => {
  const { t } = useTranslation(['admin', 'components']);
  const text = useIssueText();
  const controls: Record<string, string> = {
    first: t('components:table.firstPage'),
    previous: t('components:table.previousPage'),
    next: t('components:table.nextPage'),
    last: t('components:table.lastPage'),
  };
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rejected.length / PAGE));
  const shown = rejected.slice((page - 1) * PAGE, page * PAGE);
  const fieldName = (field: string) => (field === 'row' ? t('bulk.wholeRow') : field);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('bulk.rejectedTitle')}
      </Title>
      {rejected.length === 0 ? (
        <Text>{t('bulk.noRejected')}</Text>
      ) : (
        <>
          <Table layout="fixed" verticalSpacing="xs" data-testid="bulk-rejected">
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('bulk.rejectedTitle')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={72}>
                  {t('bulk.row')}
                </Table.Th>
                <Table.Th scope="col">{t('bulk.field')}</Table.Th>
                <Table.Th scope="col">{t('bulk.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r, i) => (
                <Table.Tr key={`${r.row}-${r.field}-${i}`}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{fieldName(r.field)}</Table.Td>
                  <Table.Td>{text(r)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': controls[control] })}
              getItemProps={(p) => ({ 'aria-label': t('components:table.goToPage', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
            />
          )}
        </>
      )}
    </Stack>
  );
};
