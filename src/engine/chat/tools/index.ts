// The agent tools, one descriptor each (its own module: name, model description and JSON schema, input, run): the
// chat service gives an agent every one of them (AgentContext.tools, streaming the calls of those that are), and the
// OpenAI-compatible agent offers a model those with a `model` part, by their schema, and runs what it calls. To add a
// tool: docs/architecture.md, "How to add an agent tool".

import { lookupSqlApi } from './lookup-sql-api.js';
import { serviceMeta } from './service-meta.js';
import { serviceSqlApi } from './service-sql-api.js';
import type { InputOf, ResultOf, ToolDescriptor, ToolEnv } from './types.js';

export const TOOLS = [serviceMeta, serviceSqlApi, lookupSqlApi] as const;

type Tool = (typeof TOOLS)[number];
export type ToolName = Tool['name'];

/** The tools as an agent calls them (AgentContext.tools): one function per tool, by its name. */
export type AgentTools = { [T in Tool as T['name']]: (input: InputOf<T>) => Promise<ResultOf<T>> };

/** Runs a streamed tool's call between its two tool call messages (in process, then with its result). */
export type StreamCall = <R>(name: string, input: unknown, call: () => Promise<R>) => Promise<R>;

/** Every tool bound to `env`; the calls of streamed tools go through `stream`. */
export function bindTools(env: ToolEnv, stream: StreamCall): AgentTools {
  const bind = (tool: ToolDescriptor) => (input: unknown) =>
    tool.streamed ? stream(tool.name, input, () => tool.run(env, input)) : tool.run(env, input);
  return Object.fromEntries(TOOLS.map((tool) => [tool.name, bind(tool as ToolDescriptor)])) as AgentTools;
}

/** The tools a model is offered, with what it is told about each. */
export const MODEL_TOOLS = TOOLS.flatMap((tool: ToolDescriptor) =>
  tool.model ? [{ ...tool.model, name: tool.name }] : [],
);

/**
 * Runs the call a model made of tool `name` with its arguments (parsed JSON) through the agent's tools; `undefined`
 * for a name no model is offered.
 */
export function callByName(
  tools: AgentTools,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> | undefined {
  const tool = TOOLS.find((t): t is Tool & { model: object } => t.name === name && t.model !== undefined);
  if (!tool) return undefined;
  const run = tools[tool.name] as (input: unknown) => Promise<unknown>;
  return run(tool.input(args));
}
