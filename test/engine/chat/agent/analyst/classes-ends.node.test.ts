// The planner on values and the dimensions they belong to, over models written here (none of the corpus models'
// names or values): a value two dimensions hold on the same rows is taken without asking (a column under two names, a
// joined lookup's column that follows the key), a value two dimensions hold on different rows is asked back unless
// the question's direction words choose the end ("leaving", "departing", "arriving"), read from the members' names,
// titles or descriptions; the same words choose a breakdown between two dimensions of one kind ("by destination
// port"). Domains: wire transfers between banks, container shipping between ports, a museum's galleries, a bike-share
// scheme's stations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { sameRowsSql, setSameRows } from '../../../../../src/engine/chat/agent/analyst/same-rows.js';
import { categorical } from '../../../../../src/engine/chat/agent/analyst/values.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

// Wire transfers: the sending bank's country (its column says "origin") and the payee's (its description says
// "destination").
const transfers: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('wires', 'Wire transfers', [
      ['count', 'Transfers', 'number', 'count'],
      ['amount', 'Amount sent', 'number', 'sum', { description: 'EUR' }],
      ['sent_at', 'Send date', 'time'],
      ['origin_country', 'Sending country', 'string'],
      ['payee_country', 'Payee country', 'string', undefined, { description: 'destination of the funds' }],
      ['currency', 'Currency', 'string'],
    ]),
  ],
};
const transferValues = new Map<string, string[]>([
  ['wires.origin_country', ['Norway', 'Chile', 'Kenya']],
  ['wires.payee_country', ['Norway', 'Chile', 'Kenya']],
  ['wires.currency', ['NOK', 'CLP']],
]);

// Container shipping: the port a box is loaded at and the one it is discharged at; descriptions say which end.
const boxes: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('containers', 'Container moves', [
      ['count', 'Containers', 'number', 'count'],
      ['teu', 'TEU', 'number', 'sum'],
      ['moved_at', 'Move date', 'time'],
      ['load_port', 'Load port', 'string', undefined, { description: 'port of departure' }],
      ['discharge_port', 'Discharge port', 'string', undefined, { description: 'port of arrival' }],
    ]),
  ],
};
const boxValues = new Map<string, string[]>([
  ['containers.load_port', ['Valparaiso', 'Mombasa', 'Bergen']],
  ['containers.discharge_port', ['Valparaiso', 'Mombasa', 'Bergen']],
]);

// A museum: each visit's gallery, and the wing the gallery is in (a joined lookup) — and the hall a ticket was sold
// at, which names galleries too but is another thing.
const museum: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('visits', 'Gallery visits', [
      ['count', 'Visits', 'number', 'count'],
      ['dwell', 'Average dwell time', 'number', 'avg', { description: 'minutes' }],
      ['visited_at', 'Visit date', 'time'],
      ['gallery', 'Gallery', 'string'],
      ['galleries_wing', 'Wing', 'string'],
      ['sold_at_hall', 'Ticket hall', 'string'],
    ]),
  ],
};
const museumValues = new Map<string, string[]>([
  ['visits.gallery', ['Rotunda', 'Cloister', 'Atrium']],
  ['visits.galleries_wing', ['Rotunda', 'North wing']],
  ['visits.sold_at_hall', ['Atrium', 'Lobby']],
]);

const ask = (meta: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);

