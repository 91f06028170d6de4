// The planner on words as people write them, over models written here (a freight carrier's shipments, a clinic group's
// bills and visits, a city table, a hospital's staff rota, a chain of cold stores, a gym, ferry sailings, mobile
// usage): shorthand ("hrs", "appts"); "5g" as 5G; a verb of moving read with "from" or "into"; a code is named as
// written ("codes" is no port COD, "vans" is the class VAN); a segment's bound is read with its scale word ("over 2
// million residents"); a noun the description lists as the rows' kind is that kind when it is a value ("nurses"); a
// statistic no word asks for gives way to the sum the words name as titled ("amount billed": Billed, not Average bill);
// "bill total" is the bills' sum; a measure named by its title beats a count of other rows a flag keeps; "how many of
// our stores" counts no other rows; "which nurses …" is never one total; and "new york state" is the state, not the
// city.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

const freight: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('shipments', 'Shipments', [
      ['count', 'Shipments', 'number', 'count'],
      ['weight', 'Weight shipped', 'number', 'sum', { description: 'kg' }],
      ['avg_transit', 'Avg shipment time', 'number', 'avg', { description: 'hours in transit' }],
      ['port', 'Port', 'string', undefined, { description: 'port code' }],
      ['vehicle_class', 'Vehicle class', 'string'],
      ['origin_city', 'Origin city', 'string'],
      ['origin_state', 'Origin state', 'string'],
      ['destination_city', 'Destination city', 'string'],
      ['destination_state', 'Destination state', 'string'],
      ['shipped_at', 'Shipped', 'time'],
    ]),
  ],
};
const freightValues = new Map([
  ['shipments.port', ['COD', 'RIO', 'SEA', 'OAK']],
  ['shipments.vehicle_class', ['VAN', 'TRUCK', 'TRAILER']],
  ['shipments.origin_city', ['New York', 'Miami', 'Los Angeles']],
  ['shipments.origin_state', ['NY', 'FL', 'CA']],
  ['shipments.destination_city', ['New York', 'Newark', 'Albany', 'Los Angeles']],
  ['shipments.destination_state', ['NY', 'NJ', 'CA']],
]);

const cities: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('cities', 'Cities', [
      ['count', 'Cities', 'number', 'count'],
      ['avg_rent', 'Average rent', 'number', 'avg', { over: 'rent' }],
      ['rent', 'Rent', 'number'],
      ['income', 'Income per resident', 'number'],
      ['residents', 'Residents', 'number'],
      ['big', 'Over 2 million residents', 'boolean', undefined, { segment: true }],
    ]),
  ],
};

const rota: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      ...view('staff', 'Staff', [
        ['count', 'Staff', 'number', 'count'],
        ['avg_shift', 'Average shift length', 'number', 'avg', { over: 'shift_hours' }],
        ['shift_hours', 'Shift hours', 'number'],
        ['role', 'Role', 'string'],
        ['ward', 'Ward', 'string'],
      ]),
      description: 'Ward staff: nurses, doctors and porters',
    },
  ],
};
const rotaValues = new Map([
  ['staff.role', ['Nurse', 'Doctor', 'Porter']],
  ['staff.ward', ['Maternity', 'Cardiology']],
]);

const clinicValues = new Map([
  ['ledger.patients_name', ['Ada Brook', 'Tom Reyes', 'Mia Chen']],
  ['ledger.clinic', ['Harbour', 'Hillside']],
]);
const clinics: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('ledger', 'Ledger', [
      ['count', 'Bills', 'number', 'count'],
      ['billed', 'Billed', 'number', 'sum', { over: 'amount' }],
      ['avg_amount', 'Average bill', 'number', 'avg', { over: 'amount' }],
      ['amount', 'Amount', 'number'],
      ['clinic', 'Clinic', 'string'],
      ['patients_name', 'Patient', 'string'],
      ['issued_at', 'Issued', 'time'],
      ['overdue', 'Overdue bills', 'boolean', undefined, { segment: true }],
    ]),
    view('visits', 'Visits', [
      ['count', 'Visits', 'number', 'count'],
      ['billed', 'Billed', 'boolean'],
      ['clinic', 'Clinic', 'string'],
      ['visited_at', 'Visited', 'time'],
    ]),
  ],
};

