// The planner on words that map to nothing (loose-words.ts, word-kind.ts): an adverb of degree or a verb that only
// links what the plan explains is let go; a verb naming its own condition, an adverb of manner, a negation or a
// number still declines; a year of the nineteenth century is a year. Over three models written here (none of the
// corpus models' names): an apiary's hive inspections, an observatory's night logs and a lighthouse's logbook.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { tokenize } from '../../../../../src/engine/chat/agent/analyst/text.js';
import { wordKind } from '../../../../../src/engine/chat/agent/analyst/word-kind.js';
import { filters, NOW, planner, say, view } from './plan-probe.js';

const apiary: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('inspections', 'Hive inspections', [
      ['count', 'Inspections', 'number', 'count'],
      ['honey', 'Honey', 'number', 'sum', { description: 'Kilograms of honey extracted from the hive' }],
      ['inspected_at', 'Inspection date', 'time'],
      ['hive', 'Hive', 'string'],
      ['outcome', 'Outcome', 'string'],
    ]),
  ],
};
const apiaryValues = new Map<string, string[]>([
  ['inspections.hive', ['Meadow', 'Orchard']],
  ['inspections.outcome', ['Healthy', 'Mites', 'Queenless']],
]);

const observatory: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('nights', 'Observing nights', [
      ['count', 'Nights', 'number', 'count'],
      ['meteors', 'Meteors', 'number', 'sum'],
      ['observed_on', 'Night', 'time'],
      ['telescope', 'Telescope', 'string'],
    ]),
  ],
};
const observatoryValues = new Map<string, string[]>([['nights.telescope', ['Refractor', 'Dobsonian']]]);

const lighthouse: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('logbook', 'Keeper logbook', [
      ['count', 'Log entries', 'number', 'count'],
      ['ships', 'Ships sighted', 'number', 'sum'],
      ['year', 'Year', 'number'],
      ['station', 'Station', 'string'],
    ]),
  ],
};
const lighthouseValues = new Map<string, string[]>([['logbook.station', ['North Cape', 'Gull Rock']]]);

const declines = (meta: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  isDecline(planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say));

describe('analyst classes: words that map to nothing', () => {
  it('reads the kind of a word from its form and neighbours', () => {
    const kind = (q: string, w: string) => {
      const t = tokenize(q);
      return wordKind(
        t,
        t.findIndex((x) => x.norm === w),
      );
    };
    assert.equal(kind('how many hives were totally healthy', 'totally'), 'degree');
    assert.equal(kind('which telescope caught the most meteors', 'caught'), 'verb');
    assert.equal(kind('how many gathered swarms', 'gathered'), 'adjective');
    assert.equal(kind('nights colder than 5', 'colder'), 'comparative');
    assert.equal(kind('inspections with zero mites', 'zero'), 'negation');
    assert.equal(kind('how many inspections were quickly done', 'quickly'), 'adverb');
    assert.equal(kind('which hives do we split', 'split'), 'verb');
    assert.equal(kind('how many nights does orion have', 'orion'), 'noun');
  });

  it('lets an adverb of degree go', () => {
    const ask = planner(apiary, apiaryValues);
    assert.deepEqual(filters(ask('how many inspections were totally healthy')), ['outcome = Healthy']);
    assert.equal(ask('how many inspections were truly healthy').measure.column, 'count');
  });

  it('lets a verb go that links the measure it names to what the plan explains', () => {
    const ask = planner(observatory, observatoryValues);
    const p = ask('which telescope caught the most meteors');
    assert.equal(p.measure.column, 'meteors');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['telescope'],
    );
    assert.equal(planner(apiary, apiaryValues)('which hive gathered the most honey').measure.column, 'honey');
  });

  it("lets a verb go that the measure's description says", () => {
    const p = planner(apiary, apiaryValues)('how much honey was extracted in 2025');
    assert.equal(p.measure.column, 'honey');
  });

  it('still declines a verb, an adverb of manner or a negation that names a condition', () => {
    assert.ok(declines(apiary, apiaryValues, 'how many inspections were postponed'));
    assert.ok(declines(apiary, apiaryValues, 'how many inspections were quickly done'));
    assert.ok(declines(observatory, observatoryValues, 'how many meteors were photographed'));
    // The verb names the quantity ("people"), not the measure: no linking to "Nights".
    assert.ok(declines(observatory, observatoryValues, 'how many people visited the refractor'));
  });

  it('reads a year of the nineteenth century on a year-number dimension', () => {
    const ask = planner(lighthouse, lighthouseValues);
    const p = ask('how many ships were sighted in 1865');
    assert.equal(p.measure.column, 'ships');
    assert.equal(p.time?.field.column, 'year');
    assert.deepEqual(p.time?.range, { from: '1865-01-01', to: '1865-12-31' });
    assert.equal(ask('ships sighted at gull rock since 1870').time?.field.column, 'year');
  });
});

