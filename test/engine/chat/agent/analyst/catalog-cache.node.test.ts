// The analyst's catalog is built once per model as the user sees it (createCatalogCache): the same metadata — a new
// object each question — gives the same catalog; a changed model a new one; the catalog cannot be changed by planning.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { createCatalogCache } from '../../../../../src/engine/chat/agent/analyst/catalog-cache.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { Phrases } from '../../../../../src/engine/chat/agent/analyst/phrases.js';
import english from '../../../../../src/engine/chat/agent/analyst/phrases/en.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { wideModel } from '../../../../fixtures/analyst/wide-model.js';

const beekeeping = () =>
  wideModel({
    sources: ['hives', 'harvests', 'inspections'],
    nouns: ['apiary', 'hive', 'queen', 'keeper', 'frame', 'region'],
    aggs: ['sum', 'avg', 'count'],
    measure: 'honey',
    number: 'weight',
    valueWords: ['Lavender', 'Clover', 'North'],
    valueCount: 12,
    timeTitle: (noun) => `${noun} date`,
  });

describe('the analyst catalog cache', () => {
  it('builds a catalog once per distinct model, whatever object carries it', () => {
    const catalog = createCatalogCache();
    const first = catalog(beekeeping().meta);
    assert.equal(catalog(structuredClone(beekeeping().meta)), first, 'the same model: the same catalog');
    assert.deepEqual(first, buildCatalog(beekeeping().meta), 'the catalog is what buildCatalog makes');
    const changed: ServiceMetaResult = structuredClone(beekeeping().meta);
    changed.cubes[0].members[0].title = 'Colony strength';
    const other = catalog(changed);
    assert.notEqual(other, first, 'a changed model: a catalog of its own');
    assert.ok(other.some((s) => s.fields.some((f) => f.title === 'Colony strength')));
    assert.equal(catalog(beekeeping().meta), first, 'the first is still kept');
  });

  it('keeps a few models, the least recently used dropped first', () => {
    const catalog = createCatalogCache();
    const metas = Array.from({ length: 9 }, (_, i) => {
      const meta = structuredClone(beekeeping().meta);
      meta.cubes[0].title = `Hives ${i}`;
      return meta;
    });
    const built = metas.map((m) => catalog(m));
    assert.equal(catalog(metas[8]), built[8]);
    assert.notEqual(catalog(metas[0]), built[0], 'the oldest of nine was dropped');
  });

  it('gives frozen catalogs that planning only reads', () => {
    const catalog = createCatalogCache();
    const { meta, values } = beekeeping();
    const sources = catalog(meta);
    assert.ok(Object.isFrozen(sources) && Object.isFrozen(sources[0]) && Object.isFrozen(sources[0].fields[0]));
    assert.throws(() => (sources[0].fields as unknown[]).push({}), TypeError);
    const say = new Phrases(english, 'en', 'en-US');
    const now = Date.UTC(2026, 5, 1);
    for (const q of [
      'total honey by apiary last year',
      'how many hives',
      'which keeper had the highest average weight',
      'honey in Lavender 3 vs Clover 4',
      'what share of frames were inspected in 2025',
      'top 3 queens by honey',
      'what is the weather in Lima?',
    ])
      assert.deepEqual(
        planQuestion(readQuestion(q, now), sources, values, say),
        planQuestion(readQuestion(q, now), buildCatalog(meta), values, say),
        q,
      );
  });
});
