// The grid-layout core: react-grid-layout's responsive rules, reproduced exactly and kept pure
// (no DOM). Breakpoint from the container's width, the layout of that breakpoint, bounds correction, vertical
// compaction (or none), and pixel geometry.

import type { Breakpoint, BreakpointValues, DashboardLayout, DashboardWidgetPosition } from '../api/types.js';

export const BREAKPOINTS: readonly Breakpoint[] = ['lg', 'md', 'sm', 'xs', 'xxs'];
export const DEFAULT_BREAKPOINTS: Readonly<Record<Breakpoint, number>> = {
  lg: 1200,
  md: 996,
  sm: 768,
  xs: 480,
  xxs: 0,
};
export const DEFAULT_COLS: Readonly<Record<Breakpoint, number>> = { lg: 12, md: 10, sm: 6, xs: 4, xxs: 2 };
export const DEFAULT_ROW_HEIGHT = 150;
export const DEFAULT_MARGIN: readonly [number, number] = [10, 10];

export type CompactType = 'vertical' | 'none';

export interface GridOptions {
  breakpoints: Record<Breakpoint, number>;
  cols: Record<Breakpoint, number>;
  rowHeight: number;
  margin: [number, number];
  containerPadding: [number, number];
  compact: CompactType;
}

/** Anything with an id and a position (a DashboardWidget is one). */
export interface GridWidget {
  id: string;
  position: DashboardWidgetPosition;
  responsiveLayouts?: BreakpointValues<DashboardWidgetPosition> | null;
}

