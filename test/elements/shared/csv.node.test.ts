import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toCsv } from '../../../src/elements/shared/csv.js';

describe('toCsv', () => {
  it('quotes per RFC 4180 and defuses spreadsheet formulas', () => {
    const csv = toCsv(
      [
        { name: 'name', column_type: 'String' },
        { name: 'n', column_type: 'Int64' },
      ],
      [
        ['plain', 1],
        ['with, comma', 2.5],
        ['say "hi"', null],
        ['=HYPERLINK("x")', -3],
        ['line\nbreak', true],
      ],
    );
    assert.equal(
      csv,
      'name,n\r\nplain,1\r\n"with, comma",2.5\r\n"say ""hi""",\r\n"\'=HYPERLINK(""x"")",-3\r\n"line\nbreak",true\r\n',
    );
  });
});
