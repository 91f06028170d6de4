// The local analyst on three models written for it (clinic, workforce, energy; none the demo's): each question is
// asked through the engine's chat endpoint and its answer judged against rows computed in plain JavaScript. Prints
// right / declined / wrong per model; requires ≥ 95% right and no wrong answer, and every unanswerable one declined.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EngineSeed } from '../../../../src/engine/index.js';
import { CLINIC, clinicSeed } from '../../../fixtures/analyst/clinic.js';
import { ENERGY, energySeed } from '../../../fixtures/analyst/energy.js';
import { WORKFORCE, workforceSeed } from '../../../fixtures/analyst/workforce.js';
import { clinicCases } from './clinic-corpus.js';
import { corpusEngine, judge, type Case } from './corpus.js';
import { energyCases } from './energy-corpus.js';
import { workforceCases } from './workforce-corpus.js';

const MODELS: [string, EngineSeed, { adminKey: string; account: string; agent: string }, Case[], string[]][] = [
  ['clinic', clinicSeed, CLINIC, clinicCases, ['staff']],
  ['workforce', workforceSeed, WORKFORCE, workforceCases, ['hr']],
  ['energy', energySeed, ENERGY, energyCases, []],
];

describe('local analyst: corpus over models it was not written for', () => {
  it(`has at least 150 questions over three models`, () => {
    assert.ok(MODELS.reduce((n, m) => n + m[3].length, 0) >= 150);
  });
  for (const [name, seed, keys, cases, groups] of MODELS) {
    it(`${name}: ≥ 95% right, no wrong answer, every unanswerable question declined`, async () => {
      const ce = await corpusEngine(seed, { apiKey: keys.adminKey, account: keys.account, agent: keys.agent, groups });
      try {
        const tally = { right: 0, declined: 0, wrong: 0 };
        const problems: string[] = [];
        let answerable = 0;
        for (const c of cases) {
          const v = await judge(ce, c);
          tally[v.outcome]++;
          if (!v.expectedDecline) answerable++;
          if (v.outcome === 'wrong' || v.expectedDecline !== (v.outcome === 'declined'))
            problems.push(`${v.outcome}: ${v.q} → ${v.detail}${v.sql ? `\n  ${v.sql.replace(/\n/g, ' ')}` : ''}`);
        }
        const expectedDeclines = cases.length - answerable;
        const rightAnswers = tally.right;
        console.log(
          `${name}: ${cases.length} questions — right ${tally.right}, declined ${tally.declined} (${expectedDeclines} expected), wrong ${tally.wrong}`,
        );
        if (problems.length) console.log(problems.join('\n'));
        assert.equal(tally.wrong, 0, problems.join('\n'));
        assert.ok(rightAnswers >= 0.95 * answerable, problems.join('\n'));
        assert.equal(tally.declined - (answerable - rightAnswers), expectedDeclines, problems.join('\n'));
      } finally {
        await ce.engine.close();
      }
    });
  }
});
