import { useMemo } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { GradebookGrid } from '@klase/core/gradebook/views';
import { formatNumber } from '@klase/core/gradebook/display';
import { NARROW_QUERY } from '../../../components/data-table/types.ts';
import { cellActions } from './cell-menu.tsx';
import { GridCell, type CellView } from './grid-cell.tsx';
import { GridHeader, stickyName, useColumnName } from './grid-header.tsx';
import { columnGroups, depedCell, formatItemValue, formatTotal, type GridColumn, type GridSort, type GridStudent } from './grid-model.ts';
import { HistoryModal } from './history-modal.tsx';
import { useGraderGrid, type Pos } from './grader-grid-state.ts';
import { cellKey } from './use-grade-entry.ts';
import { COLUMN_WIDTH, HEADER_HEIGHT, NAME_WIDTH, ROW_HEIGHT, type GridWindow } from './use-grid-window.ts';

/**
 * The grader grid (ARIA grid pattern): students by columns, windowed, one tab stop (roving
 * tabindex). Arrows / Home / End / Page keys move; Enter, F2 or a digit edits; Enter saves and
 * moves down, Tab saves and moves right, Escape cancels; Delete clears; Shift+F10 (or the menu
 * key, a right click, the "⋯" button) opens the cell's menu.
 */

interface GraderGridProps {
  courseId: string;
  grid: GradebookGrid;
  columns: GridColumn[];
  students: GridStudent[];
  sort: GridSort;
  onSort: (key: string) => void;
}

const NARROW_NAME_WIDTH = 132;

type GridState = ReturnType<typeof useGraderGrid>;

interface RowProps {
  student: GridStudent;
  row: number;
  win: GridWindow;
  columns: GridColumn[];
  nameWidth: number;
  pos: Pos;
  tabStop: Pos;
  cellView: (student: GridStudent, row: number, col: number) => CellView;
  handlers: GridState['handlers'];
}

