// Entry point `svc-elements`: registers the elements and re-exports their public types. Elements land with their
// issues (<svc-chat>, <svc-provider>, <svc-dashboard>, <svc-avatar>); this entry is their home.

export { SvcElement } from './elements/shared/svc-element.js';
export { defineElement } from './elements/shared/define.js';
export * from './elements/events.js';
export type * from './api/types.js';
export type { Transport, Credentials, AuthSource, ChatStream } from './transport/transport.js';