const stores: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('deliveries', 'Deliveries', [
      ['count', 'Deliveries', 'number', 'count'],
      ['pallets', 'Pallets', 'number', 'sum'],
      ['unit', 'Unit', 'string'],
      ['stores_name', 'Store', 'string'],
      ['stores_has_freezer', 'Has freezer', 'boolean'],
    ]),
    view('store_list', 'Stores', [
      ['count', 'Stores', 'number', 'count'],
      ['name', 'Store', 'string'],
      ['has_freezer', 'Has freezer', 'boolean'],
    ]),
  ],
};
const storeValues = new Map([['deliveries.unit', ['freezer', 'chiller']]]);

const gym: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('members', 'Members', [
      ['count', 'Members', 'number', 'count'],
      ['vip_member', 'VIP member', 'boolean'],
      ['vip_members', 'VIP members', 'boolean', undefined, { segment: true }],
      ['club', 'Club', 'string'],
    ]),
    view('sessions', 'Sessions', [
      ['count', 'Appointments', 'number', 'count'],
      ['trainer_hours', 'Trainer hours', 'number', 'sum'],
      ['club', 'Club', 'string'],
      ['booked_at', 'Booked', 'time'],
    ]),
  ],
};

const ferries: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sailings', 'Sailings', [
      ['count', 'Sailings', 'number', 'count'],
      ['passengers', 'Passengers', 'number', 'sum'],
      ['origin_port', 'Origin port', 'string'],
      ['destination_port', 'Destination port', 'string'],
      ['sailed_at', 'Departure', 'time'],
    ]),
  ],
};
const ferryValues = new Map([
  ['sailings.origin_port', ['Dover', 'Calais', 'Bergen']],
  ['sailings.destination_port', ['Dover', 'Calais', 'Bergen']],
]);

const mobile: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('usage', 'Mobile usage', [
      ['count', 'Sessions', 'number', 'count'],
      ['data_gb', 'Data used', 'number', 'sum', { description: 'GB' }],
      ['network', 'Network', 'string'],
      ['started_at', 'Started', 'time'],
    ]),
  ],
};

