// The local analyst answers in the viewer's language: a chat turn through the local engine (its worker, IndexedDB,
// DuckDB-wasm) with `Accept-Language` set by the transport's `locale` gets its fixed sentences — the decline, the
// reading of the query, the answer's lead, the tool card's title — in that language, with numbers and dates
// formatted for the locale; without a language it answers in English as before. The model is a lending library's
// (not the demo's).
import { expect } from '@open-wc/testing';
import type { ChatStreamMessage } from '../../../src/api/types.js';
import { createLocalEngine, type EngineSeed, type LocalEngine } from '../../../src/engine/index.js';
import { finalAnswer } from '../../../src/transport/chat.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { deleteDatabase } from '../helpers.js';

const LIBRARY = { adminKey: 'library-admin-key', account: 'library', agent: 'desk' } as const;

const loans = [
  { id: 1, branch: 'Harbour', genre: 'Crime', borrowed_at: '2025-03-04T10:00:00', fee_eur: 9000.25 },
  { id: 2, branch: 'Harbour', genre: 'Poetry', borrowed_at: '2025-07-19T15:00:00', fee_eur: 3345.25 },
  { id: 3, branch: 'Old Town', genre: 'Crime', borrowed_at: '2025-11-30T09:00:00', fee_eur: 678.25 },
  { id: 4, branch: 'Old Town', genre: 'Travel', borrowed_at: '2024-12-30T09:00:00', fee_eur: 1000 },
  { id: 5, branch: 'Hillside', genre: 'Travel', borrowed_at: '2025-05-05T12:00:00', fee_eur: 12.5 },
];

const seed: EngineSeed = {
  account: { name: LIBRARY.account, plan: 'enterprise' },
  deployments: [{ id: 1, name: 'Desk', apiSecret: 'desk-secret-0123456789-0123456789-0123456' }],
  users: [{ email: 'admin@library.test', role: 'admin' }],
  apiKeys: [{ key: LIBRARY.adminKey, userEmail: 'admin@library.test' }],
  agents: [{ id: LIBRARY.agent, deploymentId: 1 }],
  dataModel: {
    cubes: [
      {
        name: 'loans',
        sql_table: 'loans',
        title: 'Loans',
        measures: [
          { name: 'count', type: 'count', title: 'Loans' },
          { name: 'late_fees', type: 'sum', sql: '{CUBE}.fee_eur', title: 'Late fees' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true },
          { name: 'branch', type: 'string', sql: '{CUBE}.branch', title: 'Branch' },
          { name: 'genre', type: 'string', sql: '{CUBE}.genre', title: 'Genre' },
          { name: 'borrowed_at', type: 'time', sql: '{CUBE}.borrowed_at', title: 'Borrowed on' },
        ],
      },
    ],
  },
  tables: { loans },
};

interface Turn {
  answer: string;
  thinking: string;
  /** The tool card of the query that ran (not the look-up of dimension values). */
  query?: { queryTitle: string; description: string };
  lookup?: { queryTitle: string; description: string };
}

