// The engine in its worker (the browser default) against the same engine in the page (`worker: false`): the same
// requests get the same answers — status, headers, JSON, NDJSON chat streams that arrive in pieces — and the
// LocalEngine methods and their errors cross intact.
import { expect } from '@open-wc/testing';
import { DEMO, ModelError, type LocalEngine } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { deleteDatabase } from '../helpers.js';
import {
  BASE,
  HOUSES,
  MODEL,
  MODES,
  ROWS,
  chatRequest,
  chunks,
  messageId,
  open,
  rejection,
  snapshot,
} from './greenhouse.js';

for (const mode of MODES) {
  describe(`local engine (${mode.label})`, function () {
    this.timeout(120_000);
    let engine: LocalEngine;
    let name: string;
    let admin: HttpTransport;
    before(async () => {
      ({ engine, name } = await open(mode));
      admin = new HttpTransport({ baseUrl: BASE, fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
    });
    after(async () => {
      await engine.close();
      await deleteDatabase(name);
    });

    it('answers status, headers and JSON as the remote API does', async () => {
      const ok = await engine.fetch(
        new Request(`${BASE}/api/v1/deployments`, { headers: { Authorization: `Bearer ${DEMO.adminKey}` } }),
      );
      expect(ok.status).to.equal(200);
      expect(ok.headers.get('content-type')).to.match(/^application\/json/);
      expect(((await ok.json()) as { id: number }[]).map((d) => d.id)).to.deep.equal([DEMO.deploymentId]);
      const denied = await snapshot(await engine.fetch(new Request(`${BASE}/api/v1/deployments`)));
      expect(denied.status).to.equal(401);
      expect(JSON.parse(denied.body)).to.have.property('error').that.is.a('string');
      const missing = await engine.fetch(new Request(`${BASE}/no/such/route`, { method: 'DELETE' }));
      expect(missing.status).to.equal(404);
      // A request body crosses: a workbook made by POST is there to read.
      const made = await admin.upsertWorkbookBySlug(DEMO.deploymentId, 'greenhouse', { name: 'Greenhouse' });
      expect((await admin.getWorkbook(DEMO.deploymentId, made.id)).name).to.equal('Greenhouse');
    });

    it('takes what fetch takes: a string, a URL or a relative path with a RequestInit, a Request with one', async () => {
      const init = { headers: { Authorization: `Bearer ${DEMO.adminKey}` } };
      const ids = async (response: Response) => {
        expect(response.status).to.equal(200);
        return ((await response.json()) as { id: number }[]).map((d) => d.id);
      };
      const path = '/api/v1/deployments';
      for (const input of [`${BASE}${path}`, new URL(`${BASE}${path}`), new Request(`${BASE}${path}`)])
        expect(await ids(await engine.fetch(input, init))).to.deep.equal([DEMO.deploymentId]);
      // A relative path is read against the page, as fetch reads it.
      expect(await ids(await engine.fetch(path, init))).to.deep.equal([DEMO.deploymentId]);
    });

    it('runs loads over its own model and data', async () => {
      const meta = await admin.loadMeta();
      expect(meta.cubes.map((c) => c.name)).to.include('readings');
      const result = await admin.load({
        query: {
          measures: ['readings.count', 'readings.avg_temp'],
          dimensions: ['readings.house'],
          order: [['readings.house', 'asc']],
        },
      });
      const rows = result.data;
      expect(rows.map((r) => r['readings.house'])).to.deep.equal(HOUSES);
      for (const house of HOUSES) {
        const temps = ROWS.filter((r) => r.house === house).map((r) => r.temp_c);
        const row = rows.find((r) => r['readings.house'] === house)!;
        expect(Number(row['readings.count'])).to.equal(temps.length);
        expect(Number(row['readings.avg_temp'])).to.be.closeTo(temps.reduce((a, b) => a + b, 0) / temps.length, 1e-9);
      }
    });

    it('streams a chat answer as NDJSON that arrives in pieces, the first before the answer is done', async () => {
      const response = await engine.fetch(chatRequest('average temperature by house', messageId()));
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/ndjson/);
      const parts = await chunks(response);
      expect(parts.length).to.be.greaterThan(2);
      expect(parts[0]).to.contain('__cutoff__');
      expect(parts[0]).to.not.contain('__state__'); // not buffered: the end came in a later piece
      const lines = parts
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id?: string; role?: string; graphPath?: string[] });
      expect(lines[lines.length - 1].id).to.equal('__state__');
      expect(lines.some((l) => l.role === 'assistant' && l.graphPath?.[0] === 'final')).to.equal(true);
    });

    it('cancelling a body mid-stream stops it; the engine answers the next request', async () => {
      const response = await engine.fetch(chatRequest('count of readings by house', messageId()));
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).to.equal(false);
      await reader.cancel('enough');
      const again = await engine.fetch(
        new Request(`${BASE}/api/v1/deployments`, { headers: { Authorization: `Bearer ${DEMO.adminKey}` } }),
      );
      expect(again.status).to.equal(200);
    });

    it('putTable, tables, dropTable and setModel cross with their results and errors', async () => {
      const csv = new TextEncoder().encode('bed,plant,height_cm\n1,tomato,120\n2,basil,30\n3,pepper,75\n');
      const info = await engine.putTable('beds', new Blob([csv], { type: 'text/csv' }));
      expect(info).to.include({ name: 'beds', rowCount: 3 });
      const bytes = new TextEncoder().encode('bed,plant\n4,mint\n').buffer;
      expect((await engine.putTable('extra', { source: bytes, format: 'csv' })).rowCount).to.equal(1);
      const tables = await engine.tables();
      expect(tables.map((t) => t.name).sort()).to.deep.equal(['beds', 'extra', 'readings']);
      expect(tables.find((t) => t.name === 'beds')!.columns.map((c) => c.name)).to.deep.equal([
        'bed',
        'plant',
        'height_cm',
      ]);
      await engine.dropTable('extra');
      expect((await engine.tables()).map((t) => t.name).sort()).to.deep.equal(['beds', 'readings']);
      // Refused while a cube reads it: the engine's error, with its class and message.
      const refused = await rejection(engine.dropTable('readings'));
      expect(refused).to.be.instanceOf(Error);
      expect(refused.message).to.equal('Table readings is read by cube readings: change the model first (setModel)');
      const broken = await rejection(
        engine.setModel({ 'cubes/bad.yml': 'cubes:\n  - name: beds\n    sql_table: nope\n' }),
      );
      expect(broken).to.be.instanceOf(ModelError);
      const problems = (broken as ModelError).problems;
      expect(problems.length).to.be.greaterThan(0);
      expect((broken as ModelError).file).to.equal('cubes/bad.yml');
      expect(problems[0]).to.have.property('message').that.is.a('string');
      const { warnings } = await engine.setModel({ 'cubes/readings.yml': MODEL });
      expect(warnings).to.be.an('array');
    });
  });
}
