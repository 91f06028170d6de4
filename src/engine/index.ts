// Entry point `svc-elements/engine`: createLocalEngine(), the whole API answered on IndexedDB without a server. In a
// browser page the engine runs in a dedicated Worker by default and the returned `fetch` is a thin proxy to it (create.ts).

export type {
  ChatTokenClaims,
  CheckChatToken,
  EngineHooks,
  EngineProgress,
  EngineSeed,
  LocalEngine,
  LocalEngineOptions,
  RemoteJwksOptions,
} from './options.js';
export type { AccessPolicy, Cube, DataModel, View } from './data/model-types.js';
export type { TableFormat, TableRow, TableSource } from './data/import.js';
export type { FileOptions } from './data/executor.js';
export type { TableInfo } from './data/tables.js';
export { tableNameFor } from './data/table-names.js';
export type { ImportLimits } from './data/import-limits.js';
export {
  DEFAULT_MODEL_LIMITS,
  ModelError,
  formatProblem,
  loadModel,
  type ModelLimits,
  type ModelProblem,
  type ModelSource,
} from './model/index.js';
export type { Agent, AgentContext, AgentEvent } from './chat/agent/types.js';
export { createLocalAnalystAgent, createOpenAiCompatibleAgent } from './worker/agent-recipe.js';
export type { OpenAiCompatibleOptions } from './chat/agent/openai-compatible.js';
export { DEMO, demoSeed } from './demo-seed.js';
export { LocalEngineUnavailableError } from './unavailable.js';
export { createLocalEngine } from './create.js';
