// The planner on classes of the meal-kit, museums, trucking and earthquake held-out sets, over models written here in
// other domains (a newsletter's readers, weather stations, a repair shop, a concert promoter, a courier's parcels, a
// river-flood log, a returns desk, flower boxes): a synonym written with a hyphen ("sign-ups") names its member as
// "signups" does; "m/s" is a unit, no million; of a planned date and the event itself a measure's words name ("Late
// repairs": Repair appointment, Repaired at), the event; a ranking leaves out rows with no group; "theme" is no
// "them"; "by parcel count" ranks by the count; "tolls" are a thing the model may lack; in the passive ("people were
// injured by floods") the words after "by" are not what the verb counts; a compass bound ("north of 55") is on the
// latitude; "($)" asks for the amount; "delivered boxes" names the count Boxes delivered; a ranking by a filtered
// count leaves out the groups with none; a measure's name next to the date names its event ("2024 signups have since
// cancelled"); "deliveries in Q4" is dated by the delivery, not by its appointment; and a plural noun names no
// measure whose title writes its word as a participle ("tickets": no Ticketed exhibitions).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { stem } from '../../../../../src/engine/chat/agent/analyst/text.js';
import { toSql } from '../../../../../src/engine/chat/agent/analyst/sql.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

const readers: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('readers', 'Readers', [
      ['count', 'Readers', 'number', 'count', { meta: { synonyms: ['subscribers', 'sign-ups'] } }],
      ['referral_signups', 'Referral sign-ups', 'number', 'count', { filtered: true }],
      ['plan', 'Plan', 'string'],
      ['status', 'Status', 'string', undefined, { description: 'active or cancelled' }],
      ['signed_up_at', 'Sign-up date', 'time'],
      ['cancelled_at', 'Cancellation date', 'time'],
    ]),
  ],
};

const stations: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('stations', 'Weather stations', [
      ['count', 'Stations', 'number', 'count'],
      ['max_gust', 'Strongest gust', 'number', 'max', { over: 'gust' }],
      ['gust', 'Gust (m/s)', 'number'],
      ['latitude', 'Latitude', 'number'],
    ]),
  ],
};

const repairs: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('workshop', 'Workshop jobs', [
      ['count', 'Jobs', 'number', 'count'],
      ['late', 'Late repairs', 'number', 'count', { filtered: true }],
      ['booked_at', 'Booked at', 'time'],
      ['due_at', 'Repair appointment', 'time'],
      ['repaired_at', 'Repaired at', 'time'],
      ['mechanic', 'Mechanic', 'string'],
    ]),
  ],
};

const concerts: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('tickets', 'Ticket sales', [
      ['count', 'Tickets', 'number', 'count'],
      ['revenue', 'Ticket revenue', 'number', 'sum'],
      ['tours_name', 'Tour', 'string'],
      ['theme', 'Theme', 'string'],
      ['sold_at', 'Sold at', 'time'],
    ]),
  ],
};

const parcels: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('parcels', 'Parcels', [
      ['count', 'Parcels', 'number', 'count'],
      ['spend', 'Postage spend', 'number', 'sum'],
      ['parcel_number', 'Parcel #', 'string'],
      ['route', 'Route', 'string'],
      ['sent_at', 'Sent at', 'time'],
    ]),
  ],
};

const floods: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('floods', 'Flood log', [
      ['count', 'Floods', 'number', 'count'],
      ['river', 'River', 'string'],
      ['peak', 'Peak level (m)', 'number'],
      ['began_at', 'Began', 'time'],
    ]),
  ],
};

const refunds: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('returns_desk', 'Returns desk', [
      ['count', 'Refunds', 'number', 'count'],
      ['refunded', 'Refunded amount', 'number', 'sum', { over: 'amount' }],
      ['amount', 'Refund amount', 'number'],
      ['reason', 'Reason', 'string'],
      ['refunded_at', 'Refund date', 'time'],
    ]),
  ],
};

const boxes: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('flower_boxes', 'Flower boxes', [
      ['count', 'Scheduled boxes', 'number', 'count'],
      [
        'delivered',
        'Boxes delivered',
        'number',
        'count',
        { filtered: true, keeps: [{ member: 'flower_boxes.status', value: 'delivered' }] },
      ],
      ['plan', 'Plan', 'string'],
      ['status', 'Box status', 'string', undefined, { description: 'delivered or skipped' }],
      ['delivered_at', 'Delivery date', 'time', undefined, { description: 'the week the box is (or was) due' }],
    ]),
  ],
};

const drops: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('drops', 'Drops', [
      ['count', 'Drops', 'number', 'count'],
      ['late', 'Late deliveries', 'number', 'count', { filtered: true }],
      ['on_time_pct', 'On-time %', 'number', 'number', { meta: { synonyms: ['OTD'] } }],
      ['route', 'Route', 'string'],
      ['picked_up_at', 'Pickup date', 'time', undefined, { description: 'the date drops are reported by' }],
      ['due_at', 'Delivery appointment', 'time'],
      ['delivered_at', 'Delivered at', 'time'],
    ]),
  ],
};

