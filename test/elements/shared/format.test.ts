// The shared number and date formatting (src/elements/shared/format.ts): by type and format, locale, precision.
import { expect } from '@open-wc/testing';
import {
  formatDate,
  formatNumber,
  formatValue,
  numberFormat,
  numberStyleOf,
  percentScaleOf,
} from '../../../src/elements/shared/format.js';

describe('format', () => {
  it('removes float noise and keeps sensible precision', () => {
    expect(formatValue(540623.1800000004, 'en-US')).to.equal('540,623.18');
    expect(formatValue(0.1 + 0.2, 'en-US')).to.equal('0.3');
    expect(formatValue(0.012345, 'en-US')).to.equal('0.0123');
    expect(formatValue(1234, 'en-US')).to.equal('1,234');
    expect(formatValue(12.5, 'en-US', { type: 'count' })).to.equal('13');
  });

  it('follows the locale', () => {
    expect(formatValue(540623.1800000004, 'de-DE')).to.equal('540.623,18');
    expect(formatValue(1234567, 'fr-FR')).to.equal('1\u202f234\u202f567');
  });

  it('writes currency, percent and units from the member format and meta', () => {
    expect(formatValue(540623.1800000004, 'en-US', { format: 'currency' })).to.equal('$540,623.18');
    expect(formatValue(1500, 'de-DE', { format: 'currency', meta: { currency: 'eur' } })).to.equal('1.500,00\u00a0€');
    expect(formatValue(0.8532, 'en-US', { format: 'percent' })).to.equal('85.3%');
    expect(formatValue(85.32, 'en-US', { format: 'percent', percentScale: 'points' })).to.equal('85.3%');
    expect(formatValue(0.0412, 'en-US', { format: { type: 'percent' } })).to.equal('4.12%');
    expect(formatValue(1200.5, 'en-US', { meta: { unit: 'kWh' } })).to.equal('1,200.5 kWh');
    expect(percentScaleOf([0.2, 0.9])).to.equal('ratio');
    expect(percentScaleOf([20, 90])).to.equal('points');
    expect(numberStyleOf({ format: 'currency', meta: { currency: 'not a code' } })).to.deep.equal({
      kind: 'currency',
      currency: 'USD',
    });
  });

  it('writes large numbers compactly when asked', () => {
    expect(formatNumber(540623.18, 'en-US', { kind: 'number' }, true)).to.equal('540.6K');
    expect(formatNumber(540623.18, 'en-US', { kind: 'currency', currency: 'USD' }, true)).to.equal('$540.6K');
    expect(formatNumber(999, 'en-US', { kind: 'number' }, true)).to.equal('999');
  });

  it('formats dates by granularity, without shifting a zone-less timestamp', () => {
    expect(formatDate('2024-03-01T00:00:00.000', 'en-US', 'month')).to.equal('Mar 2024');
    expect(formatDate('2024-01-01T00:00:00.000', 'en-US', 'quarter')).to.equal('Q1 2024');
    expect(formatDate('2024-12-31T00:00:00.000', 'en-US', 'year')).to.equal('2024');
    expect(formatValue('2024-03-05T00:00:00.000', 'de-DE', { type: 'time', granularity: 'day' })).to.equal(
      '5. März 2024',
    );
    expect(formatValue('not a date', 'en-US', { type: 'time' })).to.equal('not a date');
    // A granularity a workbook names that is no granularity (even one named like Object's own properties) is none.
    for (const granularity of ['constructor', 'toString', 'fortnight'])
      expect(formatDate('2024-03-05T00:00:00.000', 'en-US', granularity)).to.equal(
        formatDate('2024-03-05T00:00:00.000', 'en-US', undefined),
      );
  });

  it('shows nothing as a dash, strings as they are, numeric strings as numbers', () => {
    expect(formatValue(null, 'en-US')).to.equal('—');
    expect(formatValue('EU', 'en-US', { type: 'string' })).to.equal('EU');
    expect(formatValue('9007199254740993', 'en-US', { type: 'sum' })).to.match(/^9,007,199,254,740,99\d$/);
    expect(formatValue(10n, 'en-US')).to.equal('10');
  });

  it('shares one formatter per locale and options, and survives a malformed locale', () => {
    expect(numberFormat('en-US', { maximumFractionDigits: 2 })).to.equal(
      numberFormat('en-US', { maximumFractionDigits: 2 }),
    );
    expect(formatValue(1.5, 'not a locale!')).to.be.a('string');
  });
});
