// The local analyst's planning on a 200-member model (4 sources × 50 members, 40 string dimensions with 30 values
// each): the median time to read and plan a question, against reading it alone (tokens, lemmas, time words) — the
// floor every plan pays — measured in the same run.
import { buildCatalog } from '../src/engine/chat/agent/analyst/catalog.js';
import { planQuestion } from '../src/engine/chat/agent/analyst/planner.js';
import { Phrases } from '../src/engine/chat/agent/analyst/phrases.js';
import english from '../src/engine/chat/agent/analyst/phrases/en.js';
import { readQuestion } from '../src/engine/chat/agent/analyst/question.js';
import { wideModel } from '../test/fixtures/analyst/wide-model.js';
import { median, type Row } from './util.js';

const QUESTIONS = [
  'total shipping cost by warehouse region last quarter',
  'how many parcels were delayed in February 2024?',
  'top 5 carriers by average delivery time',
  'share of parcels returned by customer tier',
  'weight shipped 2024 vs 2025',
  'average delivery time in Zurich since March',
  'what is the weather in Paris?',
];

const model = () =>
  wideModel({
    sources: ['shipments', 'deliveries', 'returns', 'fleet'],
    nouns: ['parcel', 'carrier', 'warehouse', 'customer', 'route', 'truck', 'driver', 'depot', 'zone', 'tier'],
    aggs: ['sum', 'avg', 'count', 'max', 'min'],
    measure: 'cost',
    number: 'weight',
    valueWords: ['Zurich', 'Geneva', 'North', 'South', 'Gold'],
    valueCount: 30,
    timeTitle: (noun) => `${noun} date`,
  });

export function analystBench(runs = 60): Row[] {
  const { meta, values } = model();
  const now = Date.UTC(2026, 0, 15);
  const say = new Phrases(english, 'en', 'en-US');
  const time = (fn: () => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      fn();
      samples.push(performance.now() - t);
    }
    return median(samples);
  };
  const members = meta.cubes.reduce((n, c) => n + c.members.length, 0);
  const read = time(() => QUESTIONS.map((q) => readQuestion(q, now))) / QUESTIONS.length;
  const plan =
    time(() => QUESTIONS.map((q) => planQuestion(readQuestion(q, now), buildCatalog(meta), values, say))) /
    QUESTIONS.length;
  return [
    {
      step: 'read the question (floor)',
      members: String(members),
      'median ms / question': read.toFixed(3),
      ratio: '1.0×',
    },
    {
      step: 'read, catalog and plan',
      members: String(members),
      'median ms / question': plan.toFixed(3),
      ratio: `${(plan / read).toFixed(1)}×`,
    },
  ];
}
