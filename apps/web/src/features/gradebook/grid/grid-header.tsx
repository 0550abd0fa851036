import type { CSSProperties, ReactNode } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@klase/core/gradebook/display';
import type { ColumnGroup, GridColumn, GridSort } from './grid-model.ts';
import { COLUMN_WIDTH, HEADER_HEIGHT, ROW_HEIGHT, type GridWindow } from './use-grid-window.ts';

/** The grid's two sticky header rows: category (and totals) cells over their columns, then the column names. */

const border = '1px solid var(--mantine-color-default-border)';
const cellStyle: CSSProperties = {
  flex: `0 0 ${COLUMN_WIDTH}px`,
  width: COLUMN_WIDTH,
  padding: '4px 8px',
  borderRight: border,
  borderBottom: border,
  fontSize: 'var(--mantine-font-size-xs)',
  fontWeight: 600,
  overflow: 'hidden',
};
export const stickyName = (width: number): CSSProperties => ({
  position: 'sticky',
  left: 0,
  zIndex: 2,
  flex: `0 0 ${width}px`,
  width,
  background: 'var(--mantine-color-body)',
  borderRight: '2px solid var(--mantine-color-default-border)',
  borderBottom: border,
});

const SortButton = ({ sortKey, sort, onSort, children }: { sortKey: string; sort: GridSort; onSort: (key: string) => void; children: ReactNode }) => {
  const { t } = useTranslation('gradeBook');
  const on = sort.key === sortKey;
  const Icon = !on ? IconArrowsSort : sort.dir === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <UnstyledButton
      onClick={() => onSort(sortKey)}
      title={t('grid.sortBy')}
      style={{ display: 'flex', alignItems: 'flex-start', gap: 4, width: '100%', font: 'inherit', color: 'inherit' }}
    >
      <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}>
        {children}
      </span>
      <Icon size={14} aria-hidden="true" style={{ flex: '0 0 auto', opacity: on ? 1 : 0.6 }} />
    </UnstyledButton>
  );
};

const ariaSort = (sort: GridSort, key: string) => (sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined);

interface HeaderProps {
  columns: readonly GridColumn[];
  groups: readonly ColumnGroup[];
  win: GridWindow;
  nameWidth: number;
  width: number;
  sort: GridSort;
  onSort: (key: string) => void;
}

/** The first header row: the category (or totals) each run of columns belongs to, cut to the visible window. */
const GroupHeaderRow = ({ groups, win, nameWidth, spacer }: Pick<HeaderProps, 'groups' | 'win' | 'nameWidth'> & { spacer: ReactNode }) => {
  const { t } = useTranslation('gradeBook');
  const shownGroups = groups.filter((g) => g.start <= win.lastColumn && g.start + g.span - 1 >= win.firstColumn);
  return (
    <div role="row" aria-rowindex={1} style={{ display: 'flex', height: ROW_HEIGHT }}>
      <div aria-hidden="true" style={stickyName(nameWidth)} />
      {spacer}
      {shownGroups.map((g) => {
        const from = Math.max(g.start, win.firstColumn);
        const to = Math.min(g.start + g.span - 1, win.lastColumn);
        return (
          <div
            key={g.start}
            role="columnheader"
            aria-colindex={g.start + 2}
            aria-colspan={g.span}
            style={{
              ...cellStyle,
              flex: `0 0 ${(to - from + 1) * COLUMN_WIDTH}px`,
              width: undefined,
              background: 'var(--mantine-color-default-hover)',
              whiteSpace: 'nowrap',
              textAlign: 'start',
              overflow: 'visible',
            }}
          >
            <span style={{ position: 'sticky', left: nameWidth + 8, display: 'inline-block' }}>
              {g.name === null ? t('grid.totals') : g.root ? t('grid.courseItems') : g.name}
            </span>
          </div>
        );
      })}
    </div>
  );
};

export const GridHeader = ({ columns, groups, win, nameWidth, width, sort, onSort }: HeaderProps) => {
  const { t } = useTranslation('gradeBook');
  const spacer = <div aria-hidden="true" style={{ flex: `0 0 ${win.firstColumn * COLUMN_WIDTH}px` }} />;
  const columnName = useColumnName();
  const range = (col: GridColumn) => {
    if (col.kind !== 'item') return null;
    if (col.item.gradeType === 'scale') return col.scale?.name ?? null;
    if (col.item.gradeType === 'text') return t('grid.textItem');
    return t('grid.outOf', { max: formatNumber(col.item.maxGrade, col.item.maxGrade % 1 === 0 ? 0 : 2) });
  };
  return (
    <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 4, width, height: HEADER_HEIGHT, background: 'var(--mantine-color-body)' }}>
      <GroupHeaderRow groups={groups} win={win} nameWidth={nameWidth} spacer={spacer} />
      <div role="row" aria-rowindex={2} style={{ display: 'flex', height: HEADER_HEIGHT - ROW_HEIGHT }}>
        <div
          role="columnheader"
          aria-colindex={1}
          aria-sort={ariaSort(sort, 'name')}
          style={{ ...stickyName(nameWidth), padding: '4px 8px', fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600 }}
        >
          <SortButton sortKey="name" sort={sort} onSort={onSort}>
            {t('grid.student')}
          </SortButton>
        </div>
        {spacer}
        {columns.slice(win.firstColumn, win.lastColumn + 1).map((col, i) => {
          const index = win.firstColumn + i;
          const name = columnName(col);
          return (
            <div
              key={col.key}
              role="columnheader"
              aria-colindex={index + 2}
              aria-sort={col.kind === 'total' ? ariaSort(sort, col.key) : undefined}
              title={name}
              style={cellStyle}
            >
              {col.kind === 'total' ? (
                <SortButton sortKey={col.key} sort={sort} onSort={onSort}>
                  {name}
                </SortButton>
              ) : (
                <>
                  <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</div>
                  <div style={{ fontWeight: 400 }}>{range(col)}</div>
                </>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
};

export const useColumnName = () => {
  const { t } = useTranslation('gradeBook');
  return (col: GridColumn) =>
    col.kind === 'item'
      ? col.item.name
      : col.total === 'category'
        ? t('grid.categoryTotal', { name: col.name })
        : col.total === 'course'
          ? t('grid.courseTotal')
          : col.total === 'period'
            ? t('grid.periodTotal', { name: col.name })
            : col.total === 'quarter'
              ? t('grid.deped.quarterGrade', { n: col.quarter })
              : t('grid.final');
};
