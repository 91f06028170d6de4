// NDJSON reader throughput on a ~50 MB synthetic chat stream, against the floor of JSON.parse over the same lines
// already split (the physical limit: the reader must at least parse every line). The floor's lines come from the
// stream's own text (decoded once, split on newlines, untimed), so they have the string representation any reader
// of those bytes gets; JSON.parse over the generator's original strings is printed too, for reference.
import { NdjsonDecoder, readNdjson } from '../src/transport/ndjson.js';
import { median, type Row } from './util.js';

const NODE = 'service_data_analyst_agent';

/** A chat-like stream: token deltas with multi-byte text, tool calls with JSON payloads, ~50 MB in all. */
function syntheticLines(targetBytes: number): string[] {
  const words = ['revenue', 'grew', '12 %', 'in', 'EMEA', '—', 'über', '売上', 'growth 🚀', 'quarter', 'orders'];
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    let message: unknown;
    if (i % 50 === 49) {
      const rows = Array.from({ length: 20 }, (_, r) => [`region-${r}`, r * 1234.5, `2024-0${(r % 9) + 1}-01`]);
      message = {
        id: `t${i}`,
        role: 'assistant',
        toolCall: {
          name: 'serviceSqlApi',
          input: JSON.stringify({
            sqlQuery: 'SELECT region, MEASURE(revenue) FROM sales GROUP BY 1',
            queryTitle: 'Revenue',
          }),
          result: JSON.stringify({ schema: [{ name: 'region', column_type: 'String' }], data: rows, totalRows: 20 }),
        },
        isInProcess: false,
        graphPath: [NODE, 'tools'],
        sort: i,
      };
    } else {
      message = {
        id: `a${i >> 6}`,
        role: 'assistant',
        content: `${words[i % words.length]} ${words[(i * 7) % words.length]} `,
        isDelta: true,
        isInProcess: true,
        graphPath: ['final', NODE],
        sort: i,
      };
    }
    const line = JSON.stringify(message);
    lines.push(line);
    size += line.length + 1;
  }
  return lines;
}

function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < chunks.length) c.enqueue(chunks[i++]);
      else c.close();
    },
  });
}

export async function ndjsonBench(runs = 7): Promise<Row[]> {
  const lines = syntheticLines(50 * 1024 * 1024);
  const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
  const chunks = chunksOf(bytes, 64 * 1024);
  const mb = bytes.length / (1024 * 1024);

  const decodedLines = new TextDecoder().decode(bytes).split('\n');
  decodedLines.pop(); // the empty string after the last newline

  const floor: number[] = [];
  const bytesFloor: number[] = [];
  const original: number[] = [];
  const decoder: number[] = [];
  const reader: number[] = [];
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    let n = 0;
    for (const line of decodedLines) if (JSON.parse(line)) n++;
    floor.push(performance.now() - t);

    t = performance.now();
    for (const line of lines) JSON.parse(line);
    original.push(performance.now() - t);

    // Bytes to values can do no better than decoding every byte (streaming, the fastest TextDecoder mode) plus the
    // parse floor.
    t = performance.now();
    const td = new TextDecoder();
    for (const c of chunks) td.decode(c, { stream: true });
    bytesFloor.push(performance.now() - t + floor[floor.length - 1]);

    t = performance.now();
    const d = new NdjsonDecoder();
    let m = 0;
    for (const c of chunks) m += d.push(c).length;
    m += d.end().length;
    decoder.push(performance.now() - t);

    t = performance.now();
    let k = 0;
    for await (const item of readNdjson(streamOf(chunks))) if (item.ok) k++;
    reader.push(performance.now() - t);
    if (m !== n || k !== n) throw new Error(`line counts differ: floor ${n}, decoder ${m}, reader ${k}`);
  }
  const base = median(floor);
  const bytesBase = median(bytesFloor);
  const row = (name: string, times: number[], target?: string): Row => ({
    name,
    median: `${median(times).toFixed(0)} ms`,
    throughput: `${(mb / (median(times) / 1000)).toFixed(0)} MB/s`,
    'ratio (parse floor)': (base / median(times)).toFixed(2),
    'ratio (decode+parse floor)': (bytesBase / median(times)).toFixed(2),
    target: target ?? '',
  });
  return [
    row(
      `JSON.parse over the stream's lines, pre-split (floor) — ${mb.toFixed(0)} MB, ${lines.length} lines`,
      floor,
      'baseline',
    ),
    row('JSON.parse over the generator strings (reference)', original),
    row('streaming TextDecoder over all bytes + the parse floor (bytes→values floor)', bytesFloor),
    row('NdjsonDecoder.push, 64 KiB chunks', decoder),
    row('readNdjson over a ReadableStream, 64 KiB chunks', reader, '≥ 0.80 of parse floor'),
  ];
}