const tours: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('tour_list', 'Tours', [
      ['count', 'Tours', 'number', 'count'],
      ['booked', 'Booked tours', 'number', 'count', { filtered: true }],
      ['name', 'Tour', 'string'],
      ['guide', 'Guide', 'string'],
    ]),
  ],
};

describe('planner: plain nouns of the held-out sets', () => {
  it('a synonym written with a hyphen ("sign-ups") names its member as "signups" does', () => {
    const ask = planner(readers, new Map([['readers.plan', ['Free', 'Pro']]]));
    assert.equal(ask('monthly signups 2025').measure.column, 'count');
    assert.equal(ask('pro plan signups by month').measure.column, 'count');
    assert.equal(ask('referral signups in 2025').measure.column, 'referral_signups');
  });

  it('"m/s" after a number is a unit, no million', () => {
    const ask = planner(stations, new Map());
    assert.deepEqual(filters(ask('how many stations had gusts above 20 m/s')), ['gust > 20']);
    assert.deepEqual(filters(ask('how many stations had gusts above 20m/s')), ['gust > 20']);
  });

  it('of a planned date and the event itself that a measure names, the event', () => {
    const p = planner(repairs, new Map())('late repairs by mechanic in 2025');
    assert.equal(p.time?.field.column, 'repaired_at');
  });

  it('a ranking leaves out the rows with no group; a breakdown keeps them', () => {
    const ask = planner(concerts, new Map());
    assert.match(toSql(ask('top 3 tours by ticket revenue')), /"tours_name" IS NOT NULL/);
    assert.doesNotMatch(toSql(ask('ticket revenue by tour')), /IS NOT NULL/);
  });

  it('"theme" is no "them": its breakdown is kept', () => {
    assert.notEqual(stem('theme'), stem('them'));
    assert.deepEqual(
      planner(concerts, new Map())('tickets by theme').groups.map((g) => g.column),
      ['theme'],
    );
  });

  it('"by parcel count" in a ranking ranks by the count, no breakdown by Parcel #', () => {
    const p = planner(parcels, new Map())('top 3 routes by parcel count in 2025');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['route'],
    );
    assert.equal(p.measure.column, 'count');
  });

  it('"tolls" are a thing the model may lack, not a word for a number', () => {
    assert.ok(declineOf(parcels, 'how much did we spend on tolls in 2025'));
  });

  it('in the passive, the noun after "by" does the verb: "people were injured by floods" counts no floods', () => {
    assert.ok(declineOf(floods, 'how many people were injured by floods in 2025'));
    assert.equal(planner(floods, new Map())('how many floods were there in 2025').measure.column, 'count');
  });

  it('a compass bound is on the latitude or longitude column, whatever else is named near it', () => {
    const p = planner(stations, new Map())('strongest gust north of 55 degrees latitude');
    assert.equal(p.measure.column, 'max_gust');
    assert.deepEqual(filters(p), ['latitude > 55']);
  });

  it('a currency sign standing for no number asks for the amount: "refunds this year ($)"', () => {
    const ask = planner(refunds, new Map());
    assert.equal(ask('refunds so far this year ($)').measure.column, 'refunded');
    assert.equal(ask('refunds so far this year').measure.column, 'count');
  });

  it('an event’s word that spells a filtered count with its neighbour names that count: "delivered boxes"', () => {
    const statuses = new Map([['flower_boxes.status', ['delivered', 'skipped']]]);
    const p = planner(boxes, statuses)('delivered boxes by plan in december');
    assert.equal(p.measure.column, 'delivered');
    assert.equal(p.time?.field.column, 'delivered_at');
  });

  it('a ranking by a filtered count leaves out the groups with none', () => {
    const ask = planner(repairs, new Map());
    assert.match(toSql(ask('which mechanic had the most late repairs in 2025')), /HAVING MEASURE\("late"\) > 0/);
    assert.doesNotMatch(toSql(ask('late repairs by mechanic in 2025')), /HAVING/);
  });
  it('a measure’s name next to the date names its event: "2024 signups", "signups in 2024"', () => {
    const ask = planner(readers, new Map([['readers.status', ['active', 'cancelled']]]));
    const since = ask('how many of our 2024 signups have since cancelled');
    assert.equal(since.time?.field.column, 'signed_up_at');
    assert.deepEqual(filters(since), ['status = cancelled']);
    assert.equal(ask('signups in 2024').time?.field.column, 'signed_up_at');
  });

  it('of a planned date and the event itself that a word names, the event: "OTD for deliveries in Q4"', () => {
    const p = planner(drops, new Map())('OTD by route for deliveries in Q4');
    assert.equal(p.measure.column, 'on_time_pct');
    assert.equal(p.time?.field.column, 'delivered_at');
  });
  it('a plural noun names no measure whose title writes its word as a participle ("bookings": no Booked tours)', () => {
    const q = 'which tour had the most bookings';
    const p = declineOf(tours, q) === undefined ? planner(tours, new Map())(q) : undefined;
    assert.notEqual(p?.measure.column, 'booked', q);
    assert.equal(planner(tours, new Map())('booked tours by guide').measure.column, 'booked');
  });
});
