// Every resource, request, response and stream message of the API spec (../shared/spec/api.md) and of the
// contracts this library fixes where the spec is silent, one module per area of the spec. Names and fields follow
// the spec exactly.

export * from './types/enums.js';
export * from './types/workbooks.js';
export * from './types/embed.js';
export * from './types/admin.js';
export * from './types/chat.js';
export * from './types/data.js';
