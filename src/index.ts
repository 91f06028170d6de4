// Entry point `svc-elements`: registers the elements and re-exports their public types (<svc-chat> so far;
// <svc-provider>, <svc-dashboard> and <svc-avatar> land with their issues).

export { SvcElement } from './elements/shared/svc-element.js';
export { SvcChat } from './elements/chat/svc-chat.js';
export { defineElement } from './elements/shared/define.js';
export * from './elements/events.js';
export type * from './api/types.js';
export type { Transport, Credentials, AuthSource, ChatStream } from './transport/transport.js';