export interface GridItem extends DashboardWidgetPosition {
  id: string;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PlacedItem extends GridItem, Rect {}

export interface GridResult {
  breakpoint: Breakpoint;
  cols: number;
  items: PlacedItem[];
  /** Height of the container in px. */
  height: number;
}

const pair = (v: number[] | null | undefined, fallback: readonly [number, number]): [number, number] =>
  Array.isArray(v) && v.length >= 2 && v.every((n) => Number.isFinite(n)) ? [v[0], v[1]] : [fallback[0], fallback[1]];

function merged(values: BreakpointValues<number> | null | undefined, defaults: Record<Breakpoint, number>) {
  const out = { ...defaults };
  for (const bp of BREAKPOINTS) {
    const v = values?.[bp];
    if (typeof v === 'number' && Number.isFinite(v)) out[bp] = v;
  }
  return out;
}

/** The options of a dashboard's `layout`, with react-grid-layout's defaults (containerPadding = margin). */
export function gridOptions(layout?: DashboardLayout | null, compact: CompactType = 'vertical'): GridOptions {
  const margin = pair(layout?.margin, DEFAULT_MARGIN);
  const rowHeight = layout?.rowHeight;
  return {
    breakpoints: merged(layout?.breakpoints, DEFAULT_BREAKPOINTS),
    cols: merged(layout?.cols, DEFAULT_COLS),
    rowHeight: typeof rowHeight === 'number' && Number.isFinite(rowHeight) ? rowHeight : DEFAULT_ROW_HEIGHT,
    margin,
    containerPadding: pair(layout?.containerPadding, margin),
    compact,
  };
}

/** Breakpoints from the smallest threshold to the largest. */
function ascending(breakpoints: Record<Breakpoint, number>): Breakpoint[] {
  return [...BREAKPOINTS].sort((a, b) => breakpoints[a] - breakpoints[b]);
}

/** The breakpoint of a container `width` px wide: the largest whose threshold is strictly below it. */
export function breakpointFor(
  width: number,
  breakpoints: Record<Breakpoint, number> = DEFAULT_BREAKPOINTS,
): Breakpoint {
  const sorted = ascending(breakpoints);
  let found = sorted[0];
  for (const bp of sorted) if (width > breakpoints[bp]) found = bp;
  return found;
}

/** Each widget's cell at `breakpoint`: its own layout there, else the nearest larger breakpoint's, else `position`. */
export function layoutAt(
  widgets: readonly GridWidget[],
  breakpoint: Breakpoint,
  breakpoints: Record<Breakpoint, number> = DEFAULT_BREAKPOINTS,
): GridItem[] {
  const sorted = ascending(breakpoints);
  const candidates = sorted.slice(sorted.indexOf(breakpoint));
  return widgets.map((widget) => {
    let found: DashboardWidgetPosition | null | undefined;
    const own = widget.responsiveLayouts;
    if (own) for (let i = 0; i < candidates.length && !found; i++) found = own[candidates[i]];
    const { x, y, w, h } = found ?? widget.position;
    return { id: widget.id, x, y, w, h };
  });
}

/** Keeps items inside `cols` columns: too far right moves left; still outside takes the whole width. */
export function correctBounds(items: readonly GridItem[], cols: number): GridItem[] {
  return items.map(({ id, x, y, w, h }) => {
    if (x + w > cols) x = cols - w;
    if (x < 0) {
      x = 0;
      w = cols;
    }
    return { id, x, y, w, h };
  });
}

/** Occupied rows of one column: non-overlapping spans sorted by row (so their ends are sorted too). */
type Column = { y: number; end: number }[];

/** Index of the first span of `column` ending after `row`. */
function firstEndingAfter(column: Column, row: number): number {
  let lo = 0;
  let hi = column.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (column[mid].end > row) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Vertical compaction, as react-grid-layout does it: items in order of (y, x) start at most at the bottom of those
 * placed before; one that collides with nothing moves up row by row until it would, one that collides moves below
 * what it hits until it is free. Returns the items in their original order.
 *
 * The row-by-row loops are replaced by their results, found per column: moving up ends at the lowest bottom edge
 * above the item in its columns (or row 0), and moving down ends at the first rows free in all its columns (every
 * row skipped overlaps what was hit). Same cells, O(n · w · log n) instead of O(n² · rows).
 */
export function compactVertical(items: readonly GridItem[]): GridItem[] {
  const order = items.map((item, index) => ({ item, index }));
  order.sort((a, b) => a.item.y - b.item.y || a.item.x - b.item.x || a.index - b.index);
  const columns = new Map<number, Column>();
  const out: GridItem[] = new Array<GridItem>(items.length);
  let bottom = 0;
  for (const { item, index } of order) {
    const cols: Column[] = [];
    for (let c = item.x; c < item.x + item.w; c++) {
      let column = columns.get(c);
      if (!column) columns.set(c, (column = []));
      cols.push(column);
    }
    let y = Math.min(bottom, item.y);
    // Where [row, row + h) overlaps spans, the lowest end among them (every row before it is blocked); else undefined.
    const blockedUntil = (row: number): number | undefined => {
      let until: number | undefined;
      for (const column of cols) {
        let i = firstEndingAfter(column, row);
        // Spans that touch end to start in one column block as one.
        while (i < column.length && column[i].y < (until ?? row) + item.h)
          until = Math.max(until ?? 0, column[i++].end);
      }
      return until;
    };
    let blocked = blockedUntil(y);
    if (blocked === undefined) {
      let stop = 0;
      for (const column of cols) {
        const i = firstEndingAfter(column, y);
        if (i > 0) stop = Math.max(stop, column[i - 1].end);
      }
      y = stop;
    } else {
      while (blocked !== undefined) {
        y = blocked;
        blocked = blockedUntil(y);
      }
    }
    y = Math.max(y, 0);
    for (const column of cols) {
      let lo = 0;
      let hi = column.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (column[mid].y < y) lo = mid + 1;
        else hi = mid;
      }
      column.splice(lo, 0, { y, end: y + item.h });
    }
    bottom = Math.max(bottom, y + item.h);
    out[index] = { id: item.id, x: Math.max(item.x, 0), y, w: item.w, h: item.h };
  }
  return out;
}

/** The pixel rectangle of a cell in a container `width` px wide. */
export function cellRect(item: DashboardWidgetPosition, width: number, cols: number, options: GridOptions): Rect {
  const [mx, my] = options.margin;
  const [px, py] = options.containerPadding;
  const colWidth = (width - mx * (cols - 1) - 2 * px) / cols;
  return {
    left: Math.round((colWidth + mx) * item.x + px),
    top: Math.round((options.rowHeight + my) * item.y + py),
    width: Math.round(colWidth * item.w + Math.max(0, item.w - 1) * mx),
    height: Math.round(options.rowHeight * item.h + Math.max(0, item.h - 1) * my),
  };
}

/** Height in px of a container holding `items`. */
export function containerHeight(items: readonly DashboardWidgetPosition[], options: GridOptions): number {
  const rows = items.reduce((max, i) => Math.max(max, i.y + i.h), 0);
  return rows * options.rowHeight + (rows - 1) * options.margin[1] + 2 * options.containerPadding[1];
}

/** Everything at once: the breakpoint of `width`, the corrected and compacted cells, their pixels, the height. */
export function computeGrid(
  widgets: readonly GridWidget[],
  width: number,
  options: GridOptions = gridOptions(),
): GridResult {
  const breakpoint = breakpointFor(width, options.breakpoints);
  const cols = options.cols[breakpoint];
  const bounded = correctBounds(layoutAt(widgets, breakpoint, options.breakpoints), cols);
  const cells = options.compact === 'vertical' ? compactVertical(bounded) : bounded;
  return {
    breakpoint,
    cols,
    // Plain literals: object spread is an order of magnitude slower here.
    items: cells.map(({ id, x, y, w, h }) => {
      const r = cellRect({ x, y, w, h }, width, cols, options);
      return { id, x, y, w, h, left: r.left, top: r.top, width: r.width, height: r.height };
    }),
    height: containerHeight(cells, options),
  };
}
