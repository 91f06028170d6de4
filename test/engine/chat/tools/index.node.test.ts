// The agent tools (src/engine/chat/tools/) are complete: every tool has a name, an input reader and an implementation,
// every tool a model is offered has a JSON schema and a line of the system prompt; an agent gets every tool, the
// streamed ones stream as tool calls with their results and the others do not; and an OpenAI-compatible model served
// on a real port is given exactly the offered tools, by schema, and the engine runs each tool it calls. The data: a
// seismic network of our own (quakes by station).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { STREAMED_TOOL_NAMES } from '../../../../src/api/tools.js';
import type { ChatStreamMessage } from '../../../../src/api/types.js';
import { DEFAULT_SYSTEM_PROMPT } from '../../../../src/engine/chat/agent/openai-compatible.js';
import { MODEL_TOOLS, TOOLS } from '../../../../src/engine/chat/tools/index.js';
import type { ToolDescriptor } from '../../../../src/engine/chat/tools/types.js';
import {
  createLocalEngine,
  createOpenAiCompatibleAgent,
  type Agent,
  type EngineSeed,
  type LocalEngine,
} from '../../../../src/engine/index.js';
import { HttpTransport } from '../../../../src/transport/http-transport.js';

const KEY = 'seismic-admin-key';
const SQL = 'SELECT station, MEASURE(max_magnitude) AS strongest FROM quakes GROUP BY 1 ORDER BY 1';
/** Arguments a model would send each offered tool. */
const MODEL_ARGS: Record<string, Record<string, unknown>> = {
  serviceMeta: { searchQuery: 'magnitude' },
  serviceSqlApi: { query: SQL, queryTitle: 'Strongest quake by station' }, // `query`: the alias some models send
};

const seed: EngineSeed = {
  account: { name: 'seismic', plan: 'enterprise' },
  deployments: [{ id: 7, name: 'Seismic network', apiSecret: 'seismic-secret-0123456789-0123456789' }],
  users: [{ email: 'chief@seismic.test', role: 'admin' }],
  apiKeys: [{ key: KEY, userEmail: 'chief@seismic.test' }],
  agents: [{ id: 'seismo', deploymentId: 7 }],
  dataModel: {
    cubes: [
      {
        name: 'quakes',
        sql_table: 'quakes',
        measures: [
          { name: 'count', type: 'count' },
          { name: 'max_magnitude', type: 'max', sql: 'magnitude', title: 'Strongest magnitude' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'station', type: 'string', sql: 'station' },
        ],
      },
    ],
  },
  tables: {
    quakes: [
      { id: 1, station: 'ANMO', magnitude: 4.2 },
      { id: 2, station: 'COLA', magnitude: 5.1 },
      { id: 3, station: 'ANMO', magnitude: 3.3 },
    ],
  },
};

async function ask(agent: Agent, question: string): Promise<ChatStreamMessage[]> {
  const engine: LocalEngine = await createLocalEngine({ seed, agent, name: `tools-${Date.now()}-${Math.random()}` });
  try {
    const transport = new HttpTransport({
      baseUrl: 'https://seismic.example',
      accountName: 'seismic',
      agentId: 'seismo',
      auth: { apiKey: KEY },
      fetch: (request) => engine.fetch(request),
    });
    const stream = await transport.streamChat({ input: question, sessionSettings: { externalId: 'ranger-1' } });
    const messages: ChatStreamMessage[] = [];
    for await (const message of stream) messages.push(message);
    return messages;
  } finally {
    await engine.close();
  }
}

/** The completed tool calls of a stream, by tool name, with their parsed results. */
function toolResults(messages: ChatStreamMessage[]): Map<string, Record<string, unknown>> {
  const results = new Map<string, Record<string, unknown>>();
  for (const m of messages)
    if (m.toolCall?.result !== undefined && m.isInProcess === false)
      results.set(m.toolCall.name, JSON.parse(m.toolCall.result) as Record<string, unknown>);
  return results;
}

