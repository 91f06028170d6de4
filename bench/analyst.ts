// The local analyst's planning on a 200-member model (4 sources × 50 members, 40 string dimensions with 30 values
// each): the median time to read and plan a question, against reading it alone (tokens, lemmas, time words) — the
// floor every plan pays — measured in the same run.
import type { ServiceMetaResult } from '../src/api/types.js';
import { buildCatalog } from '../src/engine/chat/agent/analyst/catalog.js';
import { planQuestion } from '../src/engine/chat/agent/analyst/planner.js';
import { Phrases } from '../src/engine/chat/agent/analyst/phrases.js';
import english from '../src/engine/chat/agent/analyst/phrases/en.js';
import { readQuestion } from '../src/engine/chat/agent/analyst/question.js';
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

function model(): { meta: ServiceMetaResult; values: Map<string, string[]> } {
  const nouns = ['parcel', 'carrier', 'warehouse', 'customer', 'route', 'truck', 'driver', 'depot', 'zone', 'tier'];
  const values = new Map<string, string[]>();
  const cubes = ['shipments', 'deliveries', 'returns', 'fleet'].map((source, s) => {
    const members: ServiceMetaResult['cubes'][number]['members'] = [];
    for (let i = 0; i < 50; i++) {
      const noun = `${nouns[i % nouns.length]}${i >= 10 ? `_${i}` : ''}`;
      if (i < 15) {
        const agg = ['sum', 'avg', 'count', 'max', 'min'][i % 5];
        members.push({
          name: `${source}.${agg}_${noun}_cost`,
          title: `${agg} ${noun.replace(/_/g, ' ')} cost`,
          type: 'number',
          aggType: agg,
        });
      } else if (i < 25) {
        const name = `${source}.${noun}_region`;
        members.push({ name, title: `${noun.replace(/_/g, ' ')} region`, type: 'string' });
        values.set(
          name,
          Array.from({ length: 30 }, (_, k) => `${['Zurich', 'Geneva', 'North', 'South', 'Gold'][k % 5]} ${s}${i}${k}`),
        );
      } else if (i < 28) members.push({ name: `${source}.${noun}_at`, title: `${noun} date`, type: 'time' });
      else
        members.push({ name: `${source}.${noun}_weight`, title: `${noun.replace(/_/g, ' ')} weight`, type: 'number' });
    }
    return { name: source, type: s === 0 ? 'view' : 'cube', title: source, members };
  });
  return { meta: { searchQuery: '', cubes }, values };
}

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
