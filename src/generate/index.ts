// Entry point `svc-elements/generate`: dashboards generated from a data model's meta. Pure functions, no elements, no
// requests: a host calls it with its /cubejs-api/v1/meta response (transport.loadMeta()).

export { generateDashboard, mainTimeDimension, usefulDimensions } from './dashboard.js';
export type { GenerateDashboardOptions, GeneratedDashboard } from './dashboard.js';
