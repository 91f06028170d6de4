// Demo: the local engine answering the embed flow in the page, and a spec-shaped chat stream replayed through the
// transport's NDJSON reader and chat reducer.
import '../src/elements/chat/svc-chat.js';
import { DEMO, createLocalEngine } from '../src/engine/index.js';
import {
  ApiError,
  HttpTransport,
  applyChatMessage,
  finalAnswer,
  isControlMessage,
  parseToolPayload,
  readNdjson,
  sortMessages,
  type ChatStreamMessage,
} from '../src/transport/index.js';

const NODE = 'service_data_analyst_agent';
const sample: ChatStreamMessage[] = [
  { id: '__cutoff__', sort: 0, state: { isStreaming: true, chatId: 'demo-chat' } },
  { id: 'u1', role: 'user', content: 'Which region sold the most last quarter?', sort: 1 },
  {
    id: 'a1',
    role: 'assistant',
    thinking: 'Find the sales view, ',
    isDelta: true,
    isInProcess: true,
    graphPath: [NODE],
    sort: 2,
  },
  {
    id: 'a1',
    role: 'assistant',
    thinking: 'then group revenue by region.',
    isDelta: true,
    isInProcess: true,
    graphPath: [NODE],
    sort: 3,
  },
  {
    id: 't1',
    role: 'assistant',
    toolCall: {
      name: 'serviceSqlApi',
      input: JSON.stringify({ query: 'SELECT region, MEASURE(revenue) FROM sales GROUP BY 1' }),
    },
    isInProcess: true,
    graphPath: [NODE, 'tools'],
    sort: 4,
  },
  {
    id: 'a2',
    role: 'assistant',
    content: 'EMEA sold the most: ',
    isDelta: true,
    isInProcess: true,
    graphPath: ['final', NODE],
    sort: 5,
  },
  {
    id: 'a2',
    role: 'assistant',
    content: '€1.2M.',
    isDelta: true,
    isInProcess: true,
    graphPath: ['final', NODE],
    sort: 6,
  },
  { id: '__state__', sort: 7, state: { messages: [] } },
];

/** The sample as a byte stream in small, uneven chunks with a pause between them. */
function sampleStream(): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(sample.map((m) => JSON.stringify(m)).join('\n') + '\n');
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset >= bytes.length) return controller.close();
      await new Promise((r) => setTimeout(r, 60));
      const size = 20 + Math.floor(Math.random() * 60);
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}

const list = document.querySelector<HTMLOListElement>('#messages')!;
const final = document.querySelector<HTMLParagraphElement>('#final')!;
const button = document.querySelector<HTMLButtonElement>('#replay')!;

function render(messages: Map<string, ChatStreamMessage>): void {
  list.replaceChildren(
    ...sortMessages(messages)
      .filter((m) => !isControlMessage(m))
      .map((m) => {
        const li = document.createElement('li');
        const role = document.createElement('span');
        role.className = 'role';
        role.textContent = m.toolCall ? `tool ${m.toolCall.name}` : (m.role ?? '');
        const text = m.toolCall
          ? (parseToolPayload(m.toolCall).input.sqlQuery as string)
          : (m.content ?? m.thinking ?? '');
        li.append(role, document.createTextNode(text)); // text nodes: stream content never becomes markup
        return li;
      }),
  );
}

async function replay(): Promise<void> {
  button.disabled = true;
  final.textContent = '';
  const messages = new Map<string, ChatStreamMessage>();
  for await (const item of readNdjson<ChatStreamMessage>(sampleStream())) {
    if (!item.ok) continue;
    applyChatMessage(messages, item.value);
    render(messages);
  }
  final.textContent = `Final answer: ${finalAnswer(messages.values())?.content ?? '(none)'}`;
  button.disabled = false;
}

button.addEventListener('click', () => void replay());
void replay();

// ─── Local engine ────────────────────────────────────────────────────────────────────────────────────────────

const log = document.querySelector<HTMLOListElement>('#engine-log')!;
const status = document.querySelector<HTMLParagraphElement>('#engine-status')!;
const form = document.querySelector<HTMLFormElement>('#session-form')!;

function step(title: string, value: unknown): void {
  const li = document.createElement('li');
  const heading = document.createElement('strong');
  heading.textContent = title;
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(value, null, 2); // text, never markup
  li.append(heading, pre);
  log.append(li);
}

const enginePromise = createLocalEngine({ seed: 'demo', name: 'svc-demo' });

async function runEmbedFlow(): Promise<void> {
  log.replaceChildren();
  const engine = await enginePromise;
  const base = 'https://local.svc';
  // The host's backend holds the API key; here the "backend" is this page, for the demo only.
  const backend = new HttpTransport({ baseUrl: base, fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
  try {
    const workbook = await backend.upsertWorkbookBySlug(DEMO.deploymentId, 'sales-overview', {
      name: 'Sales overview',
      meta: { dashboardDraft: { title: 'Sales overview', widgets: [] } },
    });
    step(`PUT …/workbooks/by-slug/sales-overview → workbook ${workbook.id}`, workbook);
    const externalId = document.querySelector<HTMLInputElement>('#external-id')!.value;
    const group = document.querySelector<HTMLSelectElement>('#group')!.value;
    const region = document.querySelector<HTMLInputElement>('#region')!.value;
    const { sessionId } = await backend.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId,
      groups: [group],
      userAttributes: [{ name: 'region', value: region }],
    });
    step('POST /api/v1/embed/generate-session', { sessionId });
    const browser = new HttpTransport({ baseUrl: base, fetch: engine.fetch });
    const { token } = await browser.exchangeSessionToken(sessionId);
    const [, payload] = token.split('.');
    step(
      'POST /api/v1/embed/session/token → token claims',
      JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))),
    );
    // The viewer's own view of the data: row-level security by group and region.
    const viewer = new HttpTransport({ baseUrl: base, fetch: engine.fetch, auth: { serviceToken: token } });
    status.textContent = 'Loading DuckDB and the demo dataset (first time only)…';
    const started = performance.now();
    const result = await viewer.load({
      query: { measures: ['sales.count', 'sales.total_amount'], dimensions: ['sales.customers_region'] },
    });
    status.textContent = `Answered in ${Math.round(performance.now() - started)} ms`;
    // The chat asks as the same viewer, with the same token.
    const chat = document.querySelector('svc-chat')!;
    chat.transport = new HttpTransport({
      baseUrl: base,
      fetch: engine.fetch,
      auth: { serviceToken: token },
      accountName: DEMO.accountName,
      agentId: DEMO.agentId,
    });
    chat.starterPrompts = [
      'Revenue by region last year',
      'How many orders per month in 2025?',
      'Top 5 products by revenue',
    ];
    chat.newChat();
    step('POST /cubejs-api/v1/load as the viewer: orders and revenue by region', result.data);
  } catch (error) {
    status.textContent = '';
    step('Error', error instanceof ApiError ? { status: error.status, message: error.message } : String(error));
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void runEmbedFlow();
});
document.querySelector<HTMLButtonElement>('#reset')!.addEventListener('click', () => {
  void enginePromise.then((e) => e.reset()).then(() => step('Engine reset to the demo seed', {}));
});
void runEmbedFlow();
