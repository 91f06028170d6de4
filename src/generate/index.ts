// Entry point `svc-elements/generate`: dashboards generated from a data model's meta. generateDashboard is pure (no
// elements, no requests): a host calls it with its /cubejs-api/v1/meta response (transport.loadMeta()) and, for a
// better first dashboard, the hints loadDataHints reads from the data through the same transport.

export { generateDashboard } from './dashboard.js';
export type { GenerateDashboardOptions, GeneratedDashboard } from './dashboard.js';
export { mainTimeDimension, usefulDimensions, breakdownsOf, subjectsOf } from './subjects.js';
export type { Breakdown, DimensionOptions } from './subjects.js';
export { grainForSpan, CHART_GRAINS } from './grain.js';
export type { TimeSpan } from './grain.js';
export { loadDataHints } from './hints.js';
export type { DataHints, DataHintOptions, Loader } from './hints.js';
