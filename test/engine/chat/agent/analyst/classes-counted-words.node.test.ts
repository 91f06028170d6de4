// The planner on what a count or an extreme is of, over models written here (a marina's members, a radio station's
// shows, a reservoir's monthly levels): "number of shows per host" is by host; "how many members have lapsed" is the
// count named so (Lapsed members); "highest monthly level" is one number; "trading volume" names no count of rows.
// ("how many desks do we have", a total the model keeps over bookings of a desk, is the coworking set's.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

const marina: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('berth_bookings', 'Berth bookings', [
      ['count', 'Bookings', 'number', 'count'],
      ['berth_kind', 'Berth kind', 'string'],
      ['harbour', 'Harbour', 'string'],
    ]),
    view('harbours', 'Harbours', [
      ['count', 'Harbours', 'number', 'count'],
      ['total_berths', 'Total berths', 'number', 'sum'],
      ['harbour', 'Harbour', 'string'],
    ]),
    view('members', 'Members', [
      ['count', 'Members', 'number', 'count'],
      ['lapsed', 'Lapsed members', 'number', 'count', { filtered: true }],
      ['club', 'Club', 'string'],
    ]),
  ],
};
const marinaValues = new Map([
  ['berth_bookings.berth_kind', ['berth', 'mooring']],
  ['berth_bookings.harbour', ['Northport', 'Southport']],
  ['harbours.harbour', ['Northport', 'Southport']],
  ['members.club', ['Sail', 'Row']],
]);
const radio: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('shows', 'Shows', [
      ['count', 'Shows', 'number', 'count'],
      ['host', 'Host', 'string'],
      ['aired_at', 'Aired at', 'time'],
    ]),
  ],
};
const reservoir: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('levels', 'Reservoir levels', [
      ['count', 'Months', 'number', 'count'],
      ['max_level', 'Highest level', 'number', 'max'],
      ['month', 'Month', 'time'],
    ]),
  ],
};

describe('local analyst: what a count or an extreme is of', () => {
  it('"number of X per Y" is by Y', () => {
    const p = planner(radio, new Map())('number of shows per host last year');
    assert.equal(p.measure.column, 'count');
    assert.equal(p.per, undefined);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['host'],
    );
  });

  it('a count named by the counted noun and the past form after it is that count', () => {
    const p = planner(marina, marinaValues)('how many sail members have lapsed');
    assert.equal(p.measure.column, 'lapsed');
    assert.deepEqual(filters(p), ['club = Sail']);
  });

  it('"highest monthly level" is one number; "trading volume" names no count of rows', () => {
    const p = planner(reservoir, new Map())('highest monthly level in 2024');
    assert.equal(p.measure.column, 'max_level');
    assert.equal(p.time?.grain, undefined);
    assert.match(declineOf(reservoir, 'trading volume in 2024') ?? '', /"volume"|"trading"/);
  });
});
