// Shared setup of the element tests: a local engine (demo seed, small data) with a chat-capable transport.
import { fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { SvcChat } from '../../src/elements/chat/svc-chat.js';
import type { SvcAiQueryEvent } from '../../src/elements/events.js';
import {
  createLocalEngine,
  demoSeed,
  type Agent,
  type LocalEngine,
  type LocalEngineOptions,
} from '../../src/engine/index.js';
import type { HttpTransport } from '../../src/transport/http-transport.js';
import type { Transport } from '../../src/transport/transport.js';
import { DEMO, chatTransport, deleteDatabase } from '../engine/helpers.js';

export interface TestSetup {
  engine: LocalEngine;
  transport: HttpTransport;
  /** Closes the engine and deletes its database. */
  dispose(): Promise<void>;
}

/** A fresh engine with 5,000 demo orders (and `agent`, when given), and an admin transport over its fetch. */
export async function engineAndTransport(
  agent?: Agent,
  wrapFetch: (fetch: (r: Request) => Promise<Response>) => (r: Request) => Promise<Response> = (f) => f,
  options: Partial<LocalEngineOptions> = {},
): Promise<TestSetup> {
  const name = `svc-el-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const engine = await createLocalEngine({
    name,
    seed: { ...demoSeed, data: { rows: 5000 } },
    ...(agent && { agent }),
    ...options,
  });
  const transport = chatTransport(wrapFetch(engine.fetch), { apiKey: DEMO.adminKey });
  return {
    engine,
    transport,
    dispose: async () => {
      await engine.close();
      await deleteDatabase(name);
    },
  };
}

/** Who asks, in Api-Key mode. */
export const chatSettings = { externalId: 'chat-el', groups: ['executives'] };

/** The next svc-ai-query event that ends a question (completed or error). */
export async function completed(el: SvcChat): Promise<SvcAiQueryEvent> {
  for (;;) {
    const event = (await oneEvent(el, 'svc-ai-query')) as unknown as SvcAiQueryEvent;
    if (event.phase !== 'submitted') return event;
  }
}

/** <svc-chat> on `transport`, asking as the chatSettings viewer. */
export function mountChat(transport: Transport): Promise<SvcChat> {
  return fixture<SvcChat>(html`<svc-chat .transport=${transport} .sessionSettings=${chatSettings}></svc-chat>`);
}

/** An agent that writes `text`, then waits until the answer is stopped. */
export function untilStopped(text: string): Agent {
  return {
    async *answer(ctx) {
      yield { final: text };
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  };
}

/** A body that passes `body` through until `cut(textSoFar)` is true, then fails like a dropped connection. */
export function droppingBody(
  body: ReadableStream<Uint8Array>,
  cut: (text: string) => boolean,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      text += decoder.decode(value, { stream: true });
      controller.enqueue(value);
      if (cut(text)) controller.error(new TypeError('network error'));
    },
  });
}

/**
 * Emulates `prefers-color-scheme` where the test runner can (Chromium over CDP); false where it cannot (Firefox over
 * WebDriver BiDi, WebKitGTK over WebDriver have no media emulation), so a test can skip that part and say why.
 */
export async function emulateColorScheme(colorScheme: 'light' | 'dark'): Promise<boolean> {
  try {
    await emulateMedia({ colorScheme });
    return true;
  } catch (error) {
    if (/not (be )?supported|CDP support is required|not available/i.test(String(error))) return false;
    throw error;
  }
}
