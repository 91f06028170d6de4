// Vega's number and time locale built from Intl (src/elements/shared/vega-locale.ts), checked through vega's own
// formatters: what a chart's axis would write in German, Indian English, Arabic and Japanese.
import { expect } from '@open-wc/testing';
import * as vega from 'vega';
import { numberLocale, timeLocale, vegaLocale } from '../../../src/elements/shared/vega-locale.js';

const formats = (locale: string) => {
  const { number, time } = vegaLocale(locale);
  // vega.locale (vega-format's, as Vega's View uses it for config.locale) is not in vega's typings.
  const make = (vega as unknown as { locale: (n: unknown, t: unknown) => unknown }).locale;
  return make(number, time) as {
    format(spec: string): (n: number) => string;
    utcFormat(spec: string): (d: Date | number) => string;
  };
};

describe('vega locale from Intl', () => {
  it('writes numbers as Intl does: separators, grouping, digits', () => {
    expect(formats('de-DE').format(',.2f')(1234567.891)).to.equal(new Intl.NumberFormat('de-DE').format(1234567.89));
    expect(formats('en-US').format(',')(1234567)).to.equal('1,234,567');
    expect(numberLocale('en-IN').grouping.slice(0, 3)).to.deep.equal([3, 2, 2]);
    expect(formats('en-IN').format(',')(123456789)).to.equal(new Intl.NumberFormat('en-IN').format(123456789));
    expect(formats('ar').format(',')(100000)).to.equal(new Intl.NumberFormat('ar').format(100000));
    expect(formats('fr-FR').format('.0%')(0.25)).to.match(/^25\s?%$/);
  });

  it('writes dates with the locale’s names and field order', () => {
    const march = Date.UTC(2024, 2, 5, 14, 30);
    expect(formats('de-DE').utcFormat('%B')(march)).to.equal('März');
    expect(formats('ja-JP').utcFormat('%b')(march)).to.equal(
      new Intl.DateTimeFormat('ja-JP', { month: 'short', timeZone: 'UTC' }).format(march),
    );
    expect(formats('de-DE').utcFormat('%x')(march)).to.equal('05.03.2024');
    expect(formats('en-US').utcFormat('%x')(march)).to.equal('03/05/2024');
    expect(timeLocale('en-US').time).to.equal('%I:%M:%S %p');
    expect(timeLocale('de-DE').time).to.equal('%H:%M:%S');
    expect(timeLocale('fr-FR').days[0]).to.equal('dimanche');
  });
});
