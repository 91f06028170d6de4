// Which dashboard filters and time grain reach which report (pure logic of <svc-dashboard>).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReportSnapshot } from '../../../src/api/types.js';
import {
  cubesOf,
  membersOf,
  reportRequest,
  usesMember,
  usesTimeGrain,
} from '../../../src/elements/dashboard/reports.js';

const load = (query: object): ReportSnapshot => ({ id: 1, reportId: 1, versionNumber: 1, meta: { query } });
const sql = (sqlQuery: string): ReportSnapshot => ({ id: 1, reportId: 1, versionNumber: 1, sqlQuery });

describe('dashboard reports', () => {
  it('finds every member of a load query, nested filters included', () => {
    const query = {
      measures: ['sales.count'],
      dimensions: ['sales.status'],
      timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month' }],
      filters: [{ or: [{ member: 'catalog.category', operator: 'equals', values: ['Books'] }] }],
    };
    assert.deepEqual(membersOf(query as never).sort(), [
      'catalog.category',
      'sales.count',
      'sales.created_at',
      'sales.status',
    ]);
    assert.deepEqual([...cubesOf(load(query))].sort(), ['catalog', 'sales']);
  });

  it('reads the sources of SQL after FROM and JOIN', () => {
    assert.deepEqual([...cubesOf(sql('SELECT 1 FROM sales s JOIN "catalog" c ON true'))].sort(), ['catalog', 'sales']);
    assert.equal(usesMember(sql('select status from sales'), 'sales.status'), true);
    assert.equal(usesMember(sql('select status from sales'), 'catalog.category'), false);
  });

  it('applies the filters of the report’s cubes only, and the grain only where there is time', () => {
    const filters = new Map([
      ['sales.customers_region', ['EU']],
      ['catalog.category', ['Books']],
      ['sales.status', []],
    ]);
    const monthly = load({
      measures: ['sales.count'],
      timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month' }],
    });
    assert.deepEqual(reportRequest(monthly, filters, 'year'), {
      kind: 'load',
      query: monthly.meta!.query,
      filters: [{ member: 'sales.customers_region', operator: 'equals', values: ['EU'] }],
      timeGrain: 'year',
    });
    const flat = load({ measures: ['catalog.count'] });
    assert.deepEqual(reportRequest(flat, filters, 'year'), {
      kind: 'load',
      query: flat.meta!.query,
      filters: [{ member: 'catalog.category', operator: 'equals', values: ['Books'] }],
    });
    assert.equal(usesTimeGrain(sql("SELECT DATE_TRUNC('month', created_at) FROM sales")), true);
    assert.equal(usesTimeGrain(sql('SELECT status FROM sales')), false);
    assert.equal(reportRequest({ id: 1, reportId: 1, versionNumber: 1 }, filters, undefined), undefined);
  });

  it('a blank filter value ("") keeps the rows where the member is NULL or empty, beside any other values', () => {
    const report = load({ measures: ['hives.count'], dimensions: ['hives.queen_line'] });
    assert.deepEqual(reportRequest(report, new Map([['hives.queen_line', ['', 'Buckfast']]]), undefined)?.filters, [
      {
        or: [
          { member: 'hives.queen_line', operator: 'equals', values: ['', 'Buckfast'] },
          { member: 'hives.queen_line', operator: 'notSet' },
        ],
      },
    ]);
    assert.deepEqual(reportRequest(report, new Map([['hives.queen_line', ['Carniolan']]]), undefined)?.filters, [
      { member: 'hives.queen_line', operator: 'equals', values: ['Carniolan'] },
    ]);
  });
});
