// An Agent over any OpenAI-compatible chat-completions endpoint with tool calling: the model gets the tools that
// have a model part (chat/tools/: serviceMeta, serviceSqlApi) and the engine runs them as the user. Text of a step
// that calls tools is streamed as thinking; the text of the step that ends without tool calls is the final answer.

import type { ChatStreamMessage } from '../../../api/types.js';
import { MODEL_TOOLS, callByName } from '../tools/index.js';
import type { Agent, AgentContext, AgentEvent } from './types.js';

export interface OpenAiCompatibleOptions {
  /** Base URL of the API, e.g. `https://api.example.com/v1` (`/chat/completions` is appended). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Default: globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Tool-calling rounds before giving up. Default 6. */
  maxSteps?: number;
  systemPrompt?: string;
}

/** The system prompt: the analyst's task, a line per tool offered (chat/tools/), how to answer. */
export const DEFAULT_SYSTEM_PROMPT = [
  "You are a data analyst. Answer questions about the user's data.",
  ...MODEL_TOOLS.map((tool) => `Use ${tool.name} ${tool.prompt}`),
  'State the numbers you found in a short markdown answer. If the data cannot answer the question, say so.',
].join('\n');

/** The tools as the chat-completions API takes them: a function with its description and JSON schema each. */
const TOOLS = MODEL_TOOLS.map(({ name, description, parameters }) => ({
  type: 'function',
  function: { name, description, parameters },
}));

interface ToolCallAcc {
  id: string;
  name: string;
  arguments: string;
}

type ApiMessage =
  | {
      role: 'system' | 'user' | 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** `data:` payloads of a server-sent-events body. */
async function* sseData(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      if (signal.aborted) return;
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('data:')) yield line.slice(5).trim();
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function historyMessages(history: ChatStreamMessage[]): ApiMessage[] {
  return history
    .filter((m) => (m.role === 'user' || (m.role === 'assistant' && m.graphPath?.[0] === 'final')) && m.content)
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content! }));
}

/** The system prompt's last line when the viewer's language is known: "Write your answers in German (de-AT)." */
export function languageLine(locale: string | undefined): string {
  if (!locale) return '';
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale);
  } catch {
    return '';
  }
  return `\nWrite your answers in ${name && name !== locale ? `${name} (${locale})` : locale}, the user's language.`;
}

export function createOpenAiCompatibleAgent(options: OpenAiCompatibleOptions): Agent {
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async *answer(ctx: AgentContext): AsyncGenerator<AgentEvent> {
      const messages: ApiMessage[] = [
        { role: 'system', content: (options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT) + languageLine(ctx.locale) },
        ...historyMessages(ctx.history),
        { role: 'user', content: ctx.input },
      ];
      for (let step = 0; step < (options.maxSteps ?? 6); step++) {
        const response = await fetchImpl(
          new Request(url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'text/event-stream',
              ...(options.apiKey && { Authorization: `Bearer ${options.apiKey}` }),
            },
            body: JSON.stringify({ model: options.model, messages, tools: TOOLS, stream: true }),
            signal: ctx.signal,
          }),
        );
        if (!response.ok || !response.body) {
          const text = await response.text().catch(() => '');
          throw new Error(`Model endpoint answered ${response.status}: ${text.slice(0, 300)}`);
        }
        let text = '';
        const calls = new Map<number, ToolCallAcc>();
        for await (const data of sseData(response.body, ctx.signal)) {
          if (data === '[DONE]') break;
          let chunk: {
            choices?: {
              delta?: {
                content?: string | null;
                tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
              };
            }[];
          };
          try {
            chunk = JSON.parse(data) as typeof chunk;
          } catch {
            continue; // a malformed event is skipped
          }
          const delta = chunk.choices?.[0]?.delta;
          if (delta?.content) text += delta.content;
          for (const call of delta?.tool_calls ?? []) {
            const acc = calls.get(call.index) ?? { id: '', name: '', arguments: '' };
            if (call.id) acc.id = call.id;
            if (call.function?.name) acc.name += call.function.name;
            if (call.function?.arguments) acc.arguments += call.function.arguments;
            calls.set(call.index, acc);
          }
        }
        if (ctx.signal.aborted) return;
        if (calls.size === 0) {
          for (const piece of text.match(/[\s\S]{1,80}/g) ?? ['']) yield { final: piece };
          return;
        }
        if (text) yield { thinking: text };
        const toolCalls = [...calls.values()].map((c, i) => ({ ...c, id: c.id || `call_${step}_${i}` }));
        messages.push({
          role: 'assistant',
          content: text || null,
          tool_calls: toolCalls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.arguments },
          })),
        });
        for (const call of toolCalls) {
          let args: Record<string, unknown> = {};
          try {
            args = JSON.parse(call.arguments || '{}') as Record<string, unknown>;
          } catch {
            messages.push({
              role: 'tool',
              tool_call_id: call.id,
              content: JSON.stringify({ error: 'Arguments are not valid JSON' }),
            });
            continue;
          }
          const result = (await callByName(ctx.tools, call.name, args)) ?? { error: `Unknown tool ${call.name}` };
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
        }
      }
      yield { final: 'I could not finish this answer within the allowed number of steps.' };
    },
  };
}