describe('agent tools', () => {
  it('every tool has a name (once), an input reader and an implementation; every offered one a schema', () => {
    const names = TOOLS.map((t) => t.name);
    assert.equal(new Set(names).size, names.length, 'a name twice');
    for (const tool of TOOLS as readonly ToolDescriptor[]) {
      assert.match(tool.name, /^[a-zA-Z][\w]*$/);
      assert.equal(typeof tool.input, 'function', `${tool.name}: input`);
      assert.equal(typeof tool.run, 'function', `${tool.name}: run`);
      assert.equal(typeof tool.streamed, 'boolean', `${tool.name}: streamed`);
      if (!tool.model) continue;
      const { parameters, description, prompt } = tool.model;
      assert.ok(description.length > 10 && prompt.length > 5, `${tool.name}: described`);
      assert.equal(parameters.type, 'object');
      for (const key of parameters.required) assert.ok(key in parameters.properties, `${tool.name}: ${key} required`);
      assert.ok(DEFAULT_SYSTEM_PROMPT.includes(`Use ${tool.name} `), `${tool.name}: not in the system prompt`);
      // Missing arguments give an input all the same (a model's call may lack them).
      assert.equal(typeof tool.input({}), 'object');
    }
    assert.deepEqual(
      MODEL_TOOLS.map((t) => t.name),
      (TOOLS as readonly ToolDescriptor[]).filter((t) => t.model).map((t) => t.name),
    );
  });

  it("streams exactly the spec's tools, whose names (api/tools.ts) no other module of src/ writes out", () => {
    assert.deepEqual(
      (TOOLS as readonly ToolDescriptor[]).filter((t) => t.streamed).map((t) => t.name),
      [...STREAMED_TOOL_NAMES],
    );
    const src = join(import.meta.dirname, '../../../../src');
    const written = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && file !== join('api', 'tools.ts'))
      .filter((file) =>
        STREAMED_TOOL_NAMES.some((name) => readFileSync(join(src, file), 'utf8').includes(`'${name}'`)),
      );
    assert.deepEqual(written, [], 'a tool name written as a string');
  });

  it('an agent gets every tool: the streamed ones stream as tool calls with results, the others do not', async () => {
    const returned = new Map<string, unknown>();
    const agent: Agent = {
      async *answer(ctx) {
        assert.deepEqual(Object.keys(ctx.tools).sort(), TOOLS.map((t) => t.name).sort());
        returned.set('serviceMeta', await ctx.tools.serviceMeta({ searchQuery: 'station' }));
        returned.set('serviceSqlApi', await ctx.tools.serviceSqlApi({ sqlQuery: SQL }));
        returned.set('lookupSqlApi', await ctx.tools.lookupSqlApi({ sqlQuery: 'SELECT DISTINCT station FROM quakes' }));
        yield { final: 'ANMO and COLA.' };
      },
    };
    const messages = await ask(agent, 'strongest quake by station?');
    assert.deepEqual([...returned.keys()].sort(), TOOLS.map((t) => t.name).sort());
    const streamed = toolResults(messages);
    assert.deepEqual(
      [...streamed.keys()].sort(),
      TOOLS.filter((t) => t.streamed)
        .map((t) => t.name)
        .sort(),
    );
    for (const [name, result] of streamed)
      assert.deepEqual(result, JSON.parse(JSON.stringify(returned.get(name))), `${name}: streamed result`);
    assert.deepEqual((returned.get('serviceSqlApi') as { data: unknown[][] }).data, [
      ['ANMO', 4.2],
      ['COLA', 5.1],
    ]);
    assert.deepEqual((returned.get('lookupSqlApi') as { totalRows: number }).totalRows, 2);
  });

  describe('a model on a real port', () => {
    let server: Server;
    let baseUrl = '';
    const requests: {
      tools: { function: { name: string; parameters: unknown } }[];
      messages: { content: string }[];
    }[] = [];
    before(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const request = JSON.parse(body) as (typeof requests)[number];
          requests.push(request);
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          // First step: a call of every tool it was offered; then the answer.
          const chunks =
            requests.length === 1
              ? request.tools.map((t, index) => ({
                  choices: [
                    {
                      delta: {
                        tool_calls: [
                          {
                            index,
                            id: `call_${index}`,
                            function: { name: t.function.name, arguments: JSON.stringify(MODEL_ARGS[t.function.name]) },
                          },
                        ],
                      },
                    },
                  ],
                }))
              : [{ choices: [{ delta: { content: 'COLA felt the strongest, 5.1.' } }] }];
          for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
          res.end('data: [DONE]\n\n');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('is given exactly the offered tools by schema, and the engine runs each one it calls', async () => {
      const agent = createOpenAiCompatibleAgent({ baseUrl, model: 'seismo-1' });
      const messages = await ask(agent, 'which station felt the strongest quake?');
      const offered = (TOOLS as readonly ToolDescriptor[]).filter((t) => t.model);
      assert.deepEqual(
        requests[0].tools.map((t) => t.function.name),
        offered.map((t) => t.name),
      );
      for (const [i, tool] of offered.entries())
        assert.deepEqual(requests[0].tools[i].function.parameters, tool.model!.parameters);
      assert.ok(requests[0].messages[0].content.startsWith(DEFAULT_SYSTEM_PROMPT));
      const results = toolResults(messages);
      assert.deepEqual([...results.keys()].sort(), offered.map((t) => t.name).sort());
      for (const [name, result] of results) assert.equal(result.error, undefined, `${name}: ${String(result.error)}`);
      assert.deepEqual(results.get('serviceSqlApi')!.data, [
        ['ANMO', 4.2],
        ['COLA', 5.1],
      ]);
      assert.equal(results.get('serviceSqlApi')!.queryTitle, 'Strongest quake by station');
      // The model read each result back as the tool's answer.
      assert.equal(requests.length, 2);
    });
  });
});
