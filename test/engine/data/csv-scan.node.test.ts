// The CSV scan that checks a file against its import's limits before DuckDB reads it: for generated CSV (quoted
// fields with delimiters, quotes and line breaks, unicode), it refuses exactly the files that have a record with too
// many fields, a record or a value too long, and names the line; slices of 1 MB split records anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SLICE } from '../../../src/engine/data/chunks.js';
import { scanCsv } from '../../../src/engine/data/csv-scan.js';
import { DEFAULT_IMPORT_LIMITS, ImportLimitError } from '../../../src/engine/data/import-limits.js';

const bytes = (text: string) => new TextEncoder().encode(text).length;
const raw = (field: string, delimiter: string) =>
  /["\r\n]/.test(field) || field.includes(delimiter) || field.startsWith(' ')
    ? `"${field.replace(/"/g, '""')}"`
    : field;

/** The file, and the line (1-based, where its record starts) of the first record past the limits, if any. */
function model(records: string[][], delimiter: string, limits: typeof DEFAULT_IMPORT_LIMITS) {
  let line = 1;
  let first: number | undefined;
  const out: string[] = [];
  for (const record of records) {
    const fields = record.map((f) => raw(f, delimiter));
    const text = fields.join(delimiter);
    const past =
      fields.length > limits.maxColumns ||
      bytes(text) > limits.maxLineBytes ||
      fields.some((f) => bytes(f) > limits.maxCellBytes);
    if (past && first === undefined) first = line;
    out.push(text);
    line += text.split('\n').length;
  }
  return { text: `${out.join('\n')}\n`, first };
}

const field = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('a,b', 'say "hi"', 'two\nlines', 'ünïcödé €', '', ';|\t', '"'),
);

describe('scanCsv', () => {
  it('refuses exactly the files with a record past a limit, naming its line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(field, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(',', ';', '\t', '|'),
        fc.record({
          maxColumns: fc.integer({ min: 1, max: 9 }),
          maxLineBytes: fc.integer({ min: 1, max: 80 }),
          maxCellBytes: fc.integer({ min: 1, max: 20 }),
          maxCellsPerByte: fc.constant(1),
        }),
        async (records, delimiter, limits) => {
          const { text, first } = model(records, delimiter, limits);
          const scanned = await scanCsv(new Blob([text]), limits, delimiter).then(
            () => undefined,
            (e: Error) => e,
          );
          if (first === undefined) assert.equal(scanned, undefined);
          else {
            assert.ok(scanned instanceof ImportLimitError, String(scanned));
            assert.match(scanned.message, new RegExp(`^line ${first}\\b`));
            assert.match(scanned.message, /importLimits\.max(Columns|LineBytes|CellBytes) is \d/);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('without a delimiter, counts the most fields any delimiter read_csv may choose makes', async () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxColumns: 3 };
    await scanCsv(new Blob(['a;b;c\n1;"x,y,z,w";3\n']), limits, undefined);
    for (const [text, delimiter] of [
      ['a;b;c;d\n', ';'],
      ['a|b|c|d\n', '|'],
      ['a\tb\tc\td\n', '\t'],
    ])
      await assert.rejects(scanCsv(new Blob([text]), limits, undefined), (e: Error) =>
        e.message.startsWith(`line 1 has more than 3 columns (separated by ${JSON.stringify(delimiter)})`),
      );
  });

  it('follows records across 1 MB slices and \\r\\n line ends', async () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxCellBytes: 100, maxLineBytes: 200 };
    const head = `${'id,note\r\n'}${'1,"quoted, with\r\nline break"\r\n'.repeat(Math.ceil(SLICE / 30))}`;
    await scanCsv(new Blob([head]), limits, ',');
    const lines = head.split('\n').length;
    await assert.rejects(
      scanCsv(new Blob([`${head}2,"${'x'.repeat(101)}"\r\n`]), limits, ','),
      new RegExp(`^Error: line ${lines.toLocaleString('en-US')}, column 2 holds a value of more than 100 bytes`),
    );
  });
});
