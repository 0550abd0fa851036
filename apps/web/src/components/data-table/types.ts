import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

export interface FilterOption {
  value: string;
  label: string;
}

/** A column of DataTable or ClientTable. */
export interface TableColumn<Row> {
  /** Field of the row shown by default, and the `sortBy` value sent when sorting by this column. */
  key: string;
  /** Already translated header text. */
  header: string;
  sortable?: boolean;
  /** Custom cell content (for 'actions' columns it is shown before the edit and delete buttons). */
  render?: (row: Row) => ReactNode;
  /** 'status' shows the value as a StatusBadge chip; 'actions' shows the row's edit and delete buttons. */
  kind?: 'text' | 'status' | 'actions';
  /** Adds a filter control; the table sends `filter[key]` and `filter[values][]`. */
  filter?: { key: string; options: FilterOption[] };
}

export interface TableRowBase {
  id: string | number;
}

/**
 * What a row can do: open its details, edit, delete. A row with details has a link (its details
 * page, `detailsHref`) or a button (`detailsRoute`, e.g. a dialog) in its name cell, the first
 * column that is not the actions; a mouse click anywhere on the row opens them too.
 */
export interface RowHandlers<Row> {
  /** The row's details page (null: this row has none). Preferred: a real link keyboard users can open in a new tab. */
  detailsHref?: (row: Row) => string | null;
  /** Opens the row's details another way (e.g. a dialog), from its name cell's button or a row click. */
  detailsRoute?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  /** Name of the row for screen readers (default: its id). */
  rowLabel?: (row: Row) => string;
}

export interface SortState {
  sortBy?: string;
  sortOrder: SortOrder;
}

/** Reads `row[key]` without knowing the row's shape. */
export const fieldOf = (row: unknown, key: string): unknown => (row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined);

/** Below 600 px wide, tables render their rows as stacked cards. */
export const NARROW_QUERY = '(max-width: 599.98px)';
