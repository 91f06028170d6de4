// `src/layout`: the pure grid-layout core of <svc-dashboard> (ARCHITECTURE §6).
export * from './grid.js';
