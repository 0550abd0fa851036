import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ChartTable {
  headers: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

interface ChartFrameProps {
  title: string;
  /** What the chart shows, read with its name (the numbers are in the table). */
  summary: string;
  table: ChartTable;
  /** Narrower screens scroll the chart sideways instead of squeezing it. */
  minWidth?: number;
  children: ReactNode;
}

/**
 * A chart with its name and a "Show as table" toggle: the table has the same numbers, for screen
 * readers, keyboards and anybody who prefers figures. Without data it says so instead.
 */
export const ChartFrame = ({ title, summary, table, minWidth = 0, children }: ChartFrameProps) => {
  const { t } = useTranslation('reports');
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const empty = table.rows.length === 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="report-chart">
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {empty ? (
          <Text>{t('charts.empty')}</Text>
        ) : (
          <>
            <ScrollArea type="auto" offsetScrollbars scrollbars="x">
              <Box miw={minWidth} role="img" aria-label={`${title}. ${summary}`}>
                {children}
              </Box>
            </ScrollArea>
            <Button
              variant="default"
              size="xs"
              w="fit-content"
              leftSection={<IconTable size={16} aria-hidden="true" />}
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((v) => !v)}
            >
              {showTable ? t('charts.hideTable') : t('charts.showTable')}
            </Button>
            <Box id={tableId} hidden={!showTable}>
              {showTable && (
                <Table.ScrollContainer minWidth={Math.min(minWidth, 480)}>
                  <Table striped withTableBorder>
                    <Table.Caption>{title}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        {table.headers.map((h) => (
                          <Table.Th key={h} scope="col">
                            {h}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {table.rows.map((r) => (
                        <Table.Tr key={r.key}>
                          {r.cells.map((c, i) =>
                            i === 0 ? (
                              <Table.Th key={i} scope="row" fw="normal">
                                {c}
                              </Table.Th>
                            ) : (
                              <Table.Td key={i}>{c}</Table.Td>
                            ),
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  );
};
