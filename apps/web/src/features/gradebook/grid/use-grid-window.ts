import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Windowing of the grader grid: fixed row height and column width, so the rows and columns in
 * view follow from the scroll container's scroll position and size. Only those (plus an
 * overscan) are rendered. Without a measured size (first paint, jsdom) a desktop-sized viewport
 * is assumed.
 */

export const ROW_HEIGHT = 40;
export const COLUMN_WIDTH = 128;
export const NAME_WIDTH = 200;
/** Two header rows: the category (or totals) row and the column names. */
export const HEADER_HEIGHT = 2 * ROW_HEIGHT + 8;
export const OVERSCAN_ROWS = 4;
export const OVERSCAN_COLUMNS = 2;
const FALLBACK = { width: 1024, height: 560 };

export interface GridWindow {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

export interface Viewport {
  scrollTop: number;
  scrollLeft: number;
  width: number;
  height: number;
}

/** The rows and columns to render (inclusive ranges; last < first when there are none). */
export const windowOf = (v: Viewport, rows: number, columns: number, nameWidth = NAME_WIDTH): GridWindow => {
  const bodyHeight = Math.max(0, v.height - HEADER_HEIGHT);
  const bodyWidth = Math.max(0, v.width - nameWidth);
  const firstRow = Math.max(0, Math.floor(v.scrollTop / ROW_HEIGHT) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows - 1, Math.ceil((v.scrollTop + bodyHeight) / ROW_HEIGHT) + OVERSCAN_ROWS);
  const firstColumn = Math.max(0, Math.floor(v.scrollLeft / COLUMN_WIDTH) - OVERSCAN_COLUMNS);
  const lastColumn = Math.min(columns - 1, Math.ceil((v.scrollLeft + bodyWidth) / COLUMN_WIDTH) + OVERSCAN_COLUMNS);
  return { firstRow, lastRow, firstColumn, lastColumn };
};

const measure = (el: HTMLElement | null): Viewport =>
  el
    ? { scrollTop: el.scrollTop, scrollLeft: el.scrollLeft, width: el.clientWidth || FALLBACK.width, height: el.clientHeight || FALLBACK.height }
    : { scrollTop: 0, scrollLeft: 0, ...FALLBACK };

/** Follows the container's scroll and size; `reveal` scrolls a row/column into view. */
export const useGridWindow = (ref: RefObject<HTMLElement | null>, rows: number, columns: number, nameWidth = NAME_WIDTH) => {
  const [viewport, setViewport] = useState<Viewport>(() => measure(null));
  const update = useCallback(() => {
    const next = measure(ref.current);
    setViewport((v) => (v.scrollTop === next.scrollTop && v.scrollLeft === next.scrollLeft && v.width === next.width && v.height === next.height ? v : next));
  }, [ref]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, update]);

  /** Scrolls so that the cell (row, column; column -1 = the name) is fully visible. */
  const reveal = useCallback(
    (row: number, column: number) => {
      const el = ref.current;
      if (!el) return;
      const v = measure(el);
      const top = row * ROW_HEIGHT;
      const bodyHeight = Math.max(ROW_HEIGHT, v.height - HEADER_HEIGHT);
      if (top < v.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > v.scrollTop + bodyHeight) el.scrollTop = top + ROW_HEIGHT - bodyHeight;
      if (column >= 0) {
        const left = column * COLUMN_WIDTH;
        const bodyWidth = Math.max(COLUMN_WIDTH, v.width - nameWidth);
        if (left < v.scrollLeft) el.scrollLeft = left;
        else if (left + COLUMN_WIDTH > v.scrollLeft + bodyWidth) el.scrollLeft = left + COLUMN_WIDTH - bodyWidth;
      }
      update();
    },
    [ref, update, nameWidth],
  );

  return { window: windowOf(viewport, rows, columns, nameWidth), reveal };
};
