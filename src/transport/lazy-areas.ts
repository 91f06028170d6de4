// The areas the elements call once they await data anyway — workbooks and dashboards, the data API, chat — as one
// module: HttpTransport loads it when it is built (beside the session exchange), so it is no part of the elements'
// first frame.

export * from './chat-api.js';
export * from './data-api.js';
export * from './workbooks-api.js';
