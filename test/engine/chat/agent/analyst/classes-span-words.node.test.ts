// The planner on words that name a span of time, over models written here (none of the corpus models' names or
// values): "repair time", "course length", "visit duration" name the measure a source keeps in a unit of time (Avg
// repair (hrs), Avg course (days)), whose title has no such word; "over all time", "the all-time most" say "ever" and
// change no number. A span word beside a measure kept in no unit of time is still a word the model lacks.
// Domains: an appliance repair workshop, a sailing school.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

// An appliance repair workshop: jobs with a repair time in hours, per technician and appliance.
const workshop: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('jobs', 'Repair jobs', [
      ['count', 'Repair jobs', 'number', 'count'],
      ['avg_repair', 'Avg repair (hrs)', 'number', 'avg'],
      ['parts', 'Parts fitted', 'number', 'sum'],
      ['booked_at', 'Booked on', 'time'],
      ['technician', 'Technician', 'string'],
      ['appliance', 'Appliance', 'string'],
    ]),
  ],
};
const workshopValues = new Map([
  ['jobs.technician', ['Ines Duarte', 'Tomas Berg']],
  ['jobs.appliance', ['Dishwasher', 'Washing machine', 'Oven']],
]);

// A sailing school: courses with a length in days, and students enrolled.
const school: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('courses', 'Courses', [
      ['count', 'Courses run', 'number', 'count'],
      ['avg_course', 'Avg course (days)', 'number', 'avg'],
      ['students', 'Students', 'number', 'sum'],
      ['starts_on', 'Start date', 'time'],
      ['level', 'Level', 'string'],
      ['instructor', 'Instructor', 'string'],
    ]),
  ],
};
const schoolValues = new Map([
  ['courses.level', ['Beginner', 'Skipper']],
  ['courses.instructor', ['Maeve Doyle', 'Arjun Rao']],
]);

describe('analyst classes: words for a span of time, and "all time"', () => {
  it('a span word names the measure kept in a unit of time', () => {
    const plan = planner(workshop, workshopValues);
    const repair = plan('average repair time on dishwashers');
    assert.equal(repair.measure.name, 'jobs.avg_repair');
    assert.deepEqual(filters(repair), ['appliance = Dishwasher']);
    assert.equal(plan('avg repair duration by technician').measure.name, 'jobs.avg_repair');
    const course = planner(school, schoolValues)('avg course length of skipper courses in days');
    assert.equal(course.measure.name, 'courses.avg_course');
    assert.deepEqual(filters(course), ['level = Skipper']);
  });

  it('not beside a measure kept in no unit of time', () => {
    // Parts fitted is a number of parts: "time" names nothing it measures.
    assert.match(declineOf(workshop, 'parts fitted time by technician', workshopValues) ?? '', /"time"/);
    assert.match(declineOf(school, 'students length by level', schoolValues) ?? '', /"length"/);
  });

  it('"over all time" and "all-time" change no number', () => {
    const plan = planner(school, schoolValues);
    const ever = plan('which instructor has taught the most students over all time');
    assert.equal(ever.measure.name, 'courses.students');
    assert.equal(ever.time?.range, undefined);
    assert.equal(plan('all-time students by level').measure.name, 'courses.students');
    assert.equal(planner(workshop, workshopValues)('repair jobs of all time by appliance').measure.name, 'jobs.count');
  });
});
