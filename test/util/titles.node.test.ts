// Titles keep their acronyms: inside a sentence ("by MPAA rating", never "by mPAA rating") and made from names
// ("IMDB_rating" → "IMDB rating"); a name in capitals only is not read as acronyms.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { humanize, inlineTitle } from '../../src/util/titles.js';

describe('titles', () => {
  it('lower-cases the first letter inside a sentence unless the first word keeps its case', () => {
    const cases: [string, string][] = [
      ['MPAA rating', 'MPAA rating'],
      ['IMDB rating', 'IMDB rating'],
      ['US gross', 'US gross'],
      ['Q1 revenue', 'Q1 revenue'],
      ['iPhone sales', 'iPhone sales'],
      ['Revenue', 'revenue'],
      ['Average delay (min)', 'average delay (min)'],
      ['Ärger', 'ärger'],
      ['', ''],
    ];
    for (const [title, inline] of cases) assert.equal(inlineTitle(title), inline, title);
  });

  it('makes titles of names, keeping acronyms; capitals only are words', () => {
    const cases: [string, string][] = [
      ['customers_region', 'Customers region'],
      ['MPAA Rating', 'MPAA rating'],
      ['IMDB_rating', 'IMDB rating'],
      ['totalAmount', 'Total amount'],
      ['ORDER_ID', 'Order id'],
      ['Release Date', 'Release date'],
      ['__', '__'],
    ];
    for (const [name, title] of cases) assert.equal(humanize(name), title, name);
  });
});
