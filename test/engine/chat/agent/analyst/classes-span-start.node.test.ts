// The planner on a thing that spans time, with a start and an end date the question's event names alike ("nights
// reserved in 2025" with Reservation start and Reservation end): a span is of the period it starts in, as a careful
// analyst reads it, unless the question says its end ("ended", "ending"). Domains: a campsite's reservations, a
// hospital's ward stays.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { planner, view } from './plan-probe.js';

const camping: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('pitches', 'Campsite reservations', [
      ['count', 'Reservations', 'number', 'count'],
      ['nights', 'Pitch nights', 'number', 'sum'],
      ['starts_at', 'Reservation start', 'time'],
      ['ends_at', 'Reservation end', 'time'],
      ['site', 'Site', 'string'],
    ]),
  ],
};
const stays: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('stays', 'Ward stays', [
      ['count', 'Stays', 'number', 'count'],
      ['nights', 'Nights', 'number', 'sum'],
      ['begins_at', 'Stay begin', 'time'],
      ['ends_at', 'Stay end', 'time'],
      ['ward', 'Ward', 'string'],
    ]),
  ],
};

describe('local analyst: a span’s start and end date named alike', () => {
  it('reads the span by its start', () => {
    const camp = planner(camping, new Map([['pitches.site', ['Lakeside', 'Forest']]]));
    assert.equal(camp('how many pitch nights were reserved in 2025').time?.field.title, 'Reservation start');
    assert.equal(camp('which site had the most nights reserved in 2025').time?.field.title, 'Reservation start');
    const ward = planner(stays, new Map([['stays.ward', ['Cardiology', 'Maternity']]]));
    assert.equal(ward('nights stayed by ward in 2024').time?.field.title, 'Stay begin');
  });
  it('reads it by its end when the question says so', () => {
    const camp = planner(camping, new Map());
    assert.equal(camp('nights reserved ending in march 2025').time?.field.title, 'Reservation end');
    const ward = planner(stays, new Map());
    assert.equal(ward('nights stayed that ended in march 2025').time?.field.title, 'Stay end');
  });
});