describe('the local analyst in the viewer’s language', function () {
  this.timeout(120_000);
  let engine: LocalEngine;
  const name = `svc-analyst-language-${Date.now()}`;
  before(async () => {
    engine = await createLocalEngine({ name, seed, now: () => Date.UTC(2026, 0, 15, 12) });
  });
  after(async () => {
    await engine.close();
    await deleteDatabase(name);
  });

  async function ask(input: string, locale?: string): Promise<Turn> {
    const chat = new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: engine.fetch,
      auth: { apiKey: LIBRARY.adminKey },
      accountName: LIBRARY.account,
      agentId: LIBRARY.agent,
    });
    const messages: ChatStreamMessage[] = [];
    const stream = await chat.streamChat(
      // One reader per language: the analyst caches the values it looked up per user, and that look-up has a title too.
      { input, sessionSettings: { externalId: `reader-${(locale ?? 'none').toLowerCase()}` } },
      locale ? { locale } : {},
    );
    for await (const m of stream) messages.push(m);
    const calls = messages
      .filter((m) => m.toolCall?.name === 'serviceSqlApi' && m.toolCall.result !== undefined)
      .map((m) => JSON.parse(m.toolCall!.input) as { queryTitle: string; description: string; sqlQuery: string });
    return {
      answer: finalAnswer(messages)?.content ?? '',
      thinking: messages
        .filter((m) => m.thinking && !m.isDelta)
        .map((m) => m.thinking)
        .join(''),
      query: calls.find((c) => !/member, STRING_AGG/.test(c.sqlQuery)),
      lookup: calls.find((c) => /member, STRING_AGG/.test(c.sqlQuery)),
    };
  }

  const number = (locale: string, v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v);
  const day = (locale: string, iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${iso}T00:00:00Z`));

  it('without a language: English, numbers as en-US, as before', async () => {
    const answered = await ask('late fees by branch');
    expect(answered.thinking).to.contain('I will query Late fees (sum), by branch, from Loans.');
    expect(answered.answer).to.contain('I measured Late fees (sum), by branch, from Loans.');
    expect(answered.answer).to.contain('Highest: **Harbour** with **12,345.5**.');
    expect(answered.query?.queryTitle).to.equal('Late fees by Branch');
    expect(answered.lookup, 'the value look-up streams no tool call').to.equal(undefined);
    const declined = await ask('weather in Paris');
    expect(declined.answer).to.equal(
      'I could not tell which number you want: "weather", "Paris" map to nothing in **Loans**. I can answer about **Loans**, **Late fees**, by ID, branch, genre.',
    );
  });

  it('German: the decline, the reading, the lead and the tool titles; 12.345,5 and German dates', async () => {
    const answered = await ask('late fees by branch', 'de');
    expect(answered.thinking).to.contain('Ich frage ab: Late fees (Summe), nach Branch, aus Loans.');
    expect(answered.answer).to.contain('Ich habe gemessen: Late fees (Summe), nach Branch, aus Loans.');
    expect(answered.answer).to.contain(`Am höchsten: **Harbour** mit **${number('de', 12345.5)}**.`);
    expect(number('de', 12345.5)).to.equal('12.345,5');
    expect(answered.query?.queryTitle).to.equal('Late fees nach Branch');
    expect(answered.lookup).to.equal(undefined);

    const ranged = await ask('late fees in 2025', 'de-AT'); // the nearest book: German; dates as Austria writes them
    const span = `vom ${day('de-AT', '2025-01-01')} bis ${day('de-AT', '2025-12-31')}`;
    expect(ranged.answer).to.contain(`Ich habe gemessen: Late fees (Summe), für Borrowed on ${span}, aus Loans.`);
    expect(ranged.answer).to.contain(`Das Ergebnis ist **${number('de-AT', 13036.25)}**.`);

    const declined = await ask('weather in Paris', 'de');
    expect(declined.answer).to.equal(
      'Ich weiß nicht, welche Zahl Sie möchten: „weather“, „Paris“ passen zu nichts in **Loans**. Ich kann Fragen zu **Loans**, **Late fees** beantworten, nach ID, Branch, Genre.',
    );
    const empty = await ask(' ', 'de');
    expect(empty.answer).to.contain('auf Englisch');
  });

  it('Japanese and Arabic: their sentences, their number formats', async () => {
    const ja = await ask('late fees by branch', 'ja-JP');
    expect(ja.answer).to.contain('測定した内容：Late fees（合計）、Branch別（Loansより）。');
    expect(ja.answer).to.contain(`最も高いのは **Harbour**（**${number('ja-JP', 12345.5)}**）です。`);
    const jaDecline = await ask('weather in Paris', 'ja');
    expect(jaDecline.answer).to.match(
      /^どの数値が必要か分かりませんでした：「weather」、「Paris」は \*\*Loans\*\* のどれにも/,
    );

    const ar = await ask('late fees by branch', 'ar');
    expect(ar.answer).to.contain('قِستُ: Late fees (المجموع)، حسب Branch، من Loans.');
    expect(ar.answer).to.contain(`الأعلى: **Harbour** بقيمة **${number('ar', 12345.5)}**.`);
    const arDecline = await ask('weather in Paris', 'ar');
    expect(arDecline.answer).to.match(
      /^لم أتمكن من معرفة الرقم المطلوب: «weather»، «Paris» لا تطابق أي شيء في \*\*Loans\*\*/,
    );
  });

  it('a language without a book (Swedish): English sentences, Swedish numbers', async () => {
    const answered = await ask('late fees by branch', 'sv-SE');
    expect(answered.answer).to.contain(`Highest: **Harbour** with **${number('sv-SE', 12345.5)}**.`);
    expect(number('sv-SE', 12345.5)).to.not.equal('12,345.5');
  });
});
