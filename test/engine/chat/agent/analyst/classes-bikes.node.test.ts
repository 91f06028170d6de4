// The planner on classes of question the insurance-claims held-out set found it wrong or declining on, over a
// bike-share model written here (none of the corpus models' names): a `rides` view of rides with their bike and dock,
// and a `fleet` view of the bikes, as serviceMeta lists them, and the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, say, view } from './plan-probe.js';

const meta: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('rides', 'Rides', [
      ['count', 'Rides', 'number', 'count'],
      ['fares', 'Fares', 'number', 'sum'],
      ['bike_type', 'Bike type', 'string'],
      ['docks_dock_type', 'Dock type', 'string'],
      ['started_at', 'Start time', 'time'],
    ]),
    view('fleet', 'Fleet', [
      ['count', 'Bikes', 'number', 'count'],
      ['utilisation', 'Utilisation', 'number', 'number'],
      ['bike_type', 'Bike type', 'string'],
      ['commissioned_at', 'Commission date', 'time'],
    ]),
  ],
};
Object.assign(
  meta.cubes[1].members.find((x) => x.name === 'fleet.utilisation')!,
  {
    description: 'Percent of hours bikes spend on rides',
  },
);
const values = new Map<string, string[]>([
  ['rides.bike_type', ['Electric', 'Classic']],
  ['rides.docks_dock_type', ['Electric', 'Manual']],
  ['fleet.bike_type', ['Electric', 'Classic']],
]);
const sources = buildCatalog(meta);
const ask = (q: string) => planQuestion(readQuestion(q, NOW), sources, values, say);

describe('local analyst: classes found on an insurer, on a bike-share model', () => {
  it('"per" and a word of a dimension\'s title names no breakdown by it ("rides per bike": not by Bike type)', () => {
    const p = ask('rides per bike by bike type');
    // No measure counts bikes among rides: a careful analyst says so rather than give rides by bike type.
    assert.ok(isDecline(p), JSON.stringify(!isDecline(p) && p.measure.name));
    const q = ask('rides by bike type');
    assert.ok(!isDecline(q) && q.measure.name === 'rides.count' && q.groups[0].name === 'rides.bike_type');
  });
  it('a measure named only by its description is no answer when another source titles one so ("rides")', () => {
    // Rides cannot tell which "electric" (bike or dock); Utilisation's description says "rides", its title does not.
    const p = ask('electric vs classic rides in 2025');
    assert.ok(isDecline(p), JSON.stringify(!isDecline(p) && p.measure.name));
    const q = ask('utilisation of electric bikes');
    assert.ok(!isDecline(q) && q.measure.name === 'fleet.utilisation');
  });
});
