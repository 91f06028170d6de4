// Demo skeleton: replays a spec-shaped chat stream through the transport's NDJSON reader and chat reducer.
import {
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
