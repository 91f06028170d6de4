// CSV of a result table: RFC 4180 quoting, and cells that a spreadsheet would run as formulas (=, +, -, @, tab,
// carriage return) prefixed with an apostrophe — the data are untrusted.

import type { SchemaColumn } from '../../api/types.js';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    text = value.toString();
  else text = JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(schema: SchemaColumn[], rows: unknown[][]): string {
  return (
    [schema.map((c) => cell(c.name)), ...rows.map((r) => r.map(cell))].map((line) => line.join(',')).join('\r\n') +
    '\r\n'
  );
}
