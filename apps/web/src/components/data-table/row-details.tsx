import type { MouseEvent, ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { RowHandlers, TableColumn } from './types.ts';

/** The column whose cell names the row and holds its details link: the first one that is not the actions. */
export const nameColumnKey = <Row,>(columns: TableColumn<Row>[]) => columns.find((c) => c.kind !== 'actions')?.key;

/**
 * What a mouse click on the row does: the same as its name cell's link or button (so a row goes
 * where its link goes). Undefined when rows have no details. Clicks on the row's own links and
 * buttons are theirs alone.
 */
export const rowOpener = <Row,>(handlers: RowHandlers<Row>): ((e: MouseEvent<HTMLElement>) => void) | undefined => {
  if (!handlers.detailsHref && !handlers.detailsRoute) return undefined;
  return (e) => {
    if (e.target instanceof Element && e.target.closest('a, button, input, select, textarea, [role="button"]')) return;
    e.currentTarget.querySelector<HTMLElement>('[data-row-details]')?.click();
  };
};

/** The name cell's content as the way to the row's details: a link to its page, or a button. */
export const DetailsLink = <Row,>({ row, handlers, children }: { row: Row; handlers: RowHandlers<Row>; children: ReactNode }) => {
  const href = handlers.detailsHref?.(row);
  if (href)
    return (
      <Anchor component={Link} to={href} fw={600} fz="inherit" data-row-details>
        {children}
      </Anchor>
    );
  const open = handlers.detailsRoute;
  if (!open) return <>{children}</>;
  return (
    <Anchor component="button" type="button" fw={600} fz="inherit" ta="start" onClick={() => open(row)} data-row-details>
      {children}
    </Anchor>
  );
};
