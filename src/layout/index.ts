// `src/layout`: the pure grid-layout core of <svc-dashboard>.
export * from './grid.js';
