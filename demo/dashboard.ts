// The demo's published dashboard: every widget type over the demo model's `sales` view. It is also the starting
// text of the "dashboards as code" panel.
import type { CreateWorkbookInput, ReportSnapshot } from '../src/api/types.js';

const esc = (member: string) => member.replace('.', '\\.');
const report = (id: number, rest: Partial<ReportSnapshot>) => ({ id, reportId: id, ...rest });

export const demoReports = [
  report(1, {
    title: 'Revenue by region',
    kind: 'vega',
    meta: { query: { measures: ['sales.total_amount'], dimensions: ['sales.customers_region'] } },
    spec: {
      mark: { type: 'bar', tooltip: true },
      encoding: {
        x: { field: esc('sales.customers_region'), type: 'nominal', title: 'Region' },
        y: { field: esc('sales.total_amount'), type: 'quantitative', title: 'Revenue' },
      },
    },
  }),
  report(2, { title: 'Revenue', kind: 'kpi', meta: { query: { measures: ['sales.total_amount'] } } }),
  report(3, { title: 'Orders', kind: 'kpi', meta: { query: { measures: ['sales.count'] } } }),
  report(4, {
    title: 'Orders over time',
    kind: 'vega',
    meta: {
      query: { measures: ['sales.count'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month' }] },
    },
    spec: {
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: esc('sales.created_at'), type: 'temporal', title: 'Date' },
        y: { field: esc('sales.count'), type: 'quantitative', title: 'Orders' },
      },
    },
  }),
  report(5, {
    title: 'Top products',
    kind: 'table',
    sqlQuery:
      'SELECT products_name AS product, MEASURE(total_amount) AS revenue FROM sales GROUP BY 1 ORDER BY 2 DESC LIMIT 10',
  }),
  report(6, {
    title: 'Revenue by category',
    kind: 'vega',
    meta: { query: { measures: ['sales.total_amount'], dimensions: ['sales.products_category'] } },
    spec: {
      mark: { type: 'arc', innerRadius: 40 },
      encoding: {
        theta: { field: esc('sales.total_amount'), type: 'quantitative' },
        color: { field: esc('sales.products_category'), type: 'nominal', title: 'Category' },
      },
    },
  }),
  report(7, {
    title: 'Orders by status',
    kind: 'table',
    meta: { query: { measures: ['sales.count'], dimensions: ['sales.status'] } },
  }),
];

const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });

export const demoWorkbook: CreateWorkbookInput = {
  name: 'Sales overview',
  meta: {
    reports: demoReports,
    dashboardDraft: {
      title: 'Sales overview',
      widgets: [
        {
          id: 'intro',
          type: 'TEXT',
          position: at(0, 0, 6, 1),
          config: {
            markdown:
              '## Sales overview\n\nEvery number here comes from the **local engine**, filtered by your row-level security.',
          },
        },
        {
          id: 'region',
          type: 'FILTER',
          position: at(6, 0, 3, 1),
          config: { member: 'sales.customers_region', label: 'Region' },
        },
        {
          id: 'grain',
          type: 'TIME_GRAIN',
          position: at(9, 0, 3, 1),
          config: { grains: ['week', 'month', 'quarter', 'year'] },
        },
        { id: 'revenue', type: 'CHART', position: at(0, 1, 3, 1), config: { reportId: 2 } },
        { id: 'orders', type: 'CHART', position: at(3, 1, 3, 1), config: { reportId: 3 } },
        { id: 'by-region', type: 'CHART', position: at(6, 1, 6, 2), config: { reportId: 1 } },
        { id: 'over-time', type: 'CHART', position: at(0, 2, 6, 2), config: { reportId: 4 } },
        {
          id: 'tabs',
          type: 'TABS_CONTAINER',
          position: at(6, 3, 6, 3),
          config: {
            tabs: [
              { id: 'category', title: 'By category', widgetIds: ['by-category'] },
              { id: 'status', title: 'By status', widgetIds: ['by-status'] },
            ],
          },
        },
        { id: 'by-category', type: 'CHART', position: at(0, 0, 12, 2), config: { reportId: 6 } },
        { id: 'by-status', type: 'CHART', position: at(0, 0, 12, 2), config: { reportId: 7 } },
        { id: 'top-products', type: 'CHART', position: at(0, 4, 6, 2), config: { reportId: 5 } },
        { id: 'ask', type: 'AI', position: at(0, 6, 12, 3), config: { prompt: 'Which region had the most revenue?' } },
      ],
    },
  },
};
