import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { NdjsonDecoder, readNdjson, readNdjsonBatches, type NdjsonItem } from '../../src/transport/ndjson.js';

const encoder = new TextEncoder();

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < chunks.length) c.enqueue(chunks[i++]);
      else c.close();
    },
  });
}

/** Splits `bytes` at the given (sorted, deduplicated) cut points. */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const p of points) {
    out.push(bytes.subarray(start, p));
    start = p;
  }
  out.push(bytes.subarray(start));
  return out;
}

async function readAll(chunks: Uint8Array[], options = {}): Promise<NdjsonItem[]> {
  const out: NdjsonItem[] = [];
  for await (const item of readNdjson(streamOf(chunks), options)) out.push(item);
  return out;
}

const values = (items: NdjsonItem[]) => items.map((i) => (i.ok ? i.value : { error: i.text }));

// JSON values with multi-byte text (accents, CJK, emoji: 2-, 3- and 4-byte UTF-8, surrogate pairs).
const text = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', 'é', 'ß', '中', '文', '😀', '🚀', '"', '\\', '\n', '\r', '\t'),
});
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('NDJSON reader', () => {
  it('property: any split of a valid stream into chunks yields the same messages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(jsonValue, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.boolean(),
        async (vals, cuts, eol, bom, trailingEol) => {
          const body = vals.map((v) => JSON.stringify(v)).join(eol) + (trailingEol ? eol : '');
          const bytes = encoder.encode((bom ? '\uFEFF' : '') + body);
          const items = await readAll(split(bytes, cuts));
          expect(items.every((i) => i.ok)).to.equal(true);
          expect(values(items)).to.deep.equal(JSON.parse(JSON.stringify(vals)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: one byte per chunk equals one chunk', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(jsonValue, { minLength: 1, maxLength: 5 }), async (vals: unknown[]) => {
        const bytes = encoder.encode(vals.map((v) => JSON.stringify(v)).join('\n'));
        const bytewise = await readAll(Array.from(bytes, (b) => Uint8Array.of(b)));
        expect(values(bytewise)).to.deep.equal(values(await readAll([bytes])));
      }),
      { numRuns: 50 },
    );
  });

  it('decodes a 4-byte character split across chunks', async () => {
    const bytes = encoder.encode('{"e":"😀"}\n');
    const emojiAt = 6; // '{"e":"' is 6 bytes; the emoji takes 4
    const items = await readAll([
      bytes.subarray(0, emojiAt + 1),
      bytes.subarray(emojiAt + 1, emojiAt + 3),
      bytes.subarray(emojiAt + 3),
    ]);
    expect(values(items)).to.deep.equal([{ e: '😀' }]);
  });

  it('handles CRLF, a BOM and blank or whitespace-only lines', async () => {
    const items = await readAll([encoder.encode('\uFEFF{"a":1}\r\n\r\n   \n\t\n{"b":2}\r\n')]);
    expect(values(items)).to.deep.equal([{ a: 1 }, { b: 2 }]);
    expect(items.map((i) => i.line)).to.deep.equal([1, 5]);
  });

  it('a BOM only counts at the very start', async () => {
    const items = await readAll([encoder.encode('{"a":1}\n\uFEFF{"b":2}\n')]);
    expect(items[0].ok).to.equal(true);
    expect(items[1].ok).to.equal(false);
  });

  it('reports a malformed line as an error item and goes on', async () => {
    const items = await readAll([encoder.encode('{"a":1}\n{"b":\n'), encoder.encode('nope\n{"c":3}')]);
    expect(items.map((i) => i.ok)).to.deep.equal([true, false, false, true]);
    const bad = items[1] as Extract<NdjsonItem, { ok: false }>;
    expect(bad.error).to.be.instanceOf(SyntaxError);
    expect([bad.text, bad.line]).to.deep.equal(['{"b":', 2]);
    expect(values(items)[3]).to.deep.equal({ c: 3 });
  });

  it('reports lines over maxLineLength without holding them', () => {
    const long = JSON.stringify({ s: 'x'.repeat(5000) });
    const bytes = encoder.encode(`{"a":1}\n${long}\n{"b":2}\n`);
    const decoder = new NdjsonDecoder({ maxLineLength: 100 });
    const out: NdjsonItem[] = [];
    for (let i = 0; i < bytes.length; i += 64) {
      out.push(...decoder.push(bytes.subarray(i, i + 64)));
      expect((decoder as unknown as { tailLength: number }).tailLength).to.be.at.most(100);
    }
    out.push(...decoder.end());
    expect(out.map((i) => i.ok)).to.deep.equal([true, false, true]);
    expect((out[1] as Extract<NdjsonItem, { ok: false }>).error.message).to.contain('longer than 100');
  });

  it('keeps only the unfinished tail between chunks (memory bounded by the longest line)', () => {
    const decoder = new NdjsonDecoder();
    const line = JSON.stringify({ s: 'y'.repeat(1000) }) + '\n';
    for (let i = 0; i < 200; i++) {
      decoder.push(encoder.encode(line.slice(0, 500)));
      const held = (decoder as unknown as { tailLength: number }).tailLength;
      expect(held).to.be.at.most(line.length);
      expect(decoder.push(encoder.encode(line.slice(500)))).to.have.length(1);
    }
  });

  it('cancels the source when the consumer stops early', async () => {
    let cancelled = false;
    const source = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(encoder.encode('{"n":1}\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    let n = 0;
    for await (const _ of readNdjson(source)) if (++n === 5) break;
    expect(cancelled).to.equal(true);
  });

  it('stops with the abort reason when the signal aborts', async () => {
    const controller = new AbortController();
    const source = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(encoder.encode('{"n":1}\n'));
      },
    });
    let n = 0;
    let error: unknown;
    try {
      for await (const _ of readNdjson(source, { signal: controller.signal })) if (++n === 3) controller.abort();
    } catch (e) {
      error = e;
    }
    expect((error as DOMException).name).to.equal('AbortError');
    expect(n).to.equal(3);
  });

  it('decodes a large chunk a slice at a time, every line once and in order (multi-byte characters across slices)', async () => {
    // 6,000 tide readings (about 1 MB, with 'é' and '🌊' so slices cut inside UTF-8 sequences) in one chunk.
    const readings = Array.from({ length: 6000 }, (_, i) => ({
      station: `Brest-${i % 7}`,
      seq: i,
      note: 'marée 🌊'.repeat(i % 40),
    }));
    const bytes = encoder.encode(readings.map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(bytes.length).to.be.greaterThan(500_000);
    const batches: NdjsonItem[][] = [];
    for await (const batch of readNdjsonBatches(streamOf([bytes]))) batches.push(batch);
    // One chunk, yet several batches: a consumer that gives the thread back between them never holds it for all.
    expect(batches.length).to.be.greaterThan(4);
    const items = batches.flat();
    expect(items.every((i) => i.ok)).to.equal(true);
    expect(values(items)).to.deep.equal(readings);
  });
});