/** One student's row: the sticky name (row header), then the cells of the visible columns. */
const GridRow = ({ student, row, win, columns, nameWidth, pos, tabStop, cellView, handlers }: RowProps) => (
  <div role="row" aria-rowindex={row + 3} style={{ display: 'flex', height: ROW_HEIGHT }}>
    <div
      role="rowheader"
      aria-colindex={1}
      tabIndex={row === tabStop.row && tabStop.col === -1 ? 0 : -1}
      data-cell={`${row}:-1`}
      title={student.name}
      className="klase-focus-inset"
      style={{
        ...stickyName(nameWidth),
        display: 'flex',
        alignItems: 'center',
        padding: '0 8px',
        fontSize: 'var(--mantine-font-size-sm)',
        boxShadow: row === pos.row && pos.col === -1 ? 'inset 0 0 0 2px var(--mantine-color-blue-7)' : undefined,
      }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{student.name}</span>
    </div>
    <div aria-hidden="true" style={{ flex: `0 0 ${win.firstColumn * COLUMN_WIDTH}px` }} />
    {columns.slice(win.firstColumn, win.lastColumn + 1).map((_, j) => (
      <GridCell key={columns[win.firstColumn + j]!.key} cell={cellView(student, row, win.firstColumn + j)} handlers={handlers} />
    ))}
  </div>
);

/** A DepEd quarterly or final grade's cell: the whole number, and the initial grade and descriptor as its hint. */
const useDepedView = () => {
  const { t } = useTranslation('gradeBook');
  return (student: GridStudent, column: Extract<GridColumn, { kind: 'total' }>): Pick<CellView, 'text' | 'hint'> => {
    const { text, grade, initial, descriptor } = depedCell(student, column);
    if (grade === null || descriptor === null) return { text };
    const words = t(`grid.deped.descriptors.${descriptor}`);
    const hint =
      column.total === 'depedFinal'
        ? t('grid.deped.finalHint', { grade, descriptor: words })
        : t('grid.deped.quarterHint', { initial: initial === null ? '-' : formatNumber(initial, 2), grade, descriptor: words });
    return { text, hint };
  };
};

/** What one cell shows: its text and marks, its save state, the open editor and the active cell's menu. */
const useCellView = ({ grid, columns, students }: Pick<GraderGridProps, 'grid' | 'columns' | 'students'>, state: GridState, tabStop: Pos) => {
  const columnName = useColumnName();
  const depedView = useDepedView();
  const { pos, entry, editing, menuOpen } = state;
  const rows = students.length;
  return (student: GridStudent, row: number, col: number): CellView => {
    const column = columns[col]!;
    const isActive = row === pos.row && col === pos.col;
    const label = `${student.name}, ${columnName(column)}`;
    const common = {
      id: `${row}:${col}`,
      colIndex: col + 2,
      label,
      active: isActive,
      tabbable: row === tabStop.row && col === tabStop.col,
      errorAbove: row > 1 && row >= rows - 2,
    };
    if (column.kind === 'total' && (column.total === 'quarter' || column.total === 'depedFinal'))
      return { ...common, ...depedView(student, column), flags: 0, total: true, state: undefined, editing: null, menu: null };
    if (column.kind === 'total')
      return {
        ...common,
        text: formatTotal(student.totals[column.key], column, grid.settings),
        flags: 0,
        total: true,
        state: undefined,
        editing: null,
        menu: null,
      };
    const flags = student.flags[column.index] ?? 0;
    return {
      ...common,
      text: formatItemValue(student.values[column.index] ?? null, column, grid.settings),
      flags,
      total: false,
      state: entry.cells[cellKey(student.id, column.item.id)],
      editing: editing && editing.row === row && editing.col === col ? editing.text : null,
      menu: isActive ? { actions: cellActions(column.item, flags, grid.can.manage), opened: menuOpen } : null,
    };
  };
};

export const GraderGrid = ({ courseId, grid, columns, students, sort, onSort }: GraderGridProps) => {
  const { t } = useTranslation(['gradeBook', 'errors']);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const nameWidth = narrow ? NARROW_NAME_WIDTH : NAME_WIDTH;
  const state = useGraderGrid({ courseId, grid, columns, students, nameWidth });
  const { ref, win, pos } = state;
  const groups = useMemo(() => columnGroups(columns), [columns]);
  const rows = students.length;
  const cols = columns.length;

  const activeVisible = pos.row >= win.firstRow && pos.row <= win.lastRow && (pos.col < 0 || (pos.col >= win.firstColumn && pos.col <= win.lastColumn));
  const tabStop = activeVisible ? pos : { row: win.firstRow, col: -1 };
  const width = nameWidth + cols * COLUMN_WIDTH;
  const cellView = useCellView({ grid, columns, students }, state, tabStop);

  return (
    <>
      <div
        ref={ref}
        role="grid"
        aria-label={t('grid.label')}
        aria-rowcount={rows + 2}
        aria-colcount={cols + 1}
        onKeyDown={state.onGridKey}
        {...state.pointer}
        data-testid="grader-grid"
        style={{
          position: 'relative',
          overflow: 'auto',
          width: '100%',
          height: `min(70vh, ${HEADER_HEIGHT + rows * ROW_HEIGHT + 18}px)`,
          minHeight: HEADER_HEIGHT + ROW_HEIGHT * 3,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
        }}
      >
        <GridHeader columns={columns} groups={groups} win={win} nameWidth={nameWidth} width={width} sort={sort} onSort={onSort} />
        <div role="rowgroup" style={{ width, height: rows * ROW_HEIGHT }}>
          <div aria-hidden="true" style={{ height: win.firstRow * ROW_HEIGHT }} />
          {students.slice(win.firstRow, win.lastRow + 1).map((student, i) => (
            <GridRow
              key={student.id}
              student={student}
              row={win.firstRow + i}
              win={win}
              columns={columns}
              nameWidth={nameWidth}
              pos={pos}
              tabStop={tabStop}
              cellView={cellView}
              handlers={state.handlers}
            />
          ))}
        </div>
      </div>
      <HistoryModal courseId={courseId} target={state.history} onClose={state.closeHistory} />
    </>
  );
};
