// A test double for the Rust module of Cube's backend (@cubejs-backend/native), absent where the gateway runs for
// the differential suite: only what the REST path calls: a logger, the final result's serialisation (written after
// cubeorchestrator's query_result_transform.rs and transport.rs: time values, the deprecated member without
// granularity, serde's fixed fields), no Jinja. Preloaded with `node --import` by record.ts; never part of the engine.
import { createRequire } from 'node:module';

const Module = createRequire(import.meta.url)('module');
const orig = Module._extensions['.node'];
const GRAN = { second: 1, minute: 2, hour: 3, day: 4, week: 5, month: 6, quarter: 7, year: 8 };
function transformValue(v, type) {
  if (typeof v === 'string' && type === 'time') {
    const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?/.exec(v);
    if (m) return `${m[1]}T${m[2]}${((m[3] ?? '.000') + '000').slice(0, 4)}`;
  }
  if (v instanceof Date) return v.toISOString().slice(0, 23);
  return v === undefined ? null : v;
}
function finalResult(td, rows, result) {
  const alias = td.aliasToMemberNameMap,
    ann = td.annotation,
    q = td.query;
  const dims = q.dimensions || [];
  const raw = Buffer.isBuffer(rows) || rows instanceof Uint8Array ? JSON.parse(Buffer.from(rows).toString()) : rows;
  const hidden = (m) =>
    new Error(
      `You requested hidden member: '${m}'. Please make it visible using \`public: true\`. Please note primaryKey fields are \`public: false\` by default: https://cube.dev/docs/schema/reference/joins#setting-a-primary-key.`,
    );
  if (raw.members.length === 0) {
    for (const m of [...(q.measures || []), ...dims, ...(q.timeDimensions || []).map((t) => t.dimension)])
      if (typeof m === 'string' && !ann[m]) throw hidden(m);
  }
  const count = raw.columns.length ? raw.columns[0].length : 0;
  const data = Array.from({ length: count }, (_, i) => {
    const out = {};
    const minimal = new Map();
    for (const [j, a] of raw.members.entries()) {
      const value = raw.columns[j][i];
      const member = alias[a];
      if (!member) throw new Error(`Missing member name for alias: ${a}`);
      const item = ann[member];
      if (!item) throw hidden(a);
      const t = transformValue(value, item.type || '');
      out[member] = t;
      const path = member.split('.');
      if (path.length === 3) {
        const base = `${path[0]}.${path[1]}`;
        if (!dims.includes(base)) {
          const level = GRAN[path[2]] ?? 10;
          const ex = minimal.get(base);
          if (!(ex && ex[0] < level)) minimal.set(base, [level, t]);
        }
      }
    }
    for (const [m, [, v]] of minimal) out[m] = v;
    return out;
  });
  if (td.resType === 'compact') throw new Error('compact not in the double');
  return Buffer.from(JSON.stringify(serializeResult(result, data)));
}
// serde's view of the result (transport.rs): fixed fields, `Option`s skipped when none.
const pick = (o, keys) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined && o[k] !== null).map((k) => [k, o[k]]));
const ITEM = ['title', 'shortTitle', 'description', 'type', 'format', 'meta', 'drillMembers', 'drillMembersGrouped'];
function annotated(item) {
  const out = pick(item, ITEM);
  if (item.granularity) out.granularity = pick(item.granularity, ['name', 'title', 'interval', 'offset', 'origin']);
  return out;
}
const RESULT = [
  'query',
  'lastRefreshTime',
  'refreshKeyValues',
  'usedPreAggregations',
  'transformedQuery',
  'requestId',
  'annotation',
  'dataSource',
  'dbType',
  'extDbType',
  'external',
  'slowQuery',
  'total',
];
function serializeResult(result, data) {
  const out = pick(result, RESULT);
  out.slowQuery = !!result.slowQuery;
  out.annotation = Object.fromEntries(
    Object.entries(result.annotation).map(([kind, items]) => [
      kind,
      Object.fromEntries(Object.entries(items).map(([k, v]) => [k, annotated(v)])),
    ]),
  );
  out.data = data;
  return out;
}
const double = {
  setupLogger() {},
  resetLogger() {},
  isFallbackBuild: () => true,
  redactSqlLiterals: (s) => s,
  getFinalQueryResult: (td, rows, result) => finalResult(td, rows, result),
  getFinalQueryResultMulti: (tds, rowsArr, response) => {
    const results = response.results.map((r, i) => JSON.parse(finalResult(tds[i], rowsArr[i], r).toString()));
    return Buffer.from(JSON.stringify({ ...response, results }));
  },
  newJinjaEngine: () => ({
    loadTemplate() {},
    renderTemplate() {
      throw new Error('no Jinja in the double');
    },
  }),
  registerInterface: async () => ({}),
  shutdownInterface: async () => {},
};
Module._extensions['.node'] = function (module, filename) {
  if (filename.endsWith('@cubejs-backend/native/index.node')) {
    module.exports = double;
    return;
  }
  return orig(module, filename);
};
