// The planner on classes of the meal-kit, trucking and earthquake held-out sets, over models written here in other
// domains (an alpine club's expeditions, a coast's lighthouses, a bakery's bakes): chat shorthand ("r" for "are");
// a name's first word in lower case after "for" or "at" ("for brightwater": Brightwater Alpine Club); a comparative
// with its unit written on the number ("heavier than 25kg"); "furthest north" as the model titles the extreme
// (Northernmost latitude); a superlative naming a measure of a minimum ranks the least first; and a participle made
// of the rows' noun ("Baked loaves" of Bakes) is a word the question must say, so "loaves" is Total loaves; and a
// word after "the" that is a value's ("the trust": Ocean Trust) is not let go because a member's title has it too; a
// hyphenated word is named with its particle ("plug-ins", "plugins"), "charging plugs" being no Plug-ins; the words
// opening the source's title ("dublin wards") are the data, no part of a value; "the prime meridian" is longitude 0.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

const expeditions: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('expeditions', 'Expedition log', [
      ['count', 'Expeditions', 'number', 'count'],
      ['max_altitude', 'Highest camp', 'number', 'max', { over: 'altitude' }],
      ['club', 'Club', 'string'],
      ['route', 'Route', 'string'],
      ['altitude', 'Altitude (m)', 'number'],
      ['pack_weight', 'Pack weight (kg)', 'number'],
      ['in_service', 'In service since', 'time'],
      ['started_at', 'Start date', 'time'],
    ]),
  ],
};
const clubs = new Map([
  ['expeditions.club', ['Brightwater Alpine Club', 'Oakley Ridge Club', 'Grand Couloir Society']],
  ['expeditions.route', ['North Ridge', 'West Face', 'Oakley Traverse']],
]);

const lighthouses: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('lighthouses', 'Lighthouses', [
      ['count', 'Lighthouses', 'number', 'count'],
      ['north', 'Northernmost latitude', 'number', 'max', { over: 'latitude' }],
      ['west', 'Westernmost longitude', 'number', 'min', { over: 'longitude' }],
      ['name', 'Lighthouse', 'string'],
      ['latitude', 'Latitude', 'number'],
      ['longitude', 'Longitude', 'number'],
    ]),
  ],
};

const bakes: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('bakes', 'Bakes', [
      ['count', 'Bakes', 'number', 'count'],
      ['baked', 'Baked loaves', 'number', 'sum'],
      ['unsold', 'Unsold loaves', 'number', 'sum'],
      ['loaves', 'Total loaves', 'number', 'sum'],
      ['oven', 'Oven', 'string'],
      ['baked_at', 'Bake date', 'time'],
    ]),
  ],
};

describe('analyst classes: the asker’s own terms', () => {
  it('reads "r" as "are" and "u" as "you", and keeps R as a value', () => {
    const ask = planner(expeditions, new Map([['expeditions.route', ['R', 'North Ridge']]]));
    assert.deepEqual(filters(ask('how many expeditions r on the north ridge')), ['route = North Ridge']);
    assert.deepEqual(filters(ask('can u count expeditions on the north ridge')), ['route = North Ridge']);
    assert.deepEqual(filters(ask('how many expeditions took route R')), ['route = R']);
  });

  it('reads a name’s first word in lower case after "for" or "at" as that name', () => {
    const ask = planner(expeditions, clubs);
    assert.deepEqual(filters(ask('how many expeditions for brightwater in 2025')), ['club = Brightwater Alpine Club']);
    assert.deepEqual(filters(ask('expeditions at brightwater last year')), ['club = Brightwater Alpine Club']);
    // A name's later word is no name of its own, nor is a word two names open (Oakley Ridge Club, Oakley Traverse).
    assert.ok(declineOf(expeditions, 'how many expeditions for couloir', clubs));
    assert.ok(declineOf(expeditions, 'how many expeditions for oakley', clubs));
  });

  it('reads a comparative whose unit is written on the number, when the column is kept in that unit', () => {
    const ask = planner(expeditions, clubs);
    assert.deepEqual(filters(ask('expeditions with packs heavier than 25kg')), ['pack_weight > 25']);
    assert.deepEqual(filters(ask('expeditions with packs heavier than 25 kg')), ['pack_weight > 25']);
    assert.ok(declineOf(expeditions, 'expeditions with packs heavier than 25mg', clubs));
  });

  it('reads "furthest north" and "most westerly" as the extremes the model titles, ranked their own way', () => {
    const ask = planner(lighthouses, new Map([['lighthouses.name', ['Cape Wrath', 'Lizard Point']]]));
    const north = ask('top 2 lighthouses furthest north');
    assert.equal(north.measure.column, 'north');
    assert.deepEqual(north.order, { dir: 'DESC', limit: 2 });
    const west = ask('which lighthouse is the most westerly');
    assert.equal(west.measure.column, 'west');
    assert.equal(west.order?.dir, 'ASC');
    assert.equal(ask('which lighthouse is the westernmost').order?.dir, 'ASC');
  });

  it('takes a participle of the rows’ noun in a title as a word the question must say', () => {
    const ask = planner(bakes, new Map([['bakes.oven', ['Deck', 'Rack']]]));
    assert.equal(ask('loaves last month').measure.column, 'loaves');
    assert.equal(ask('loaves by oven in 2025').measure.column, 'loaves');
    assert.equal(ask('baked loaves last month').measure.column, 'baked');
  });
});

