// A CSV or TSV file checked against its import's limits before DuckDB reads it (import-limits.ts), a slice at a time:
// records (line breaks inside quotes stay in their record), fields and values, as read_csv would split them. DuckDB
// took minutes to refuse a 30 MB line and gigabytes for a line of 15 million fields; this pass takes milliseconds.

import { SLICE } from './chunks.js';
import { cellTooLong, fmt, lineTooLong, tooManyColumns, type ImportLimits } from './import-limits.js';

const shown = (delimiter: number) => JSON.stringify(String.fromCharCode(delimiter));

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** The delimiters read_csv's sniffer tries. */
const CANDIDATES = [',', ';', '\t', '|'];

/**
 * Scans `file` (delimiter `delimiter`, else every delimiter read_csv may choose, counting the most fields any of them
 * makes) and throws an ImportLimitError naming the first line past `limits`: fields (columns), its bytes, or a value's
 * bytes (between any two candidate delimiters: never more than the value read_csv finds). `checkpoint` runs before
 * each slice (the import's deadline).
 */
export async function scanCsv(
  file: Blob,
  limits: Required<ImportLimits>,
  delimiter: string | undefined,
  checkpoint: () => void = () => undefined,
): Promise<void> {
  const { maxColumns, maxLineBytes, maxCellBytes } = limits;
  const delimiters = (delimiter !== undefined ? [delimiter] : CANDIDATES).map((d) => d.charCodeAt(0));
  // A byte's class: 0 ordinary, 1 + i the i-th delimiter, then a quote, a line feed, a carriage return.
  const QUOTED = delimiters.length + 1;
  const NEWLINE = QUOTED + 1;
  const RETURN = QUOTED + 2;
  const classOf = new Uint8Array(256);
  delimiters.forEach((d, i) => (classOf[d] = i + 1));
  classOf[QUOTE] = QUOTED;
  classOf[LF] = NEWLINE;
  classOf[CR] = RETURN;
  const counts = new Uint32Array(delimiters.length);
  // Positions are in the whole file: a record and a value may span slices.
  let line = 1; // physical line being read
  let recordLine = 1; // where the current record started
  let recordStart = 0;
  let cellStart = 0;
  let inQuotes = false;
  let quoteSeen = false; // a quote inside quotes: an escaped quote if another follows, else the value's end
  const at = () => `line ${fmt(recordLine)}`;
  const checkLengths = (end: number) => {
    if (end - recordStart > maxLineBytes) throw lineTooLong(at(), `more than ${fmt(maxLineBytes)}`, maxLineBytes);
    if (end - cellStart > maxCellBytes)
      throw cellTooLong(
        `${at()}, column ${fmt(Math.max(...counts) + 1)}`,
        `more than ${fmt(maxCellBytes)}`,
        maxCellBytes,
      );
  };
  for (let offset = 0; offset < file.size; offset += SLICE) {
    checkpoint();
    const bytes = new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer());
    for (let i = 0; i < bytes.length; i++) {
      if (inQuotes) {
        if (quoteSeen) {
          quoteSeen = false;
          if (bytes[i] === QUOTE) continue; // an escaped quote
          inQuotes = false; // the closing quote was the value's end: this byte is read as outside quotes
        } else {
          // On to the next quote, counting the line breaks inside the value.
          const next = bytes.indexOf(QUOTE, i);
          const end = next < 0 ? bytes.length : next;
          for (let k = i; k < end; k++) if (bytes[k] === LF) line++;
          if (next >= 0) quoteSeen = true;
          i = end;
          continue;
        }
      }
      const kind = classOf[bytes[i]];
      if (kind === 0) continue;
      const position = offset + i;
      if (kind < QUOTED) {
        checkLengths(position);
        if (++counts[kind - 1] >= maxColumns)
          throw tooManyColumns(
            at(),
            `more than ${fmt(maxColumns)}`,
            maxColumns,
            ` (separated by ${shown(delimiters[kind - 1])})`,
          );
        cellStart = position + 1;
      } else if (kind === QUOTED) {
        if (position === cellStart) inQuotes = true; // a quote opens a value only as its first byte
      } else {
        checkLengths(position);
        if (kind === NEWLINE) line++;
        counts.fill(0);
        recordStart = cellStart = position + 1;
        recordLine = line;
      }
    }
    checkLengths(offset + bytes.length);
  }
}
