// The OpenAI-compatible adapter against a fake chat-completions endpoint that streams SSE with tool calls.
import { expect } from '@open-wc/testing';
import type { ChatStreamMessage } from '../../../src/api/types.js';
import { createLocalEngine, createOpenAiCompatibleAgent, demoSeed } from '../../../src/engine/index.js';
import { finalAnswer } from '../../../src/transport/chat.js';
import { DEMO, deleteDatabase, chatTransport } from '../helpers.js';

interface Seen {
  url: string;
  auth: string | null;
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_call_id?: string }[];
    tools: { function: { name: string } }[];
    stream: boolean;
  };
}

/** SSE body of chunks, split awkwardly to exercise the reader. */
function sse(chunks: unknown[]): Response {
  const text = chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
  const encoder = new TextEncoder();
  const parts = text.match(/[\s\S]{1,37}/g)!;
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const p of parts) controller.enqueue(encoder.encode(p));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

describe('OpenAI-compatible agent adapter', function () {
  this.timeout(60_000);

  it('exposes the two tools, runs the model’s tool call as the user, and streams its answer', async () => {
    const seen: Seen[] = [];
    const fakeModel = async (request: Request): Promise<Response> => {
      const body = (await request.json()) as Seen['body'];
      seen.push({ url: request.url, auth: request.headers.get('authorization'), body });
      const toolResult = body.messages.find((m) => m.role === 'tool');
      if (!toolResult) {
        return sse([
          { choices: [{ delta: { content: 'Let me count. ' } }] },
          {
            choices: [
              {
                delta: {
                  tool_calls: [
                    {
                      index: 0,
                      id: 'call_1',
                      function: { name: 'serviceSqlApi', arguments: '{"sqlQuery":"SELECT MEASURE(count) AS n' },
                    },
                  ],
                },
              },
            ],
          },
          {
            choices: [
              { delta: { tool_calls: [{ index: 0, function: { arguments: ' FROM sales","queryTitle":"Orders"}' } }] } },
            ],
          },
        ]);
      }
      const n = (JSON.parse(toolResult.content!) as { data: number[][] }).data[0][0];
      return sse([
        { choices: [{ delta: { content: `There are ${n} ` } }] },
        { choices: [{ delta: { content: 'orders.' } }] },
      ]);
    };
    const name = `svc-openai-${Date.now()}`;
    const engine = await createLocalEngine({
      name,
      seed: { ...demoSeed, data: { rows: 1234 } },
      agent: createOpenAiCompatibleAgent({
        baseUrl: 'https://llm.example/v1/',
        model: 'test-model',
        apiKey: 'sk-test',
        fetch: fakeModel,
      }),
    });
    try {
      const chat = chatTransport(engine.fetch, { apiKey: DEMO.adminKey });
      const messages: ChatStreamMessage[] = [];
      for await (const m of await chat.streamChat({
        input: 'How many orders?',
        sessionSettings: { externalId: 'llm-user', groups: ['executives'] },
      }))
        messages.push(m);
      expect(finalAnswer(messages)!.content).to.equal('There are 1234 orders.');
      const tool = messages.find((m) => m.toolCall?.name === 'serviceSqlApi' && m.toolCall.result)!;
      expect(JSON.parse(tool.toolCall!.input)).to.include({
        sqlQuery: 'SELECT MEASURE(count) AS n FROM sales',
        queryTitle: 'Orders',
      });
      expect(messages.some((m) => m.thinking === 'Let me count. ')).to.equal(true);
      expect(seen).to.have.length(2);
      expect(seen[0]).to.include({ url: 'https://llm.example/v1/chat/completions', auth: 'Bearer sk-test' });
      expect(seen[0].body).to.include({ model: 'test-model', stream: true });
      expect(seen[0].body.tools.map((t) => t.function.name)).to.deep.equal(['serviceMeta', 'serviceSqlApi']);
      expect(seen[0].body.messages.at(-1)).to.deep.equal({ role: 'user', content: 'How many orders?' });
      expect(seen[1].body.messages.find((m) => m.role === 'tool')!.tool_call_id).to.equal('call_1');
    } finally {
      await engine.close();
      await deleteDatabase(name);
    }
  });

  it('an endpoint failure ends the stream with an {"error"} line', async () => {
    const name = `svc-openai-err-${Date.now()}`;
    const engine = await createLocalEngine({
      name,
      seed: { ...demoSeed, data: { rows: 100 } },
      agent: createOpenAiCompatibleAgent({
        baseUrl: 'https://llm.example/v1',
        model: 'm',
        fetch: () => Promise.resolve(new Response('rate limited', { status: 429 })),
      }),
    });
    try {
      const chat = chatTransport(engine.fetch, { apiKey: DEMO.adminKey });
      let error: Error | undefined;
      try {
        for await (const _ of await chat.streamChat({ input: 'hi', sessionSettings: { externalId: 'llm-user' } }))
          void _;
      } catch (e) {
        error = e as Error;
      }
      expect(error?.message).to.equal('Model endpoint answered 429: rate limited');
    } finally {
      await engine.close();
      await deleteDatabase(name);
    }
  });
});
