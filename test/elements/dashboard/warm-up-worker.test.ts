// A dashboard with charts has its chart worker set up Intl (ICU's data are the browser process's): the page makes its
// own formatters only once the worker has answered, in idle time, and still makes them (its first KPI then makes
// none of its own).
import { expect, waitUntil } from '@open-wc/testing';
import { warmUpCharts, warmUpFormats } from '../../../src/elements/dashboard/warm-up.js';
import { numberFormat } from '../../../src/elements/shared/format.js';

describe('warmUpFormats after warmUpCharts', function () {
  this.timeout(60_000);
  const { NumberFormat } = Intl;
  const made: number[] = [];

  before(() => {
    Intl.NumberFormat = new Proxy(NumberFormat, {
      construct: (target, args: ConstructorParameters<typeof NumberFormat>) => {
        made.push(performance.now());
        return new target(...args);
      },
    });
  });
  after(() => (Intl.NumberFormat = NumberFormat));

  it('makes the page’s formatters after the chart worker set up Intl', async () => {
    const asked = performance.now();
    warmUpCharts('fi-FI');
    warmUpFormats('fi-FI');
    expect(made).to.deep.equal([]);
    await waitUntil(() => made.length > 0, 'the page’s number formatter made', { timeout: 30_000 });
    // The worker started (a module worker: tens of ms at least) and answered before the page made its formatter.
    const worker = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
      e.name.includes('chart.worker'),
    );
    expect(worker, 'the chart worker’s script was loaded').to.not.equal(undefined);
    expect(made[0]).to.be.greaterThan(worker!.responseEnd);
    expect(made[0]).to.be.greaterThan(asked);
    expect(numberFormat('fi-FI').format(1234.5)).to.equal(new NumberFormat('fi-FI').format(1234.5));
    expect(made).to.have.length(1);
  });
});
