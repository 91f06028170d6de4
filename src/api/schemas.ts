// Runtime validation (valibot) of every request body of the spec and of the contracts it leaves open, one module per
// area of the spec, with messages that name the bad field: a failed parse becomes a 400 ApiError such as
// `widgets[0].position.x: must be an integer`.

export { describeIssue, issuePath, parseRequest } from './schemas/common.js';
export * from './schemas/workbooks.js';
export * from './schemas/embed.js';
export * from './schemas/chat.js';
export * from './schemas/data.js';
export * from './schemas/admin.js';
