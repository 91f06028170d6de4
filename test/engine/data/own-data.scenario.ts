// Bring-your-own model and data, shared by the Node test (own-data.node.test.ts) and the Chromium test
// (own-data.test.ts): the YAML model of examples/model over the files of examples/data, every expected number
// computed here from the rows those files were written from (test/fixtures/cinema.ts).

import type { LoadResponse } from '../../../src/api/types.js';
import { DEMO, type LocalEngine, type TableSource } from '../../../src/engine/index.js';
import { finalAnswer } from '../../../src/transport/chat.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { CINEMAS, FILMS, RATINGS, SCREENINGS } from '../../fixtures/cinema.js';
import { chatTransport } from '../helpers.js';

export const MODEL_FILES = ['cubes/screenings.yml', 'cubes/catalog.yml', 'views/box_office.yml'];

export function eq(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

/** The example model folder and tables, in every source form: File, bytes, ArrayBuffer, explicit format, URL. */
export async function exampleInputs(
  read: (path: string) => Promise<Uint8Array>,
  url?: (path: string) => string,
): Promise<{ model: Record<string, string>; data: Record<string, TableSource> }> {
  const text = async (p: string) => new TextDecoder().decode(await read(p));
  const model = Object.fromEntries(
    await Promise.all(MODEL_FILES.map(async (f) => [f, await text(`examples/model/${f}`)] as const)),
  );
  const bytes = (f: string) => read(`examples/data/${f}`);
  const ratings = await bytes('ratings.ndjson');
  return {
    model,
    data: {
      screenings: url
        ? url('examples/data/screenings.csv')
        : new File([(await bytes('screenings.csv')) as Uint8Array<ArrayBuffer>], 'screenings.csv', {
            type: 'text/csv',
          }),
      films: await bytes('films.parquet'), // Parquet by its magic bytes
      cinemas: { source: await bytes('cinemas.json'), format: 'json' },
      ratings: ratings.buffer.slice(ratings.byteOffset, ratings.byteOffset + ratings.byteLength) as ArrayBuffer,
      staff: await bytes('staff.arrow'), // Arrow IPC file by its magic bytes
    },
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const country = (cinemaId: number) => CINEMAS.find((c) => c.id === cinemaId)!.country;
const genre = (filmId: number) => FILMS.find((f) => f.id === filmId)!.genre;

export function admin(engine: LocalEngine): HttpTransport {
  return new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
}

async function viewer(engine: LocalEngine, groups: string[], countryCode?: string): Promise<HttpTransport> {
  const a = admin(engine);
  const { sessionId } = await a.generateSession({
    deploymentId: DEMO.deploymentId,
    externalId: `viewer-${groups.join('-')}-${countryCode ?? ''}`,
    groups,
    ...(countryCode !== undefined && { userAttributes: [{ name: 'country', value: countryCode }] }),
  });
  const { token } = await a.exchangeSessionToken(sessionId);
  return new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { serviceToken: token } });
}

function byCountry(response: LoadResponse): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const r of response.data)
    out[String(r['box_office.cinemas_country'])] = [r['box_office.revenue'], r['box_office.count']];
  return out;
}

export async function checkTables(engine: LocalEngine): Promise<void> {
  const tables = await engine.tables();
  const summary = Object.fromEntries(tables.map((t) => [t.name, [t.rowCount, t.format]]));
  eq(
    summary,
    {
      cinemas: [CINEMAS.length, 'json'],
      films: [FILMS.length, 'parquet'],
      ratings: [RATINGS.length, 'ndjson'],
      screenings: [SCREENINGS.length, 'csv'],
      staff: [5, 'arrow'],
    },
    'tables',
  );
  const screenings = tables.find((t) => t.name === 'screenings')!;
  eq(
    screenings.columns.map((c) => `${c.name}:${c.type}`),
    ['id:BIGINT', 'cinema_id:BIGINT', 'film_id:BIGINT', 'starts_at:TIMESTAMP', 'seats_sold:BIGINT', 'revenue:DOUBLE'],
    'screenings columns',
  );
  eq(tables.find((t) => t.name === 'ratings')!.columns[3], { name: 'reviewed_at', type: 'TIMESTAMP' }, 'ratings time');
  if (!tables.every((t) => t.bytes > 0)) throw new Error('tables without bytes');
}

export async function checkLoad(engine: LocalEngine): Promise<void> {
  const response = await admin(engine).load({
    query: { measures: ['box_office.revenue', 'box_office.count'], dimensions: ['box_office.cinemas_country'] },
  });
  const expected: Record<string, [number, number]> = {};
  for (const s of SCREENINGS) {
    const c = country(s.cinema_id);
    expected[c] = [round((expected[c]?.[0] ?? 0) + s.revenue), (expected[c]?.[1] ?? 0) + 1];
  }
  const got = byCountry(response);
  const sorted = (o: Record<string, unknown[]>) =>
    Object.keys(o)
      .sort()
      .map((k) => [k, round(Number(o[k][0])), o[k][1]]);
  eq(sorted(got), sorted(expected), '/load revenue and count by country');
  // A month granularity over the CSV's ISO times, and a measure filter.
  const months = await admin(engine).load({
    query: {
      measures: ['box_office.sold_out_count'],
      timeDimensions: [{ dimension: 'box_office.starts_at', granularity: 'month' }],
      order: { 'box_office.starts_at': 'asc' },
    },
  });
  const perMonth = new Map<string, number>();
  for (const s of SCREENINGS)
    if (s.seats_sold >= 140) perMonth.set(s.starts_at.slice(0, 7), (perMonth.get(s.starts_at.slice(0, 7)) ?? 0) + 1);
  eq(
    months.data
      .map((r) => [String(r['box_office.starts_at.month']).slice(0, 7), r['box_office.sold_out_count']])
      .filter((r) => r[1] !== 0),
    [...perMonth].sort(),
    'full houses per month',
  );
  const score = await admin(engine).load({ query: { measures: ['ratings.average_score', 'ratings.count'] } });
  eq(
    [round(Number(score.data[0]['ratings.average_score'])), score.data[0]['ratings.count']],
    [round(sum(RATINGS.map((r) => r.score)) / RATINGS.length), RATINGS.length],
    'ratings',
  );
}

