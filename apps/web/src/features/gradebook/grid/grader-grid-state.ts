import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CELL, type GradebookGrid } from '@klase/core/gradebook/views';
import { toastError } from '../../../lib/toasts.ts';
import type { CellAction } from './cell-menu.tsx';
import { cellLocked, checkEntry, isEditable, type GridColumn, type GridStudent } from './grid-model.ts';
import type { HistoryTarget } from './history-modal.tsx';
import { cellKey, useGradeEntry } from './use-grade-entry.ts';
import { HEADER_HEIGHT, ROW_HEIGHT, useGridWindow } from './use-grid-window.ts';

/**
 * The grader grid's state: the active cell (roving tab stop), the cell editor, the cell menu and
 * the keyboard and pointer handlers of the ARIA grid pattern. `grader-grid.tsx` renders it.
 */

export interface Pos {
  row: number;
  /** -1: the name column. */
  col: number;
}
export interface Editing extends Pos {
  text: string;
}

type GradeEntry = ReturnType<typeof useGradeEntry>;

const rawText = (value: number | null) => (value === null ? '' : String(value));

const isLocked = (student: GridStudent, column: GridColumn) => column.kind === 'item' && cellLocked(column, student.flags[column.index] ?? 0, Date.now());

/** The grid cell under a pointer event's target. */
const cellAt = (target: EventTarget): Pos | null => {
  const id = (target as HTMLElement).closest<HTMLElement>('[data-cell]')?.dataset.cell;
  if (!id) return null;
  const [row, col] = id.split(':').map(Number);
  return { row: row ?? 0, col: col ?? 0 };
};

/** The open editor; `editRef` holds it as of now (a blur after Enter must not save twice). */
const useEditorState = () => {
  const [editing, setEditingState] = useState<Editing | null>(null);
  const editRef = useRef<Editing | null>(null);
  const setEditing = (next: Editing | null | ((e: Editing | null) => Editing | null)) => {
    editRef.current = typeof next === 'function' ? next(editRef.current) : next;
    setEditingState(editRef.current);
  };
  return { editing, editRef, setEditing };
};

/** The active cell, moving it (into view), and focusing it after a move once no editor is open. */
const useActiveCell = (ref: RefObject<HTMLDivElement | null>, rows: number, cols: number, reveal: (row: number, col: number) => void, editing: boolean) => {
  const [active, setActive] = useState<Pos>({ row: 0, col: 0 });
  const [menuOpen, setMenuOpen] = useState(false);
  const focusWanted = useRef(false);
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
  /** Focus the active cell after the next render (a menu closed). */
  const wantFocus = () => {
    focusWanted.current = true;
  };
  return { pos, goTo, menuOpen, setMenuOpen, wantFocus };
};

interface EditorDeps {
  at: (p: Pos) => { student: GridStudent | undefined; column: GridColumn | undefined };
  entry: GradeEntry;
  manage: boolean;
  editor: ReturnType<typeof useEditorState>;
  closeMenu: () => void;
  goTo: (row: number, col: number) => void;
}

/** Opening, checking, saving and closing the cell editor. */
const useCellEditor = ({ at, entry, manage, editor, closeMenu, goTo }: EditorDeps) => {
  const { t } = useTranslation(['gradeBook', 'errors']);
  const { editRef, setEditing } = editor;

  /** The cell's student and item column when it may be edited now (a locked cell says why), else null. */
  const editable = (p: Pos) => {
    const { student, column } = at(p);
    if (!manage || !student || !column || !isEditable(column)) return null;
    if (!isLocked(student, column)) return { student, column };
    toastError(t('errors:GRADE_LOCKED'));
    return null;
  };

  const startEdit = (p: Pos, text?: string) => {
    const cell = editable(p);
    if (!cell) return;
    const { student, column } = cell;
    const state = entry.cells[cellKey(student.id, column.item.id)];
    closeMenu();
    setEditing({ ...p, text: text ?? state?.text ?? rawText(student.values[column.index] ?? null) });
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

  const onEditBlur = () => {
    const current = editRef.current;
    if (current && !commit(current)) setEditing(null);
  };
  const onEditChange = (text: string) => setEditing((ed) => (ed ? { ...ed, text } : ed));

  return { editable, startEdit, commit, onEditKey, onEditBlur, onEditChange };
};

interface GridKeyDeps {
  pos: Pos;
  rows: number;
  cols: number;
  /** Rows in one page (Page Up / Page Down). */
  page: () => number;
  goTo: (row: number, col: number) => void;
  editor: ReturnType<typeof useCellEditor>;
  openMenu: () => void;
}

/** The grid's keys outside the editor: moves, start editing, clear, open the cell menu. True when the key was the grid's. */
const gridKey = (e: KeyboardEvent<HTMLDivElement>, { pos, rows, cols, page, goTo, editor, openMenu }: GridKeyDeps): boolean => {
  const moves: Record<string, () => void> = {
    ArrowDown: () => goTo(pos.row + 1, pos.col),
    ArrowUp: () => goTo(pos.row - 1, pos.col),
    ArrowRight: () => goTo(pos.row, pos.col + 1),
    ArrowLeft: () => goTo(pos.row, pos.col - 1),
    Home: () => goTo(e.ctrlKey ? 0 : pos.row, -1),
    End: () => goTo(e.ctrlKey ? rows - 1 : pos.row, cols - 1),
    PageDown: () => goTo(pos.row + page(), pos.col),
    PageUp: () => goTo(pos.row - page(), pos.col),
  };
  const move = moves[e.key];
  if (move) move();
  else if (e.key === 'Enter' || e.key === 'F2') editor.startEdit(pos);
  else if (/^[0-9.,-]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) editor.startEdit(pos, e.key);
  else if (e.key === 'Delete' || e.key === 'Backspace') {
    if (editor.editable(pos)) editor.commit({ ...pos, text: '' });
  } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) openMenu();
  else return false;
  return true;
};

