import { memo, type CSSProperties, type KeyboardEvent } from 'react';
import { Loader, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CELL } from '@klase/core/gradebook/views';
import { CellMarks } from './cell-marks.tsx';
import { CellMenu, type CellAction } from './cell-menu.tsx';
import type { CellState } from './use-grade-entry.ts';
import { COLUMN_WIDTH, ROW_HEIGHT } from './use-grid-window.ts';

/** One grid cell: the grade (or the typed value while saving / after a failed save), its marks, the editor and the menu. */

export interface CellView {
  /** `row:column` (the grid's coordinates; focus finds the cell by it). */
  id: string;
  colIndex: number;
  text: string;
  flags: number;
  /** A total column (bold, read-only). */
  total: boolean;
  /** A DepEd grade's explanation ("Initial grade 84.86 → 90, Outstanding"): the tooltip, and what a screen reader reads for the cell. */
  hint?: string;
  /** The item or total column's name and the student's name, for the editor's and menu's labels. */
  label: string;
  active: boolean;
  tabbable: boolean;
  state: CellState | undefined;
  /** The editor's text while editing. */
  editing: string | null;
  menu: { actions: CellAction[]; opened: boolean } | null;
  /** The error box opens above the cell (last rows). */
  errorAbove: boolean;
}

interface CellHandlers {
  onEditChange: (text: string) => void;
  onEditKey: (e: KeyboardEvent<HTMLInputElement>) => void;
  onEditBlur: () => void;
  onMenu: (opened: boolean) => void;
  onAction: (action: CellAction) => void;
}

const base: CSSProperties = {
  position: 'relative',
  flex: `0 0 ${COLUMN_WIDTH}px`,
  width: COLUMN_WIDTH,
  height: ROW_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: 4,
  padding: '0 8px',
  borderRight: '1px solid var(--mantine-color-default-border)',
  borderBottom: '1px solid var(--mantine-color-default-border)',
  fontVariantNumeric: 'tabular-nums',
  fontSize: 'var(--mantine-font-size-sm)',
  whiteSpace: 'nowrap',
};

/** The failed save's message, in a box below the active cell (above it on the last rows). */
const CellError = ({ id, above, message }: { id: string; above: boolean; message: string }) => (
  <div
    id={id}
    role="alert"
    style={{
      position: 'absolute',
      zIndex: 5,
      right: 0,
      [above ? 'bottom' : 'top']: ROW_HEIGHT,
      minWidth: COLUMN_WIDTH,
      maxWidth: 260,
      whiteSpace: 'normal',
      padding: '4px 8px',
      borderRadius: 4,
      background: 'var(--mantine-color-red-9)',
      color: 'var(--mantine-color-white)',
      fontWeight: 400,
      fontStyle: 'normal',
    }}
  >
    {message}
  </div>
);

export const GridCell = memo(({ cell, handlers }: { cell: CellView; handlers: CellHandlers }) => {
  const { t } = useTranslation('gradeBook');
  const error = cell.state?.status === 'error' ? cell.state.message : undefined;
  const notReturned = (cell.flags & CELL.notReturned) !== 0;
  const shown = cell.state && cell.state.text !== null ? cell.state.text || '-' : cell.text;
  const style: CSSProperties = {
    ...base,
    fontWeight: cell.total ? 700 : undefined,
    background: cell.total ? 'var(--mantine-color-default-hover)' : undefined,
    // The theme's dimmed text: gray.7 on white, dark.1 on the dark page (gray.7 there is 1.9:1).
    color: notReturned ? 'var(--mantine-color-dimmed)' : undefined,
    fontStyle: notReturned ? 'italic' : undefined,
    boxShadow: error ? 'inset 0 0 0 2px var(--mantine-color-red-9)' : cell.active ? 'inset 0 0 0 2px var(--mantine-color-blue-7)' : undefined,
  };
  const errorId = `cell-error-${cell.id.replace(':', '-')}`;
  return (
    <div
      role="gridcell"
      aria-colindex={cell.colIndex}
      aria-selected={cell.active}
      aria-readonly={cell.total || undefined}
      aria-invalid={error ? true : undefined}
      aria-busy={cell.state?.status === 'saving' || undefined}
      aria-describedby={error && cell.active ? errorId : undefined}
      tabIndex={cell.tabbable ? 0 : -1}
      data-cell={cell.id}
      className="klase-focus-inset"
      style={style}
    >
      {cell.editing !== null ? (
        <input
          aria-label={t('grid.editLabel', { cell: cell.label })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={cell.editing}
          onChange={(e) => handlers.onEditChange(e.currentTarget.value)}
          onKeyDown={handlers.onEditKey}
          onBlur={handlers.onEditBlur}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          autoFocus
          style={{ width: '100%', height: ROW_HEIGHT - 10, textAlign: 'right', font: 'inherit', padding: '0 4px' }}
        />
      ) : (
        <>
          <CellMarks flags={cell.flags} />
          {cell.hint ? (
            <Tooltip label={cell.hint} withinPortal openDelay={300}>
              <span>
                <span aria-hidden="true">{shown}</span>
                <VisuallyHidden>{cell.hint}</VisuallyHidden>
              </span>
            </Tooltip>
          ) : notReturned ? (
            <Tooltip label={t('marks.notReturned')} withinPortal openDelay={300}>
              <span>{shown}</span>
            </Tooltip>
          ) : (
            <span>{shown}</span>
          )}
        </>
      )}
      {cell.state?.status === 'saving' && <Loader size={12} role="progressbar" aria-label={t('grid.saving')} />}
      {error && <IconAlertCircle size={14} aria-hidden="true" color="var(--mantine-color-red-9)" style={{ flex: '0 0 auto' }} />}
      {error && cell.active && <CellError id={errorId} above={cell.errorAbove} message={error} />}
      {cell.menu && cell.active && cell.editing === null && (
        <CellMenu label={cell.label} actions={cell.menu.actions} opened={cell.menu.opened} onChange={handlers.onMenu} onAction={handlers.onAction} />
      )}
    </div>
  );
});
GridCell.displayName = 'GridCell';
