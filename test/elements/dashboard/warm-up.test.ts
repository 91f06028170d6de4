// warmUpFormats sets up Intl's number and date formatting while the page is idle — not in the caller's task — and
// leaves the formatters in the shared cache, so the dashboard's first KPI or table makes none of its own.
import { expect, waitUntil } from '@open-wc/testing';
import { warmUpFormats } from '../../../src/elements/dashboard/warm-up.js';
import { dateFormat, numberFormat } from '../../../src/elements/shared/format.js';

describe('warmUpFormats', () => {
  const { NumberFormat, DateTimeFormat } = Intl;
  const made: string[] = [];

  before(() => {
    // Counting constructions: what a formatter for the locale costs is made once, by the warm-up.
    Intl.NumberFormat = new Proxy(NumberFormat, {
      construct: (target, args: ConstructorParameters<typeof NumberFormat>) => {
        made.push(`number ${String(args[0])}`);
        return new target(...args);
      },
    });
    Intl.DateTimeFormat = new Proxy(DateTimeFormat, {
      construct: (target, args: ConstructorParameters<typeof DateTimeFormat>) => {
        made.push(`date ${String(args[0])}`);
        return new target(...args);
      },
    });
  });

  after(() => {
    Intl.NumberFormat = NumberFormat;
    Intl.DateTimeFormat = DateTimeFormat;
  });

  it('makes the locale’s formatters in idle time, once per page', async () => {
    warmUpFormats('sv-SE');
    warmUpFormats('sv-SE'); // a second dashboard: nothing more
    expect(made).to.deep.equal([]); // not in the caller's task
    await waitUntil(() => made.length === 2, 'both formatters made while idle', { timeout: 10_000 });
    expect(made).to.deep.equal(['number sv-SE', 'date sv-SE']);
    // The plain number formatter the widgets ask for is the one made: no construction of its own.
    expect(numberFormat('sv-SE').format(1234.5)).to.equal(new NumberFormat('sv-SE').format(1234.5));
    expect(dateFormat('sv-SE', { month: 'short', day: 'numeric' })).to.be.an.instanceOf(DateTimeFormat);
    expect(made).to.have.length(2);
  });
});