// A recycling depot: loads weighed by material.
const depot: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('loads', 'Loads', [
      ['count', 'Loads', 'number', 'count'],
      ['tonnes', 'Tonnes', 'number', 'sum'],
      ['weighed_at', 'Weigh date', 'time'],
      ['material', 'Material', 'string'],
      ['hauler', 'Hauler', 'string'],
      ['contaminants', 'Contaminants', 'number'],
    ]),
  ],
};
const depotValues = new Map<string, string[]>([
  ['loads.material', ['Garden waste', 'Magnetic metals', 'Paper and card']],
  ['loads.hauler', ['Brightway Haulage', 'City Carts']],
]);

describe('analyst classes: a value named by its leading word in the user own form', () => {
  it('reads the first word of one value, in any form, as that value', () => {
    const ask = planner(depot, depotValues);
    assert.deepEqual(filters(ask('tonnes of garden collected in 2025')), ['material = Garden waste']);
    assert.deepEqual(filters(ask('how many tonnes have we taken from brightway in total')), [
      'hauler = Brightway Haulage',
    ]);
    assert.deepEqual(filters(ask('magnet tonnes by hauler')), ['material = Magnetic metals']);
    const hives = planner(apiary, new Map([['inspections.outcome', ['Mite infestation', 'Queen lost', 'Healthy']]]));
    assert.deepEqual(filters(hives('how many inspections had mites')), ['outcome = Mite infestation']);
  });

  it('reads no value that several values lead with, nor a verb', () => {
    const values = new Map([['loads.material', ['Garden waste', 'Garden tools']]]);
    assert.ok(declines(depot, values, 'tonnes of garden in 2025'));
    assert.ok(declines(depot, depotValues, 'tonnes we paper in 2025'));
  });
});

describe('analyst classes: "zero" and "no" before a number column', () => {
  it('is that column equal to 0', () => {
    const ask = planner(depot, depotValues);
    assert.deepEqual(filters(ask('how many loads had zero contaminants')), ['contaminants = 0']);
    assert.deepEqual(filters(ask('tonnes with no contaminants in 2025')), ['contaminants = 0']);
  });

  it('declines when no number column is named, never dropping the word', () => {
    assert.ok(declines(depot, depotValues, 'how many loads with zero haulers'));
    assert.ok(declines(depot, depotValues, 'how many loads had no weighing'));
  });
});

// A dog shelter: dogs with their age and weight; and the observatory's nights with their low and high temperature.
const shelter: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('dogs', 'Dogs', [
      ['count', 'Dogs', 'number', 'count'],
      ['admitted_at', 'Admission date', 'time'],
      ['age', 'Age (years)', 'number'],
      ['weight_kg', 'Weight (kg)', 'number'],
      ['breed', 'Breed', 'string'],
    ]),
  ],
};
const shelterValues = new Map<string, string[]>([['dogs.breed', ['Collie', 'Beagle']]]);
const chilly: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('nights', 'Observing nights', [
      ['count', 'Nights', 'number', 'count'],
      ['observed_on', 'Night', 'time'],
      ['temp_low', 'Low temperature', 'number'],
      ['temp_high', 'High temperature', 'number'],
    ]),
  ],
};

describe('analyst classes: a comparative adjective and a number', () => {
  it('bounds the one column of the quantity the adjective measures', () => {
    const ask = planner(shelter, shelterValues);
    assert.deepEqual(filters(ask('how many dogs older than 8')), ['age > 8']);
    assert.deepEqual(filters(ask('beagles heavier than 12 admitted in 2025')), ['breed = Beagle', 'weight_kg > 12']);
    assert.deepEqual(filters(ask('how many dogs younger than 2')), ['age < 2']);
  });

  it("of a high and a low, the one the adjective's way", () => {
    const ask = planner(chilly, new Map());
    assert.deepEqual(filters(ask('how many nights colder than 2 in 2025')), ['temp_low < 2']);
    assert.deepEqual(filters(ask('nights warmer than 20')), ['temp_high > 20']);
  });

  it('declines with no such column', () => {
    assert.ok(declines(shelter, shelterValues, 'how many dogs taller than 50'));
    assert.ok(declines(shelter, shelterValues, 'how many dogs faster than 30'));
  });
});

// A marathon's finishers, with a column of sex written as letters.
const marathon: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('finishers', 'Finishers', [
      ['count', 'Finishers', 'number', 'count'],
      ['finished_at', 'Race date', 'time'],
      ['gender', 'Gender', 'string'],
      ['club', 'Club', 'string'],
    ]),
  ],
};

describe('analyst classes: the words for the sexes', () => {
  it('name the values a column of sex keeps, however written', () => {
    const ask = planner(
      marathon,
      new Map([
        ['finishers.gender', ['F', 'M', 'X']],
        ['finishers.club', ['Harriers', 'Striders']],
      ]),
    );
    assert.deepEqual(filters(ask('how many women in 2025')), ['gender = F']);
    assert.deepEqual(filters(ask('finishers from striders who were men')), ['club = Striders', 'gender = M']);
  });

  it('name nothing in a column that is no pair of sexes', () => {
    const values = new Map([['finishers.gender', ['F', 'M', 'Unknown', 'Other', 'Declined']]]);
    assert.ok(declines(marathon, values, 'how many women in 2025'));
  });
});
