// Models for classes-funnel.node.test.ts, as serviceMeta lists them, and the values the look-up would read (none of
// the corpus models' names): a retailer's store openings and a bank's account openings (a segment titled by a word the
// source's noun shares), a course platform's registration funnel, a home builder's schedule and a city's permit desk
// (a filtered count titled by an event a date names, beside a view title that names it too), a marketplace, a ride
// service, a theatre's box office, a rental shop, an inspection log and wine tastings.
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { view } from './plan-probe.js';

const meta = (...cubes: ServiceMetaResult['cubes']): ServiceMetaResult => ({ searchQuery: '', cubes });

export const stores = meta(
  view('store_openings', 'Store openings', [
    ['count', 'Stores', 'number', 'count'],
    ['avg_floor', 'Avg floor area', 'number', 'avg'],
    ['avg_rent_min', 'Avg rent band min', 'number', 'avg'],
    ['avg_rent_max', 'Avg rent band max', 'number', 'avg'],
    ['region', 'Region', 'string'],
    ['opened_at', 'Opened', 'time'],
    ['closed_at', 'Closed', 'time'],
    ['open', 'Open', 'boolean', undefined, { segment: true }],
  ]),
);
export const accounts = meta(
  view('account_openings', 'Account openings', [
    ['count', 'Accounts', 'number', 'count'],
    ['branch', 'Branch', 'string'],
    ['product', 'Product', 'string'],
    ['opened_at', 'Opened', 'time'],
    ['open', 'Open', 'boolean', undefined, { segment: true }],
  ]),
);

export const funnel = meta(
  view('funnel', 'Registration funnel', [
    ['count', 'Leads', 'number', 'count'],
    [
      'registrations',
      'Registrations',
      'number',
      'count',
      { filtered: true, keeps: [{ member: 'stage', value: 'registered' }] },
    ],
    ['created_at', 'Lead date', 'time'],
    ['registered_at', 'Registration date', 'time'],
    ['stage', 'Stage', 'string'],
    ['region', 'Region', 'string'],
    ['advisor', 'Advisor', 'string'],
  ]),
  view('courses', 'Courses', [
    ['count', 'Courses', 'number', 'count'],
    ['region', 'Region', 'string'],
    ['launched_at', 'Launch date', 'time'],
  ]),
);
export const funnelValues = new Map<string, string[]>([
  ['funnel.stage', ['lead', 'trial', 'registered']],
  ['funnel.region', ['North', 'South']],
  ['funnel.advisor', ['Marta Ruiz', 'Oskar Berg']],
  ['courses.region', ['North', 'South']],
]);

export const builder = meta(
  view('build_schedule', 'Build schedule', [
    ['count', 'Homes', 'number', 'count'],
    ['starts', 'Starts', 'number', 'count', { filtered: true, keeps: [{ member: 'stage', value: 'started' }] }],
    ['planned_at', 'Planned date', 'time'],
    ['started_at', 'Start date', 'time'],
    ['stage', 'Stage', 'string'],
    ['region', 'Region', 'string'],
  ]),
);
export const builderValues = new Map<string, string[]>([
  ['build_schedule.stage', ['planned', 'started', 'finished']],
  ['build_schedule.region', ['Coast', 'Valley']],
]);

export const permits = meta(
  view('permit_desk', 'Approval queue', [
    ['count', 'Requests', 'number', 'count'],
    ['approvals', 'Approvals', 'number', 'count', { filtered: true, keeps: [{ member: 'status', value: 'approved' }] }],
    ['avg_fee_min', 'Avg fee range min', 'number', 'avg'],
    ['avg_fee_max', 'Avg fee range max', 'number', 'avg'],
    ['submitted_at', 'Submission date', 'time'],
    ['approved_at', 'Approval date', 'time'],
    ['status', 'Status', 'string'],
    ['district', 'District', 'string'],
    ['inspector', 'Inspector', 'string'],
  ]),
);
export const permitValues = new Map<string, string[]>([
  ['permit_desk.status', ['submitted', 'approved', 'refused']],
  ['permit_desk.district', ['Harbour', 'Old Town']],
  ['permit_desk.inspector', ['Ines Duarte', 'Karl Lund']],
]);