export async function checkSqlApi(engine: LocalEngine): Promise<void> {
  const result = await admin(engine).cubeSql({
    query: 'SELECT films_genre, MEASURE(tickets) AS tickets FROM box_office GROUP BY 1 ORDER BY 1',
  });
  const expected = new Map<string, number>();
  for (const s of SCREENINGS) expected.set(genre(s.film_id), (expected.get(genre(s.film_id)) ?? 0) + s.seats_sold);
  eq(result.data, [...expected].sort(), 'SQL API tickets by genre');
  let refused = '';
  await admin(engine)
    .cubeSql({ query: "SELECT * FROM read_csv('imports/1.csv')" })
    .catch((e: Error) => (refused = e.message));
  if (!/not allowed|read_csv/i.test(refused)) throw new Error(`read_csv through the SQL API: ${refused || 'allowed'}`);
}

export async function checkChat(engine: LocalEngine): Promise<void> {
  const chat = chatTransport(engine.fetch, { apiKey: DEMO.adminKey });
  const stream = await chat.streamChat({
    input: 'tickets sold by film genre',
    sessionSettings: { externalId: 'chat-viewer', groups: ['programmers'] },
  });
  const messages = [];
  for await (const m of stream) messages.push(m);
  const answer = finalAnswer(messages)?.content ?? '';
  const drama = sum(SCREENINGS.filter((s) => genre(s.film_id) === 'Drama').map((s) => s.seats_sold));
  if (!answer.includes(`| Drama | ${drama.toLocaleString('en-US')} |`)) throw new Error(`chat answer: ${answer}`);
}

export async function checkRowLevelSecurity(engine: LocalEngine): Promise<void> {
  const query = { measures: ['box_office.revenue', 'box_office.count'], dimensions: ['box_office.cinemas_country'] };
  const fr = await viewer(engine, ['cinema-managers'], 'FR');
  const rows = byCountry(await fr.load({ query }));
  const frScreenings = SCREENINGS.filter((s) => country(s.cinema_id) === 'FR');
  eq(Object.keys(rows), ['FR'], 'a FR manager sees FR only');
  eq(rows.FR[1], frScreenings.length, 'FR screenings');
  const meta = await fr.loadMeta();
  const members = meta.cubes.flatMap((c) => c.measures.map((m) => m.name));
  if (members.includes('box_office.revenue_per_ticket')) throw new Error('member_level excludes ignored');
  if (meta.cubes.some((c) => c.name !== 'box_office' && c.name !== 'ratings')) throw new Error('non-public cube shown');
  const programmer = await viewer(engine, ['programmers']);
  eq(Object.keys(byCountry(await programmer.load({ query }))).length, 3, 'programmers see every country');
  const nobody = await viewer(engine, ['cinema-managers']);
  eq((await nobody.load({ query })).data.length, 0, 'a manager without a country sees no rows');
}

/** RFC 4180 corners: quoted commas and quotes, embedded newlines, empty fields, unicode, ISO timestamps. */
export const TRICKY_CSV =
  'id,name,note,amount,seen_at,day\r\n' +
  '1,"Zoë, the first","two\nlines",12.5,2025-03-05T10:00:00,2025-03-05\r\n' +
  '2,,"say ""hi""",,2025-03-06 11:30:00.250,\r\n' +
  '3,東京 🎬,plain,-7,2025-03-07T00:00:00Z,2025-03-07\r\n';

export async function checkTrickyCsv(engine: LocalEngine): Promise<void> {
  const info = await engine.putTable('notes', new TextEncoder().encode(TRICKY_CSV));
  eq(
    info.columns.map((c) => `${c.name}:${c.type}`),
    ['id:BIGINT', 'name:VARCHAR', 'note:VARCHAR', 'amount:DOUBLE', 'seen_at:TIMESTAMP', 'day:DATE'],
    'tricky CSV types',
  );
  eq([info.rowCount, info.format], [3, 'csv'], 'tricky CSV rows');
  await engine.setModel(NOTES_MODEL);
  const response = await admin(engine).load({
    query: {
      dimensions: ['notes.id', 'notes.name', 'notes.note', 'notes.amount', 'notes.seen_at'],
      order: { 'notes.id': 'asc' },
      ungrouped: true,
    },
  });
  eq(
    response.data.map((r) => Object.values(r)),
    [
      [1, 'Zoë, the first', 'two\nlines', 12.5, '2025-03-05T10:00:00.000'],
      [2, null, 'say "hi"', null, '2025-03-06T11:30:00.250'],
      [3, '東京 🎬', 'plain', -7, '2025-03-07T00:00:00.000'],
    ],
    'tricky CSV values',
  );
}

/** A model of one cube over the `notes` table. */
const NOTES_MODEL = `cubes:
  - name: notes
    sql_table: notes
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: note, sql: note, type: string }
      - { name: amount, sql: amount, type: number }
      - { name: seen_at, sql: seen_at, type: time }
`;
