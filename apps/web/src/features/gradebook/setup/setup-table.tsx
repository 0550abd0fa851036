import type { ReactNode } from 'react';
import { ActionIcon, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber } from '@klase/core/gradebook/display';

/** "12.50", or "-" for nothing. */
export const num = (n: number | null | undefined, decimals = 2) => (n === null || n === undefined ? '-' : formatNumber(n, decimals));

/**
 * A setup table with a hidden caption and column headers; on a phone it scrolls sideways inside
 * its own box (the page itself keeps its width).
 */
export const SetupTable = ({ caption, columns, minWidth = 640, children }: { caption: string; columns: string[]; minWidth?: number; children: ReactNode }) => (
  <Table.ScrollContainer minWidth={minWidth}>
    <Table verticalSpacing="xs" highlightOnHover>
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c} scope="col">
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** A pencil link to a record's edit page. */
export const EditLink = ({ to, label }: { to: string; label: string }) => (
  <Tooltip label={label}>
    <ActionIcon component={Link} to={to} variant="subtle" aria-label={label}>
      <IconPencil size={18} aria-hidden="true" />
    </ActionIcon>
  </Tooltip>
);
