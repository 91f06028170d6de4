// An answer that repeats its query's rows as a markdown table says every number twice (the card above already has
// them, titled and formatted). Such tables are hidden; the answer's text keeps the reading and the key figures. A
// table counts as a repeat when it has the result's columns and each of its rows is a row of the result — whatever
// the header says and however the agent wrote the numbers ("540,623.18", "540.6K", "85%"). The paragraphs that only
// frame such a table go with it: its lead-in ending in a colon, and a short count of its rows after it.

/** A number as written in text, with how far off its rounding may be; undefined when it is not one. */
export function parseWrittenNumber(text: string): { value: number; tolerance: number; percent: boolean } | undefined {
  const t = text.replace(/[\s\u00a0\u202f']/g, '').replace(/[−–]/g, '-');
  const m = /^[^\d-]*(-?)[^\d-]*([\d.,]+)([kmb]|mio|mrd|bn)?\.?[^\d]*$/i.exec(t);
  if (!m) return undefined;
  let digits = m[2];
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let decimal: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = digits.split(sep);
    // One separator before exactly three digits after a non-zero integer groups thousands ("1,234"); else decimals.
    const grouping = parts.length > 2 || (parts[1].length === 3 && /^[1-9]\d{0,2}$/.test(parts[0]));
    decimal = grouping ? undefined : sep;
  }
  const thousands = decimal === '.' ? /,/g : decimal === ',' ? /\./g : /[.,]/g;
  digits = digits.replace(thousands, '');
  if (decimal === ',') digits = digits.replace(',', '.');
  if (!/^\d*\.?\d+$/.test(digits)) return undefined;
  const places = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
  const suffix = (m[3] ?? '').toLowerCase();
  const scale = suffix === 'k' ? 1e3 : suffix === 'm' || suffix === 'mio' ? 1e6 : suffix ? 1e9 : 1;
  const value = Number(`${m[1]}${digits}`) * scale;
  return { value, tolerance: (0.5 * scale) / 10 ** places + 1e-9, percent: t.includes('%') };
}

/** Whether a cell's text shows `value`. */
export function showsValue(text: string, value: unknown): boolean {
  const written = text.trim();
  if (value === null || value === undefined) return /^(|—|-|–|null|n\/a)$/i.test(written);
  const number = typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined;
  if (number !== undefined || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) {
    const n = number ?? Number(value);
    const parsed = parseWrittenNumber(written);
    if (!parsed) return false;
    const near = (v: number) => Math.abs(parsed.value - v) <= parsed.tolerance;
    return near(n) || (parsed.percent && near(n * 100));
  }
  const wanted = (typeof value === 'string' ? value : JSON.stringify(value)).trim().toLowerCase();
  const got = written.toLowerCase();
  if (got === wanted) return true;
  // A timestamp written as its date ("2024-03-01" for 2024-03-01T00:00:00.000).
  return /^\d{4}-\d{2}/.test(wanted) && got.length >= 7 && wanted.startsWith(got);
}

/** Whether `table` repeats rows of the result (each row matches a distinct result row, columns in order). */
export function repeatsRows(table: HTMLTableElement, columns: number, rows: readonly unknown[][]): boolean {
  const head = table.tHead?.rows[0] ?? table.rows[0];
  if (!head || head.cells.length !== columns) return false;
  const body = [...table.rows].filter((r) => r !== head);
  if (body.length > rows.length) return false;
  const used = new Set<number>();
  return body.every((tr) => {
    const cells = [...tr.cells].map((c) => c.textContent ?? '');
    if (cells.length !== columns) return false;
    const index = rows.findIndex((row, i) => !used.has(i) && cells.every((text, c) => showsValue(text, row[c])));
    if (index < 0) return false;
    used.add(index);
    return true;
  });
}

/** The numbers written in a text ("Showing 12 of 229 rows." → 12, 229), each as parseWrittenNumber reads it. */
function numbersIn(text: string): number[] {
  return text
    .split(/[^\d.,\u00a0\u202f'’]+/)
    .map((word) => parseWrittenNumber(word.replace(/[.,]+$/, ''))?.value)
    .filter((n): n is number => n !== undefined);
}

/** The element after (or before) `el` in the answer, across the chunks the streamed markdown is kept in. */
function beside(el: Element, after: boolean): Element | null {
  const sibling = after ? el.nextElementSibling : el.previousElementSibling;
  if (sibling) return sibling;
  const parent = el.parentElement;
  if (!parent || parent.matches('[part~="answer"]')) return null;
  const next = after ? parent.nextElementSibling : parent.previousElementSibling;
  return (after ? next?.firstElementChild : next?.lastElementChild) ?? null;
}

/**
 * The paragraphs that only frame a hidden table: the one just before it ending in a colon ("7 periods:") and a short
 * one just after it that counts its rows ("Showing 12 of 229 rows.": the table's row count and the result's total).
 * Hidden with the table, they would otherwise point at nothing, or count other rows than the card's.
 */
function framing(table: HTMLTableElement, total: number): HTMLElement[] {
  const out: HTMLElement[] = [];
  const before = beside(table, false);
  if (before instanceof HTMLParagraphElement && /[:：]\s*$/.test(before.textContent)) out.push(before);
  const after = beside(table, true);
  const body = table.rows.length - 1;
  if (after instanceof HTMLParagraphElement && after.textContent.length <= 100) {
    const numbers = numbersIn(after.textContent);
    if (numbers.includes(body) && numbers.includes(total)) out.push(after);
  }
  return out;
}

/**
 * Hides the answer's tables that repeat `rows` and the paragraphs that only frame them (they stay in the DOM,
 * hidden, so the streamed blocks stay put); `total` is the result's row count (default: the rows'). `root` is the
 * answer or a part of it just drawn: the whole answer is looked at (a table and its framing may be drawn apart).
 */
export function hideRepeatedTables(
  root: HTMLElement,
  columns: number,
  rows: readonly unknown[][] | undefined,
  total?: number,
): void {
  const answer = root.closest<HTMLElement>('[part~="answer"]') ?? root;
  for (const el of answer.querySelectorAll<HTMLElement>('.repeat-frame')) {
    el.hidden = false;
    el.classList.remove('repeat-frame');
  }
  for (const table of answer.querySelectorAll('table')) {
    const repeat = rows !== undefined && repeatsRows(table, columns, rows);
    if (table.hidden !== repeat) table.hidden = repeat;
    table.classList.toggle('repeat', repeat);
    if (!repeat) continue;
    for (const el of framing(table, total ?? rows.length)) {
      el.hidden = true;
      el.classList.add('repeat-frame');
    }
  }
}
