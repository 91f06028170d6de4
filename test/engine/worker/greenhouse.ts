// Shared by the worker tests: a model and data of their own (greenhouse sensor readings, not the demo's), the modes
// an engine runs in (in the page, in its worker, in its worker with chunk messages as WebKit has), and helpers.
import { createLocalEngine, DEMO, type LocalEngineOptions } from '../../../src/engine/index.js';
import { setStreamMode } from '../../../src/engine/worker/client.js';
import { canTransferStreams } from '../../../src/engine/worker/protocol.js';

/** What a promise rejected with (it must reject). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

export const MODEL = `cubes:
  - name: readings
    sql_table: readings
    measures:
      - name: count
        type: count
      - name: avg_temp
        type: avg
        sql: temp_c
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: house
        sql: house
        type: string
      - name: taken_at
        sql: taken_at
        type: time
`;
export const HOUSES = ['north', 'south', 'tropical'];
export const ROWS = Array.from({ length: 240 }, (_, i) => ({
  id: i + 1,
  house: HOUSES[i % 3],
  temp_c: 18 + (i % 7) + (i % 3) * 4,
  taken_at: new Date(Date.UTC(2026, 3, 1) + i * 3_600_000).toISOString(),
}));
export const BASE = 'https://local.svc';
let messages = 0;
/** A fresh message id in the Chat API's form (13 or more digits, then -message). */
export const messageId = () => `${Date.now()}${++messages}-message`;
export const CHAT_URL = `${BASE}/api/v1/public/${DEMO.accountName}/agents/${DEMO.agentId}/chat/stream-chat-state`;

export const chatRequest = (input: string, id: string, init: RequestInit = {}) =>
  new Request(CHAT_URL, {
    method: 'POST',
    headers: { Authorization: `Api-Key ${DEMO.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input, messageId: id, sessionSettings: { externalId: 'grower', groups: ['executives'] } }),
    ...init,
  });

export interface Mode {
  label: string;
  worker: boolean;
  streams?: 'transfer' | 'chunks';
}
export const MODES: Mode[] = [
  { label: 'in-page', worker: false },
  { label: 'worker', worker: true },
  // WebKit cannot transfer streams: its path (chunk messages) is tested in every browser.
  ...(canTransferStreams() ? [{ label: 'worker, chunk messages', worker: true, streams: 'chunks' as const }] : []),
];

export async function open(mode: Mode, extra: Partial<LocalEngineOptions> = {}) {
  const name = `svc-worker-${mode.label.replace(/\W+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  setStreamMode(mode.streams);
  try {
    const engine = await createLocalEngine({
      name,
      worker: mode.worker,
      model: { 'cubes/readings.yml': MODEL },
      data: { readings: ROWS },
      ...extra,
    });
    return { engine, name };
  } finally {
    setStreamMode(undefined);
  }
}

/** What a response is, for comparing modes: status, the headers that matter, and the body as text. */
export async function snapshot(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
  };
}

/** Reads a body chunk by chunk, noting for each whether the answer's final state line had arrived yet. */
export async function chunks(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const out: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value, { stream: true }));
  }
}
