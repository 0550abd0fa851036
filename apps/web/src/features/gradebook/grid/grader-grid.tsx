import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CELL, type GradebookGrid } from '@klase/core/gradebook/views';
import { NARROW_QUERY } from '../../../components/data-table/types.ts';
import { toastError } from '../../../lib/toasts.ts';
import { cellActions, type CellAction } from './cell-menu.tsx';
import { GridCell, type CellView } from './grid-cell.tsx';
import { GridHeader, stickyName, useColumnName } from './grid-header.tsx';
import { cellLocked, checkEntry, columnGroups, formatItemValue, formatTotal, isEditable, type GridColumn, type GridSort, type GridStudent } from './grid-model.ts';
import { HistoryModal, type HistoryTarget } from './history-modal.tsx';
import { cellKey, useGradeEntry } from './use-grade-entry.ts';
import { COLUMN_WIDTH, HEADER_HEIGHT, NAME_WIDTH, ROW_HEIGHT, useGridWindow } from './use-grid-window.ts';

/**
 * The grader grid (ARIA grid pattern): students by columns, windowed, one tab stop (roving
 * tabindex). Arrows / Home / End / Page keys move; Enter, F2 or a digit edits; Enter saves and
 * moves down, Tab saves and moves right, Escape cancels; Delete clears; Shift+F10 (or the menu
 * key, a right click, the "⋯" button) opens the cell's menu.
 */

interface Pos {
  row: number;
  /** -1: the name column. */
  col: number;
}
interface Editing extends Pos {
  text: string;
}

interface GraderGridProps {
  courseId: string;
  grid: GradebookGrid;
  columns: GridColumn[];
  students: GridStudent[];
  sort: GridSort;
  onSort: (key: string) => void;
}

const NARROW_NAME_WIDTH = 132;
const rawText = (value: number | null) => (value === null ? '' : String(value));

