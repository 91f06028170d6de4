// Shared helpers for benchmarks: medians and a plain table printer.

export type Row = Record<string, string>;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function printTable(title: string, rows: Row[]): void {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(width[i])).join(' │ ');
  console.log(`\n${title}`);
  console.log(line(cols));
  console.log(width.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const r of rows) console.log(line(cols.map((c) => r[c] ?? '')));
}

declare global {
  interface Window {
    /** Main-thread busy time of this page so far, in ms (bench/browser.ts asks DevTools). */
    __mainThreadMs(): Promise<number>;
    __mainThreadBreakdown(): Promise<MainThreadBreakdown>;
    __memoryWatch(what: 'start' | 'stop'): Promise<number>;
  }
}

/** Main-thread busy time of the page so far (ms): only inside benchmarks run by inChromium. */
export const mainThreadMs = (): Promise<number> => window.__mainThreadMs();

export interface MainThreadBreakdown {
  script: number;
  style: number;
  layout: number;
}

/** Script, style and layout time of the page so far (ms): only inside benchmarks run by inChromium. */
export const mainThreadBreakdown = (): Promise<MainThreadBreakdown> => window.__mainThreadBreakdown();

/**
 * Resident bytes of the browser's processes (bench/browser.ts sums them): `start` returns them now and begins sampling
 * every 50 ms; `stop` returns the peak since. Only inside benchmarks run by inChromium.
 */
export const memoryWatch = (what: 'start' | 'stop'): Promise<number> => window.__memoryWatch(what);
