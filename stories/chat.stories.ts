// <svc-chat> on the local engine's analyst: empty (starter prompts, or questions from the model), answers with SQL
// tool cards, result tables and charts, a decline, an answer being written (the stream paced), a failing server, dark,
// 390 px wide and right to left.
import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import type { LocalEngine } from '../src/engine/index.js';
import type { SvcChat } from '../src/index.js';
import type { FetchLike } from '../src/transport/index.js';
import { failingFetch, pacedFetch, storyEngine } from './support/engine.js';
import { split } from './support/dashboards.js';
import { until } from './support/wait.js';
import { element, framed, provided } from './support/render.js';

interface ChatFrame {
  fetch?: (engineFetch: FetchLike) => FetchLike;
  provider?: Record<string, string>;
  width?: number;
}

/** A `<svc-chat>` with the story's args in a provider on the story's engine (one viewer per story: its own threads). */
function chatStory(args: StoryContext['args'], context: StoryContext, frame: ChatFrame = {}): HTMLElement {
  const engine = context.loaded.engine as LocalEngine;
  const { tokens, own } = split(args);
  const chat = element<SvcChat>('svc-chat', own);
  const provider = provided(
    [chat],
    { engine, fetch: frame.fetch?.(engine.fetch), viewer: `storybook-${context.id}` },
    { ...tokens, ...frame.provider },
  );
  return frame.width ? framed(provider, frame.width) : provider;
}

const chatIn = (canvas: HTMLElement): SvcChat => canvas.querySelector('svc-chat')!;
/** Every element under `root` matching `selector`, in the shadow roots inside it too. */
const deepQuery = (root: Element | ShadowRoot, selector: string): Element[] => [
  ...root.querySelectorAll(selector),
  ...[...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? deepQuery(el.shadowRoot, selector) : [])),
];

/** A play function: asks `question` and waits for the whole answer, which must show `parts` (e.g. `sql`, `chart`). */
const asks =
  (question: string, ...parts: string[]) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const chat = chatIn(canvasElement);
    await chat.send(question);
    for (const part of parts)
      await until(`the answer's ${part}`, () => deepQuery(chat.shadowRoot!, `[part~="${part}"]`).length > 0);
    await chat.updateComplete;
  };

const meta: Meta = {
  title: 'Elements/svc-chat',
  component: 'svc-chat',
  args: { 'starter-prompts': ['Revenue by region last year', 'Top 5 products by revenue', 'Orders by month'] },
  loaders: [async () => ({ engine: await storyEngine() })],
  render: (args, context) => chatStory(args, context),
  play: async ({ canvasElement }) => void (await chatIn(canvasElement).updateComplete),
};
export default meta;
type Story = StoryObj;

/** Before the first question: the starter prompts. */
export const Empty: Story = {};

/** No starter prompts: questions about the data model are suggested. */
export const SuggestedFromModel: Story = { args: { 'starter-prompts': [] } };

/** An answer with its SQL tool card, the result table and a chart. */
export const AnsweredWithChart: Story = { play: asks('Revenue by region last year', 'tool-call', 'sql', 'chart') };

/** A ranking answered with a table. */
export const AnsweredWithTable: Story = { play: asks('Top 5 products by revenue', 'tool-call', 'result-table') };

/** A question about something the model does not hold: the analyst declines and says why. */
export const Declined: Story = { play: asks('What is the weather in Paris?', 'answer') };

/** An answer being written: the stream paced at 400 ms a chunk, shown mid-way. */
export const Streaming: Story = {
  render: (args, context) => chatStory(args, context, { fetch: (f) => pacedFetch(f, 400) }),
  play: async ({ canvasElement }) => {
    const chat = chatIn(canvasElement);
    void chat.send('Revenue by region last year');
    await until('the answer to start', () => deepQuery(chat.shadowRoot!, '[part~="stop"]').length > 0);
    await chat.updateComplete;
  },
};

/** A server that fails the chat with 503: the error, with Retry. */
export const ServerError: Story = {
  render: (args, context) =>
    chatStory(args, context, { fetch: (f) => failingFetch(f, 503, 'The analyst is not available', 'chat') }),
  play: async ({ canvasElement }) => {
    const chat = chatIn(canvasElement);
    await chat.send('Revenue by region last year').catch(() => undefined);
    await until('the error', () => deepQuery(chat.shadowRoot!, '[role="alert"]').length > 0);
    await chat.updateComplete;
  },
};

export const Dark: Story = {
  render: (args, context) => chatStory(args, context, { provider: { 'color-scheme': 'dark' } }),
  globals: { backgrounds: { value: 'dark' } },
  play: asks('Revenue by region last year', 'chart'),
};

/** 390 px wide. */
export const Phone: Story = {
  render: (args, context) => chatStory(args, context, { width: 390 }),
  globals: { viewport: { value: 'phone' } },
  play: asks('Revenue by region last year', 'chart'),
};

/** Arabic: right to left. */
export const RightToLeft: Story = {
  args: { 'starter-prompts': [] },
  render: (args, context) => chatStory(args, context, { provider: { locale: 'ar' } }),
  play: asks('Revenue by region last year', 'answer'),
};
