// A chat service that answers every question with one final message and records the chat requests, behind an
// HttpTransport: for tests of what the elements and the transport send (headers, bodies). Other requests (the data
// API's: the model, for starter questions) get an empty model and are not recorded.
import { HttpTransport } from '../../src/transport/http-transport.js';

const ANSWER = [
  { id: '__cutoff__', sort: 0, state: { isStreaming: true, chatId: 'c1' } },
  { id: 'a1', sort: 1, role: 'assistant', graphPath: ['final'], content: 'Fertig.', isInProcess: false },
  { id: '__state__', sort: 2, state: { messages: [] } },
];

export function recordingChatTransport(): { transport: HttpTransport; sent: Request[] } {
  const sent: Request[] = [];
  const transport = new HttpTransport({
    baseUrl: 'https://svc.test',
    chatUrl: 'https://chat.test/api/v1/public/acme/agents/analyst/chat/stream-chat-state',
    auth: { apiKey: 'key' },
    fetch: (request: Request) => {
      if (!request.url.endsWith('/stream-chat-state')) return Promise.resolve(Response.json({ cubes: [] }));
      sent.push(request);
      const body = ANSWER.map((line) => `${JSON.stringify(line)}\n`).join('');
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } }));
    },
  });
  return { transport, sent };
}
