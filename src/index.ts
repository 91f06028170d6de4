// Entry point `svc-elements`: registers the elements and re-exports their public types.

export { SvcConnectedElement, SvcElement } from './elements/shared/svc-element.js';
export { SvcProvider } from './elements/provider/svc-provider.js';
export { SvcChat } from './elements/chat/svc-chat.js';
export { SvcAvatar } from './elements/avatar/svc-avatar.js';
export { SvcDashboard, type ChartData } from './elements/dashboard/svc-dashboard.js';
export { svcContext, type SvcContext, type ColorScheme } from './elements/shared/context.js';
export { defineElement } from './elements/shared/define.js';
export * from './elements/events.js';
export type * from './api/types.js';
export type { Transport, Credentials, AuthSource, ChatStream } from './transport/transport.js';