export const market = meta(
  view('orders', 'Orders', [
    ['count', 'Orders', 'number', 'count'],
    ['revenue', 'Revenue', 'number', 'sum'],
    ['placed_at', 'Order date', 'time'],
    ['returned', 'Returned', 'boolean'],
    ['channel', 'Channel', 'string'],
    ['buyers_age_bracket', 'Age bracket', 'string'],
  ]),
  view('products', 'Products', [
    ['count', 'Products', 'number', 'count'],
    ['title', 'Product', 'string'],
    ['category', 'Category', 'string'],
  ]),
  view('sellers', 'Sellers', [
    ['count', 'Sellers', 'number', 'count'],
    ['name', 'Seller', 'string'],
    ['avg_rating', 'Avg rating', 'number', 'avg'],
    ['city', 'City', 'string'],
    ['referrer', 'Referrer', 'string'],
  ]),
);
export const marketValues = new Map<string, string[]>([
  ['orders.channel', ['web', 'app']],
  ['orders.buyers_age_bracket', ['18-29', '30-49', '50+']],
  ['products.category', ['Toys', 'Garden']],
  ['sellers.city', ['Lyon', 'Porto']],
  ['sellers.referrer', ['partner', 'search']],
]);

export const rides = meta(
  view('trips', 'Trips', [
    ['count', 'Trips', 'number', 'count'],
    [
      'completed',
      'Completed trips',
      'number',
      'count',
      { description: 'trips finished (the fee definition)', filtered: true },
    ],
    ['fare', 'Fares', 'number', 'sum', { description: 'USD' }],
    ['started_at', 'Start time', 'time'],
    ['van_tier', 'Van tier', 'string'],
    ['status', 'Status', 'string'],
    ['riders_income_band', 'Income band', 'string'],
  ]),
);
export const rideValues = new Map<string, string[]>([
  ['trips.van_tier', ['standard', 'large']],
  ['trips.status', ['completed', 'cancelled', 'no show']],
  ['trips.riders_income_band', ['low', 'middle', 'high']],
]);

export const theatre = meta(
  view('visits', 'Box office', [
    ['count', 'Visits', 'number', 'count'],
    ['visitors', 'Visitors', 'number', 'count_distinct', { description: 'Distinct patrons' }],
    ['visited_at', 'Visit date', 'time'],
    ['stage_name', 'Stage', 'string'],
  ]),
  view('patron_list', 'Patrons', [
    ['count', 'Patrons', 'number', 'count'],
    ['city', 'City', 'string'],
  ]),
);
export const rentals = meta(
  view('rentals', 'Rentals', [
    ['count', 'Rentals', 'number', 'count'],
    ['renters', 'Renters', 'number', 'count_distinct', { description: 'Distinct customers' }],
    ['rented_at', 'Rental date', 'time'],
  ]),
  view('customer_list', 'Customers', [
    ['count', 'Customers', 'number', 'count'],
    ['city', 'City', 'string'],
  ]),
);

export const outreach = meta(funnel.cubes[0], view('calls', 'Advisor calls', [['count', 'Calls', 'number', 'count']]));
export const inspections = meta(
  permits.cubes[0],
  view('inspections', 'Site inspections', [
    ['count', 'Inspections', 'number', 'count'],
    ['district', 'District', 'string'],
  ]),
);

export const inspectionLog = meta(
  view('inspection_log', 'Inspection log', [
    ['count', 'Inspections', 'number', 'count'],
    ['avg_minutes', 'Avg duration', 'number', 'avg'],
    ['sites_zone', 'Zone', 'string'],
    ['sites_owner', 'Owner', 'string'],
  ]),
);
export const inspectionValues = new Map<string, string[]>([
  ['inspection_log.sites_zone', ['Harbour', 'Uptown']],
  ['inspection_log.sites_owner', ['City', 'Private']],
]);
export const tastings = meta(
  view('tastings', 'Tastings', [
    ['count', 'Tastings', 'number', 'count'],
    ['avg_score', 'Avg score', 'number', 'avg'],
    ['wines_region', 'Region', 'string'],
    ['wines_grape', 'Grape', 'string'],
  ]),
);
export const tastingValues = new Map<string, string[]>([
  ['tastings.wines_region', ['Bordeaux', 'Rioja']],
  ['tastings.wines_grape', ['Merlot', 'Tempranillo']],
]);
