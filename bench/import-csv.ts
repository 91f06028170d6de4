// A realistic CSV for the import benchmark, generated in the page: a warehouse extract of orders with ids, names
// with quotes and commas, short codes, decimals, integers, ISO timestamps and dates, and empty (null) fields. Deterministic (a
// seeded generator), about 60 bytes a row.

/** mulberry32: a small seeded generator, so every run reads the same bytes. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Anna', 'Jörg', 'Zoë', 'Li', 'Ōta', 'Maria', 'Sam', 'Ines', 'Kofi', 'Olga'];
const LAST = ['Smith', 'Müller', 'García', 'Nguyen', "O'Brien", 'Kowalski', 'Ng', 'Dubois'];
const REGIONS = ['EU', 'NA', 'APAC', 'LATAM', 'MEA'];
const NOTES = ['gift, wrapped', 'call "before" delivery', 'back order', 'fragile'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `rows` rows of CSV with a header, as a File (text/csv), built in chunks of 50,000 rows. */
export function generateCsv(rows: number, seed = 42): File {
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const encoder = new TextEncoder();
  const parts: Uint8Array<ArrayBuffer>[] = [
    encoder.encode('order_id,customer,region,amount,quantity,ordered_at,shipped_at,note\n'),
  ];
  const start = Date.UTC(2023, 0, 1) / 1000;
  for (let from = 0; from < rows; from += 50_000) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(rows, from + 50_000); i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      // One name in eight is "Last, First" (a quoted comma), one in twenty has a nickname in quotes.
      const r = next();
      const customer = r < 0.125 ? `"${last}, ${first}"` : r < 0.175 ? `"${first} ""${last}"""` : `${first} ${last}`;
      const at = new Date((start + Math.floor(next() * 63_000_000)) * 1000);
      const ordered = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(
        at.getUTCHours(),
      )}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
      const shipped = next() < 0.3 ? '' : ordered.slice(0, 10);
      const note = next() < 0.9 ? '' : `"${pick(NOTES).replace(/"/g, '""')}"`;
      const amount = (next() * 2000).toFixed(2);
      lines.push(
        `${1_000_000 + i},${customer},${pick(REGIONS)},${amount},${1 + Math.floor(next() * 9)},${ordered},${shipped},${note}`,
      );
    }
    parts.push(encoder.encode(`${lines.join('\n')}\n`));
  }
  return new File(parts, 'orders.csv', { type: 'text/csv' });
}
