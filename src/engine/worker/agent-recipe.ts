// Agents that can be rebuilt in the engine's worker: a function cannot cross to a worker, but the options an agent
// was made from can. The engine entry's createLocalAnalystAgent and createOpenAiCompatibleAgent (without a custom
// `fetch`) mark the agent they return with how to make it again; an agent without the mark keeps the engine in-page.

import type { Agent } from '../chat/agent/types.js';
import { createLocalAnalystAgent as localAnalyst } from '../chat/agent/local-analyst.js';
import {
  createOpenAiCompatibleAgent as openAiCompatible,
  type OpenAiCompatibleOptions,
} from '../chat/agent/openai-compatible.js';

export type AgentRecipe =
  { kind: 'local-analyst' } | { kind: 'openai-compatible'; options: Omit<OpenAiCompatibleOptions, 'fetch'> };

const RECIPE = Symbol.for('svc-elements.agent-recipe');

function marked(agent: Agent, recipe: AgentRecipe): Agent {
  Object.defineProperty(agent, RECIPE, { value: recipe });
  return agent;
}

/** How to make this agent again in the worker, when it was made by one of the entry's factories from plain data. */
export function recipeOf(agent: Agent): AgentRecipe | undefined {
  return (agent as { [RECIPE]?: AgentRecipe })[RECIPE];
}

export function agentFromRecipe(recipe: AgentRecipe): Agent {
  return recipe.kind === 'local-analyst' ? localAnalyst() : openAiCompatible(recipe.options);
}

/** The local analyst agent (the default): answers from the data model and the data, with no LLM. */
export function createLocalAnalystAgent(): Agent {
  return marked(localAnalyst(), { kind: 'local-analyst' });
}

/** An agent over any OpenAI-compatible chat-completions endpoint with tool calling. */
export function createOpenAiCompatibleAgent(options: OpenAiCompatibleOptions): Agent {
  const agent = openAiCompatible(options);
  if (options.fetch) return agent; // a function: this agent runs only where it was made
  const { fetch: _, ...plain } = options;
  return marked(agent, { kind: 'openai-compatible', options: plain });
}