describe('local analyst: values and the dimensions they belong to', () => {
  it('a value two dimensions hold on the same rows is taken without asking', () => {
    const values = new Map(museumValues);
    const before = ask(museum, values, 'average dwell time in the rotunda');
    assert.ok(isDecline(before) && /Gallery/.test(before.decline) && /Wing/.test(before.decline));
    setSameRows(values, 'visits.gallery', 'visits.galleries_wing', ['Rotunda']);
    const p = planner(museum, values)('average dwell time in the rotunda');
    assert.equal(p.measure.name, 'visits.dwell');
    assert.deepEqual(filters(p), ['gallery = Rotunda']);
  });

  it('a value two dimensions hold on different rows is still asked back', () => {
    const values = new Map(museumValues);
    setSameRows(values, 'visits.gallery', 'visits.galleries_wing', ['Rotunda']);
    const p = ask(museum, values, 'visits to the atrium last month');
    assert.ok(isDecline(p) && /Gallery/.test(p.decline) && /Ticket hall/.test(p.decline));
  });

  it('the look-up checks only pairs of dimensions of one source that share a value', () => {
    const [source] = buildCatalog(museum);
    const sql = sameRowsSql([source], museumValues, categorical);
    assert.equal(sql.length, 1);
    assert.match(sql[0], /'visits\.galleries_wing visits\.gallery'/);
    assert.match(sql[0], /'visits\.gallery visits\.sold_at_hall'/);
    assert.doesNotMatch(sql[0], /'visits\.galleries_wing visits\.sold_at_hall'/);
  });

  it('direction words before a value choose the end a member says by its description', () => {
    const plan = planner(boxes, boxValues);
    assert.deepEqual(filters(plan('how many containers departing from mombasa last month')), ['load_port = Mombasa']);
    assert.deepEqual(filters(plan('total teu arriving at bergen in 2025')), ['discharge_port = Bergen']);
    assert.ok(isDecline(ask(boxes, boxValues, 'how many containers at valparaiso last month')));
    const wires = planner(transfers, transferValues);
    assert.deepEqual(filters(wires('amount sent with destination kenya')), ['payee_country = Kenya']);
    assert.deepEqual(filters(wires('transfers out of chile in 2025')), ['origin_country = Chile']);
  });

  it('a direction word in a breakdown chooses between two dimensions of one kind', () => {
    const plan = planner(transfers, transferValues);
    assert.deepEqual(
      plan('amount sent by destination country').groups.map((g) => g.name),
      ['wires.payee_country'],
    );
    assert.deepEqual(
      plan('transfers by origin country in 2025').groups.map((g) => g.name),
      ['wires.origin_country'],
    );
    assert.deepEqual(
      planner(boxes, boxValues)('teu by destination port').groups.map((g) => g.name),
      ['containers.discharge_port'],
    );
    const p = ask(transfers, transferValues, 'transfers by country');
    assert.ok(isDecline(p) && /Sending country/.test(p.decline));
  });

  it('an end\u2019s noun alone after "by" names the dimension of that end ("by destination")', () => {
    assert.deepEqual(
      planner(boxes, boxValues)('teu by origin').groups.map((g) => g.name),
      ['containers.load_port'],
    );
    assert.deepEqual(
      planner(transfers, transferValues)('amount sent by destination in 2025').groups.map((g) => g.name),
      ['wires.payee_country'],
    );
  });

  it('a verb of moving before "to" or "from" goes with the value of that end', () => {
    const one: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('parcels', 'Parcels', [
          ['count', 'Parcels', 'number', 'count'],
          ['dest_city', 'Destination city', 'string'],
        ]),
      ],
    };
    const values = new Map([['parcels.dest_city', ['Lisbon', 'Porto']]]);
    assert.deepEqual(filters(planner(one, values)('how many parcels were headed to lisbon')), ['dest_city = Lisbon']);
    assert.deepEqual(filters(planner(boxes, boxValues)('teu shipped to bergen last year')), [
      'discharge_port = Bergen',
    ]);
  });

  it('verbs of starting and ending choose the start or the end station ("rides starting at", "ended at")', () => {
    const bikes: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('rides', 'Bike rides', [
          ['count', 'Rides', 'number', 'count'],
          ['minutes', 'Average ride time', 'number', 'avg'],
          ['started_at', 'Start time', 'time'],
          ['start_station', 'Start station', 'string'],
          ['end_station', 'End station', 'string'],
        ]),
      ],
    };
    const values = new Map([
      ['rides.start_station', ['Pier 9', 'Union Square']],
      ['rides.end_station', ['Pier 9', 'Union Square']],
    ]);
    const plan = planner(bikes, values);
    assert.deepEqual(filters(plan('rides starting at pier 9 last month')), ['start_station = Pier 9']);
    assert.deepEqual(filters(plan('how many rides ended at union square')), ['end_station = Union Square']);
    assert.deepEqual(filters(plan('avg ride time for rides picked up at pier 9')), ['start_station = Pier 9']);
    assert.deepEqual(
      plan('rides by destination').groups.map((g) => g.name),
      ['rides.end_station'],
    );
    assert.ok(isDecline(ask(bikes, values, 'rides at pier 9')));
  });

  it('a direction word before the one dimension of its end names it ("which destination countries")', () => {
    const one: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('remits', 'Remittances', [
          ['count', 'Remittances', 'number', 'count'],
          ['to_country', 'Receiving country', 'string'],
        ]),
      ],
    };
    const p = planner(one, new Map())('which destination countries get the most remittances');
    assert.deepEqual(
      p.groups.map((g) => g.name),
      ['remits.to_country'],
    );
  });
});