export const GraderGrid = ({ courseId, grid, columns, students, sort, onSort }: GraderGridProps) => {
  const { t } = useTranslation(['gradeBook', 'errors']);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const nameWidth = narrow ? NARROW_NAME_WIDTH : NAME_WIDTH;
  const ref = useRef<HTMLDivElement>(null);
  const { window: win, reveal } = useGridWindow(ref, students.length, columns.length, nameWidth);
  const groups = useMemo(() => columnGroups(columns), [columns]);
  const columnName = useColumnName();
  const entry = useGradeEntry(courseId);
  const manage = grid.can.manage;
  const [active, setActive] = useState<Pos>({ row: 0, col: 0 });
  const [editing, setEditingState] = useState<Editing | null>(null);
  /** The editor as of now (a blur after Enter must not save twice). */
  const editRef = useRef<Editing | null>(null);
  const setEditing = (next: Editing | null | ((e: Editing | null) => Editing | null)) => {
    editRef.current = typeof next === 'function' ? next(editRef.current) : next;
    setEditingState(editRef.current);
  };
  const [menuOpen, setMenuOpen] = useState(false);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const focusWanted = useRef(false);

  const rows = students.length;
  const cols = columns.length;
  const pos = { row: Math.min(active.row, Math.max(0, rows - 1)), col: Math.min(active.col, cols - 1) };

  useEffect(() => {
    if (!focusWanted.current || editing) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-cell="${pos.row}:${pos.col}"]`);
    if (el) {
      focusWanted.current = false;
      el.focus({ preventScroll: true });
    }
  });

  const goTo = useCallback(
    (row: number, col: number) => {
      const next = { row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(-1, Math.min(cols - 1, col)) };
      focusWanted.current = true;
      setMenuOpen(false);
      setActive(next);
      reveal(next.row, next.col);
    },
    [rows, cols, reveal],
  );

  const at = (p: Pos) => {
    const student = students[p.row];
    const column = p.col >= 0 ? columns[p.col] : undefined;
    return { student, column };
  };

  const locked = (student: GridStudent, column: GridColumn) => column.kind === 'item' && cellLocked(column, student.flags[column.index] ?? 0, Date.now());

  const startEdit = (p: Pos, text?: string) => {
    const { student, column } = at(p);
    if (!manage || !student || !column || !isEditable(column)) return;
    if (locked(student, column)) {
      toastError(t('errors:GRADE_LOCKED'));
      return;
    }
    const state = entry.cells[cellKey(student.id, column.item.id)];
    setMenuOpen(false);
    setEditing({ ...p, text: text ?? (state?.text ?? rawText(student.values[column.index] ?? null)) });
  };

  /** Checks and saves the editor's text; false when the client check failed (the editor stays). */
  const commit = (edit: Editing): boolean => {
    const { student, column } = at(edit);
    if (!student || !column || !isEditable(column)) return true;
    const check = checkEntry(edit.text, column.item, column.scale);
    if (!check.ok) {
      entry.reject(student.id, column.item.id, edit.text, check.issue);
      return false;
    }
    editRef.current = null;
    setEditing(null);
    const current = student.values[column.index] ?? null;
    const overridden = ((student.flags[column.index] ?? 0) & CELL.overridden) !== 0;
    // Nothing changed, or "clear" on a material's grade that has no override to remove.
    if (check.value === current || (check.value === null && column.item.materialId !== null && !overridden)) {
      entry.clear(student.id, column.item.id);
      return true;
    }
    if (entry.cells[cellKey(student.id, column.item.id)]?.status !== 'saving') void entry.save(student.id, column.item.id, { value: check.value }, edit.text);
    return true;
  };

  const onEditKey = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    const editing = editRef.current;
    if (!editing) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      const { student, column } = at(editing);
      if (student && column?.kind === 'item' && entry.cells[cellKey(student.id, column.item.id)]?.status === 'error') entry.clear(student.id, column.item.id);
      setEditing(null);
      goTo(editing.row, editing.col);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      if (!commit(editing)) return;
      if (e.key === 'Enter') goTo(editing.row + (e.shiftKey ? -1 : 1), editing.col);
      else goTo(editing.row, editing.col + (e.shiftKey ? -1 : 1));
    }
  };

  const runAction = (action: CellAction) => {
    setMenuOpen(false);
    focusWanted.current = true;
    const { student, column } = at(pos);
    if (!student || column?.kind !== 'item') return;
    const send = (body: Parameters<typeof entry.save>[2]) => void entry.save(student.id, column.item.id, body, null);
    if (action === 'override') startEdit(pos);
    else if (action === 'removeOverride') send({ value: null });
    else if (action === 'excuse' || action === 'unexcuse') send({ excused: action === 'excuse' });
    else if (action === 'hide' || action === 'unhide') send({ hidden: action === 'hide' });
    else if (action === 'lock' || action === 'unlock') send({ locked: action === 'lock' });
    else setHistory({ itemId: column.item.id, itemName: column.item.name, studentId: student.id, studentName: student.name });
  };

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || rows === 0 || (e.target as HTMLElement).closest('[role="columnheader"]')) return;
    const page = Math.max(1, Math.floor(((ref.current?.clientHeight || 560) - HEADER_HEIGHT) / ROW_HEIGHT));
    const moves: Record<string, () => void> = {
      ArrowDown: () => goTo(pos.row + 1, pos.col),
      ArrowUp: () => goTo(pos.row - 1, pos.col),
      ArrowRight: () => goTo(pos.row, pos.col + 1),
      ArrowLeft: () => goTo(pos.row, pos.col - 1),
      Home: () => goTo(e.ctrlKey ? 0 : pos.row, -1),
      End: () => goTo(e.ctrlKey ? rows - 1 : pos.row, cols - 1),
      PageDown: () => goTo(pos.row + page, pos.col),
      PageUp: () => goTo(pos.row - page, pos.col),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
    } else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      startEdit(pos);
    } else if (/^[0-9.,-]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      startEdit(pos, e.key);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      const { student, column } = at(pos);
      if (!manage || !student || !column || !isEditable(column)) return;
      if (locked(student, column)) toastError(t('errors:GRADE_LOCKED'));
      else commit({ ...pos, text: '' });
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      if (at(pos).column?.kind === 'item') setMenuOpen(true);
    }
  };

  const cellAt = (target: EventTarget): Pos | null => {
    const id = (target as HTMLElement).closest<HTMLElement>('[data-cell]')?.dataset.cell;
    if (!id) return null;
    const [row, col] = id.split(':').map(Number);
    return { row: row ?? 0, col: col ?? 0 };
  };
  const onClick = (e: MouseEvent) => {
    const p = cellAt(e.target);
    if (p && (p.row !== pos.row || p.col !== pos.col) && !editing) goTo(p.row, p.col);
  };
  const onContextMenu = (e: MouseEvent) => {
    const p = cellAt(e.target);
    if (!p || p.col < 0 || columns[p.col]?.kind !== 'item') return;
    e.preventDefault();
    goTo(p.row, p.col);
    setMenuOpen(true);
  };

  const handlers = {
    onEditChange: (text: string) => setEditing((ed) => (ed ? { ...ed, text } : ed)),
    onEditKey,
    onEditBlur: () => {
      const current = editRef.current;
      if (current && !commit(current)) setEditing(null);
    },
    onMenu: (opened: boolean) => {
      setMenuOpen(opened);
      if (!opened) focusWanted.current = true;
    },
    onAction: runAction,
  };

  const activeVisible = pos.row >= win.firstRow && pos.row <= win.lastRow && (pos.col < 0 || (pos.col >= win.firstColumn && pos.col <= win.lastColumn));
  const tabStop = activeVisible ? pos : { row: win.firstRow, col: -1 };
  const width = nameWidth + cols * COLUMN_WIDTH;

  const view = (student: GridStudent, row: number, col: number): CellView => {
    const column = columns[col]!;
    const isActive = row === pos.row && col === pos.col;
    const label = `${student.name}, ${columnName(column)}`;
    const common = { id: `${row}:${col}`, colIndex: col + 2, label, active: isActive, tabbable: row === tabStop.row && col === tabStop.col, errorAbove: row > 1 && row >= rows - 2 };
    if (column.kind === 'total') return { ...common, text: formatTotal(student.totals[column.key], column, grid.settings), flags: 0, total: true, state: undefined, editing: null, menu: null };
    const flags = student.flags[column.index] ?? 0;
    return {
      ...common,
      text: formatItemValue(student.values[column.index] ?? null, column, grid.settings),
      flags,
      total: false,
      state: entry.cells[cellKey(student.id, column.item.id)],
      editing: editing && editing.row === row && editing.col === col ? editing.text : null,
      menu: isActive ? { actions: cellActions(column.item, flags, manage), opened: menuOpen } : null,
    };
  };

  return (
    <>
      <div
        ref={ref}
        role="grid"
        aria-label={t('grid.label')}
        aria-rowcount={rows + 2}
        aria-colcount={cols + 1}
        onKeyDown={onGridKey}
        onClick={onClick}
        onDoubleClick={(e) => {
          const p = cellAt(e.target);
          if (p) startEdit(p);
        }}
        onContextMenu={onContextMenu}
        data-testid="grader-grid"
        style={{ position: 'relative', overflow: 'auto', width: '100%', height: `min(70vh, ${HEADER_HEIGHT + rows * ROW_HEIGHT + 18}px)`, minHeight: HEADER_HEIGHT + ROW_HEIGHT * 3, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      >
        <GridHeader columns={columns} groups={groups} win={win} nameWidth={nameWidth} width={width} sort={sort} onSort={onSort} />
        <div role="rowgroup" style={{ width, height: rows * ROW_HEIGHT }}>
          <div aria-hidden="true" style={{ height: win.firstRow * ROW_HEIGHT }} />
          {students.slice(win.firstRow, win.lastRow + 1).map((student, i) => {
            const row = win.firstRow + i;
            return (
              <div key={student.id} role="row" aria-rowindex={row + 3} style={{ display: 'flex', height: ROW_HEIGHT }}>
                <div
                  role="rowheader"
                  aria-colindex={1}
                  tabIndex={row === tabStop.row && tabStop.col === -1 ? 0 : -1}
                  data-cell={`${row}:-1`}
                  title={student.name}
                  className="klase-focus-inset"
                  style={{ ...stickyName(nameWidth), display: 'flex', alignItems: 'center', padding: '0 8px', fontSize: 'var(--mantine-font-size-sm)', boxShadow: row === pos.row && pos.col === -1 ? 'inset 0 0 0 2px var(--mantine-color-blue-7)' : undefined }}
                >
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{student.name}</span>
                </div>
                <div aria-hidden="true" style={{ flex: `0 0 ${win.firstColumn * COLUMN_WIDTH}px` }} />
                {columns.slice(win.firstColumn, win.lastColumn + 1).map((_, j) => (
                  <GridCell key={columns[win.firstColumn + j]!.key} cell={view(student, row, win.firstColumn + j)} handlers={handlers} />
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <HistoryModal courseId={courseId} target={history} onClose={() => setHistory(null)} />
    </>
  );
};
