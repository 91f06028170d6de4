// The areas every call of the elements goes through — the session exchange, workbooks and dashboards, the data API,
// chat, with the sending plumbing they share (http-send.ts) — as one module: HttpTransport loads it when it is built,
// so it is no part of the elements' first frame.

export * from './chat-api.js';
export * from './data-api.js';
export * from './sessions-api.js';
export * from './workbooks-api.js';