const grants: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('grants', 'Grant awards', [
      ['count', 'Grants', 'number', 'count'],
      ['funder', 'Funder', 'string'],
      ['parent_funder', 'Parent funder', 'string'],
      ['trust_code', 'Trust code', 'number'],
    ]),
  ],
};

describe('analyst classes: a word of a value that also names a member', () => {
  it('is not let go when "the" makes it a thing of its own ("the trust"): no count of every grant', () => {
    const values = new Map([
      ['grants.funder', ['Ocean Trust', 'Hill Foundation']],
      ['grants.parent_funder', ['Ocean Trust', 'Civic Fund']],
    ]);
    // Two dimensions hold Ocean Trust: which one is meant, the question does not say.
    assert.ok(declineOf(grants, 'how many grants did the trust give', values));
    assert.deepEqual(filters(planner(grants, values)('how many grants by trust code')), []);
  });
});

const charging: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sessions', 'Charging sessions', [
      ['count', 'Plug-ins', 'number', 'count'],
      ['kwh', 'Energy delivered', 'number', 'sum'],
      ['plugged_at', 'Plugged in', 'time'],
    ]),
    view('car_parks', 'Car parks', [
      ['count', 'Car parks', 'number', 'count'],
      ['plugs', 'Charging plugs', 'number', 'sum'],
      ['name', 'Car park', 'string'],
    ]),
  ],
};

describe('analyst classes: a hyphenated word with its particle', () => {
  it('is named whole ("plug-ins", "plugins"), not by its first part ("charging plugs" are no Plug-ins)', () => {
    const ask = planner(charging, new Map([['car_parks.name', ['Quayside', 'Station']]]));
    assert.equal(ask('how many charging plugs do we have in total').measure.name, 'car_parks.plugs');
    assert.equal(ask('how many plug-ins last month').measure.name, 'sessions.count');
    assert.equal(ask('how many plugins last month').measure.name, 'sessions.count');
  });
});

const wards: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('wards', 'Dublin wards', [
      ['count', 'Wards', 'number', 'count'],
      ['ward', 'Ward', 'string'],
      ['longitude', 'Longitude', 'number'],
      ['latitude', 'Latitude', 'number'],
    ]),
  ],
};

describe('analyst classes: the source’s own title and the lines at 0', () => {
  it('reads "dublin wards" as the data, no ward of Dublin, and the meridian and the equator as 0', () => {
    const ask = planner(wards, new Map([['wards.ward', ['Dublin Bay North', 'Rathmines', 'Cabra']]]));
    assert.deepEqual(filters(ask('how many dublin wards are west of the prime meridian')), ['longitude < 0']);
    assert.deepEqual(filters(ask('how many wards are east of the greenwich meridian')), ['longitude > 0']);
    assert.deepEqual(filters(ask('how many wards are north of the equator')), ['latitude > 0']);
    // A value spelled whole stays ("cabra wards").
    assert.deepEqual(filters(ask('how many cabra wards')), ['ward = Cabra']);
  });
});