interface GraderGridState {
  courseId: string;
  grid: GradebookGrid;
  columns: GridColumn[];
  students: GridStudent[];
  nameWidth: number;
}

export const useGraderGrid = ({ courseId, grid, columns, students, nameWidth }: GraderGridState) => {
  const ref = useRef<HTMLDivElement>(null);
  const rows = students.length;
  const cols = columns.length;
  const { window: win, reveal } = useGridWindow(ref, rows, cols, nameWidth);
  const entry = useGradeEntry(courseId);
  const manage = grid.can.manage;
  const editorState = useEditorState();
  const { editing } = editorState;
  const { pos, goTo, menuOpen, setMenuOpen, wantFocus } = useActiveCell(ref, rows, cols, reveal, editing !== null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);

  const at = (p: Pos) => ({ student: students[p.row], column: p.col >= 0 ? columns[p.col] : undefined });
  const editor = useCellEditor({ at, entry, manage, editor: editorState, closeMenu: () => setMenuOpen(false), goTo });

  const runAction = (action: CellAction) => {
    setMenuOpen(false);
    wantFocus();
    const { student, column } = at(pos);
    if (!student || column?.kind !== 'item') return;
    const send = (body: Parameters<typeof entry.save>[2]) => void entry.save(student.id, column.item.id, body, null);
    if (action === 'override') editor.startEdit(pos);
    else if (action === 'removeOverride') send({ value: null });
    else if (action === 'excuse' || action === 'unexcuse') send({ excused: action === 'excuse' });
    else if (action === 'hide' || action === 'unhide') send({ hidden: action === 'hide' });
    else if (action === 'lock' || action === 'unlock') send({ locked: action === 'lock' });
    else setHistory({ itemId: column.item.id, itemName: column.item.name, studentId: student.id, studentName: student.name });
  };

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || rows === 0 || (e.target as HTMLElement).closest('[role="columnheader"]')) return;
    const page = () => Math.max(1, Math.floor(((ref.current?.clientHeight || 560) - HEADER_HEIGHT) / ROW_HEIGHT));
    const openMenu = () => {
      if (at(pos).column?.kind === 'item') setMenuOpen(true);
    };
    if (gridKey(e, { pos, rows, cols, page, goTo, editor, openMenu })) e.preventDefault();
  };

  const pointer = {
    onClick: (e: MouseEvent) => {
      const p = cellAt(e.target);
      if (p && (p.row !== pos.row || p.col !== pos.col) && !editing) goTo(p.row, p.col);
    },
    onDoubleClick: (e: MouseEvent) => {
      const p = cellAt(e.target);
      if (p) editor.startEdit(p);
    },
    onContextMenu: (e: MouseEvent) => {
      const p = cellAt(e.target);
      if (!p || p.col < 0 || columns[p.col]?.kind !== 'item') return;
      e.preventDefault();
      goTo(p.row, p.col);
      setMenuOpen(true);
    },
  };

  const handlers = {
    onEditChange: editor.onEditChange,
    onEditKey: editor.onEditKey,
    onEditBlur: editor.onEditBlur,
    onMenu: (opened: boolean) => {
      setMenuOpen(opened);
      if (!opened) wantFocus();
    },
    onAction: runAction,
  };

  return { ref, win, entry, pos, editing, menuOpen, history, closeHistory: () => setHistory(null), onGridKey, pointer, handlers };
};
