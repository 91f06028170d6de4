// What an agent tool is (one descriptor per tool, in its own module, listed in tools/index.ts): its name, the words
// and JSON schema a model is given for it, how a model's arguments become its input, and its implementation, run as
// the user who asked. Types only: the chat service and the agents import this leaf, not each other.

import type { ChatRequest } from '../../../api/types.js';
import type { DataService } from '../../data/service.js';
import type { Identity } from '../../data/policies.js';

/** What a tool runs with: the data, as the caller sees it, and the chat request it answers (its branch). */
export interface ToolEnv {
  data: DataService;
  identity: Identity;
  request: ChatRequest;
}

/** A JSON schema of an object, as OpenAI-compatible function calling takes one. */
export interface ObjectSchema {
  type: 'object';
  properties: Record<string, { type: 'string' | 'number' | 'boolean'; description?: string }>;
  required: string[];
}

export interface ToolDescriptor<Name extends string = string, Input = unknown, Result = unknown> {
  name: Name;
  /**
   * For a model: what the tool does (its function's description), what to use it for (the system prompt's line
   * "Use <name> <prompt>") and its arguments' JSON schema. Undefined for a tool of the agent's own no model is offered.
   */
  model?: { description: string; prompt: string; parameters: ObjectSchema };
  /** Whether a call is streamed to the user as a tool call message (the spec's toolCall), input and result. */
  streamed: boolean;
  /** A model's arguments (parsed JSON) as the tool's input; what is missing or of another type becomes empty. */
  input(args: Record<string, unknown>): Input;
  run(env: ToolEnv, input: Input): Promise<Result>;
}

/** A tool's input and result types. */
export type InputOf<T> = T extends ToolDescriptor<string, infer I, unknown> ? I : never;
export type ResultOf<T> = T extends ToolDescriptor<string, unknown, infer R> ? R : never;

/** A string argument, or ''. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