describe('local analyst: words as people write them', () => {
  it('a short word with a digit is a value however it is cased ("5g" is the network 5G)', () => {
    const ask = planner(mobile, new Map([['usage.network', ['4G', '5G', 'LTE']]]));
    assert.deepEqual(filters(ask('data used on 5g last month')), ['network = 5G']);
    assert.deepEqual(filters(ask('data used on 5G last month')), ['network = 5G']);
  });

  it('a verb of moving before "from" or "into" is read with it; a value listed after another is at the same end', () => {
    const ask = planner(ferries, ferryValues);
    assert.deepEqual(filters(ask('how many sailings leave from Dover')), ['origin_port = Dover']);
    assert.deepEqual(filters(ask('how many sailings sail into Bergen')), ['destination_port = Bergen']);
    assert.deepEqual(filters(ask('passengers arriving at Calais last month')), ['destination_port = Calais']);
    const both = ask('passengers departing Dover vs Calais');
    assert.deepEqual(
      both.compare?.map((side) => side.filters.map((f) => `${f.field.column} = ${f.values.join()}`)),
      [['origin_port = Dover'], ['origin_port = Calais']],
    );
  });

  it('"hrs" are hours and "appts" appointments; columns of one cube sharing a first word are no joined entity', () => {
    const ask = planner(gym, new Map());
    assert.equal(ask('trainer hrs by club in 2025').measure.column, 'trainer_hours');
    assert.equal(ask('appts by club last month').measure.column, 'count');
    const vip = ask('how many vip members do we have');
    assert.equal(vip.measure.source, 'members');
    assert.equal(vip.filters.length, 1);
  });

  it('a code is named as written, or with a plural "s": "codes" is no port COD, "vans" is the class VAN', () => {
    const ask = planner(freight, freightValues);
    assert.deepEqual(filters(ask('shipments by port code in 2025')), []);
    // Declined, or answered over every port: never the port COD alone.
    const codes = 'top 5 ports by weight shipped (just the codes)';
    if (declineOf(freight, codes, freightValues) === undefined)
      assert.deepEqual(filters(ask(codes)), [], 'no port COD');
    assert.deepEqual(filters(ask('weight shipped by vans in 2025')), ['vehicle_class = VAN']);
    assert.deepEqual(filters(ask('shipments through COD last month')), ['port = COD']);
  });

  it('a segment’s bound is read with its scale word: "more than 2 million residents"', () => {
    const p = planner(cities, new Map())('average rent in cities with more than 2 million residents');
    assert.equal(p.measure.column, 'avg_rent');
    assert.deepEqual(filters(p), ['big = true']);
  });

  it('a kind of rows the description lists is a filter when it is a value as written ("nurses")', () => {
    const ask = planner(rota, rotaValues);
    assert.deepEqual(filters(ask('avg shift length for nurses')), ['role = Nurse']);
    assert.deepEqual(filters(ask('how many porters per ward')), ['role = Porter']);
    assert.deepEqual(filters(ask('how many staff per ward')), []);
    // "which nurses …": a question asking which is never answered by one total over the nurses.
    const which = 'which nurses have the longest average shift length';
    assert.ok(declineOf(rota, which, rotaValues) !== undefined || ask(which).groups.length > 0, which);
  });

  it('a statistic no word asks for gives way to the sum the words name as titled', () => {
    const ask = planner(clinics, clinicValues);
    assert.equal(ask('top 3 clinics by amount billed').measure.column, 'billed');
    assert.equal(ask('average bill by clinic').measure.column, 'avg_amount');
    // "overdue bill amount": the amount of several bills is their total.
    const overdue = ask('overdue bill amount by clinic');
    assert.equal(overdue.measure.column, 'billed');
    assert.deepEqual(filters(overdue), ['overdue = true']);
    // Asked for: the average per patient of what was billed (a total per patient, not Average bill by patient).
    // An average asked for keeps the measure computing it ("slowest shipments on average": Avg shipment time).
    assert.equal(
      planner(freight, freightValues)('which port has the slowest shipments on average').measure.column,
      'avg_transit',
    );
    const per = ask('average billed per patient');
    assert.equal(per.measure.column, 'billed');
    assert.equal(per.per?.column, 'patients_name');
    assert.equal(per.groups.length, 0);
  });

  it('"bill total" is the bills’ sum; "total bills" their count', () => {
    const ask = planner(clinics, clinicValues);
    const total = ask('overdue bill total by clinic');
    assert.equal(total.measure.column, 'billed');
    assert.deepEqual(filters(total), ['overdue = true']);
    assert.equal(ask('total overdue bills').measure.column, 'count');
  });

  it('a measure the question names by its title beats a count of other rows a flag of that word keeps', () => {
    const p = planner(clinics, clinicValues)('which clinic have we billed the most');
    assert.equal(p.measure.column, 'billed');
    assert.equal(p.measure.source, 'ledger');
  });

  it('"how many of our stores …" counts stores, never the rows another word names', () => {
    // Declined, or the stores counted: never the deliveries to a freezer unit.
    const q = 'how many of our stores have a freezer unit';
    if (declineOf(stores, q, storeValues) === undefined)
      assert.equal(planner(stores, storeValues)(q).measure.source, 'store_list');
  });

  it('"new york state" is the state when the word after the value names it; "new york" alone, the city', () => {
    const ask = planner(freight, freightValues);
    assert.deepEqual(filters(ask('weight shipped to new york state')), ['destination_state = NY']);
    assert.deepEqual(filters(ask('weight shipped from florida to new york state')), [
      'destination_state = NY',
      'origin_state = FL',
    ]);
    assert.deepEqual(filters(ask('weight shipped to new york')), ['destination_city = New York']);
  });
});
