// The Chat API of the engine: threads in IndexedDB, one producer per thread feeding the stream hub, the agent's tools
// (tools/) run as the user (access policies apply), abort, and the exact stream shape of the spec.

import { errorMessage } from '../../api/errors.js';
import { storageReason } from '../storage-error.js';
import {
  CUTOFF_MESSAGE_ID,
  FINAL_GRAPH_NODE,
  MAIN_AGENT_NODE,
  STATE_MESSAGE_ID,
  THREAD_BUSY_MESSAGE,
} from '../../api/limits.js';
import type { AbortChatRequest, ChatRequest, ChatStreamMessage } from '../../api/types.js';
import type { EngineContext } from '../domain/context.js';
import type { DataService } from '../data/service.js';
import type { ChatThreadRecord } from '../store/schema.js';
import type { Agent, AgentContext } from './agent/types.js';
import type { ChatCaller, ChatPrincipal } from './auth.js';
import { StreamHub, StreamRun } from './hub.js';
import { preferredLanguage } from './language.js';
import { StreamSorts, bySort, nextSort, storedSort } from './sort.js';
import { abortElsewhere, holdThreadLock, type ThreadLock } from './thread-lock.js';
import { appendTurn, newThreadRecord } from './threads.js';
import { storedTurn, uniqueMessageId } from './turns.js';
import { bindTools } from './tools/index.js';
import { forbidden, notFound } from '../errors.js';

const NDJSON = { 'Content-Type': 'application/x-ndjson' };
/** How long an abort waits for the stream it stopped to end before it answers anyway. */
const ABORT_WAIT_MS = 5000;

/** Owners compare by kind, id and embed tenant: the same externalId in two tenants is two people. */
const sameOwner = (thread: ChatThreadRecord, caller: Pick<ChatCaller, 'owner'>) =>
  thread.owner.kind === caller.owner.kind &&
  thread.owner.id === caller.owner.id &&
  thread.owner.tenant === caller.owner.tenant;

export class ChatService {
  readonly hub = new StreamHub();

  constructor(
    private readonly ctx: EngineContext,
    private readonly data: DataService,
    private readonly agent: Agent,
  ) {}

  /**
   * POST …/chat/stream-chat-state, after authentication and body validation. The caller's user is provisioned only
   * once the thread checks passed: a refused request writes nothing. `acceptLanguage` (the request's header) tells
   * the agent the viewer's language.
   *
   * One answer at a time per thread: once the thread is read, the resubscribe, busy and claim decisions are made with
   * no await between them (the claim is the thread's run in the hub); everything that awaits — the thread's lock for
   * the origin (chat/thread-lock.ts), provisioning, the thread read again as stored, a new thread's put — comes after
   * the claim, which is released if one fails.
   */
  async stream(
    accountName: string,
    agentId: string,
    principal: ChatPrincipal,
    request: ChatRequest,
    acceptLanguage?: string | null,
  ): Promise<Response> {
    const found =
      request.chatId !== undefined ? await this.ownThread(request.chatId, accountName, agentId, principal) : undefined;
    const last = found && this.hub.get(found.chatId);
    // The same messageId as the active (or just finished) message: attach to that stream; no second answer.
    if (last && request.messageId !== undefined && last.messageId === request.messageId) {
      return new Response(last.subscribe(), { status: 200, headers: NDJSON });
    }
    // The messageId of an earlier turn: that turn as stored, never answered (or stored) a second time.
    const turn = found && request.messageId !== undefined ? storedTurn(found.messages, request.messageId) : undefined;
    if (found && turn) return this.snapshot({ ...found, messages: turn }, accountName, agentId, principal);
    const active = found && this.hub.active(found.chatId);
    if (request.input === undefined) {
      if (active) return new Response(active.subscribe(), { status: 200, headers: NDJSON });
      await principal.provision();
      return this.snapshot(found, accountName, agentId, principal);
    }

    const fresh = found ? undefined : this.newThread(accountName, agentId, principal);
    const chatId = found?.chatId ?? fresh!.chatId;
    const picked = request.messageId ?? uniqueMessageId(found?.messages ?? [], this.ctx.now());
    const run = this.hub.claim(new StreamRun(chatId, picked, principal.owner));
    if (!run) return busy();

    // Busy in another tab or worker of the origin on the same database: refused as here. Held until the run's turn
    // is stored (produce), at the latest until the run ends.
    const lock = await holdThreadLock(this.ctx.db.name, chatId, () => run.abort.abort());
    if (!lock) {
      this.hub.release(run, THREAD_BUSY_MESSAGE);
      return busy();
    }
    void run.whenDone.then(() => lock.release());
    let thread: ChatThreadRecord;
    let caller: ChatCaller;
    try {
      caller = await principal.provision();
      if (fresh) {
        thread = fresh;
        await this.ctx.db.put('chatThreads', thread);
      } else {
        // As stored now: the copy read before the claim may predate a turn stored since.
        thread = (await this.ctx.db.get('chatThreads', chatId)) ?? chatNotFound(chatId);
        const since = request.messageId !== undefined ? storedTurn(thread.messages, request.messageId) : undefined;
        if (since) {
          this.hub.release(run, `Message ${request.messageId} was answered meanwhile: send it again for its turn`);
          return this.snapshot({ ...thread, messages: since }, accountName, agentId, principal);
        }
        if (request.messageId === undefined) run.messageId = uniqueMessageId(thread.messages, this.ctx.now());
      }
    } catch (error) {
      this.hub.release(run, errorMessage(error));
      throw error;
    }
    const body = run.subscribe();
    void this.produce(run, lock, thread, caller, request, preferredLanguage(acceptLanguage));
    return new Response(body, { status: 200, headers: NDJSON });
  }

  /** The thread `chatId` of this agent if the caller owns it; else 404, or 403 for another user's. */
  private async ownThread(
    chatId: string,
    accountName: string,
    agentId: string,
    principal: Pick<ChatCaller, 'owner'>,
  ): Promise<ChatThreadRecord> {
    const thread = await this.ctx.db.get('chatThreads', chatId);
    if (!thread || thread.agentId !== agentId || thread.accountName !== accountName) chatNotFound(chatId);
    if (!sameOwner(thread, principal)) throw forbidden('This chat belongs to another user');
    return thread;
  }

  private newThread(accountName: string, agentId: string, caller: Pick<ChatCaller, 'owner'>): ChatThreadRecord {
    return newThreadRecord(accountName, agentId, caller.owner, this.ctx.now());
  }

  /** Without input: the thread's state (cutoff, then the conversation). */
  private async snapshot(
    thread: ChatThreadRecord | undefined,
    accountName: string,
    agentId: string,
    caller: Pick<ChatCaller, 'owner'>,
  ) {
    if (!thread) {
      thread = this.newThread(accountName, agentId, caller);
      await this.ctx.db.put('chatThreads', thread);
    }
    const lines = [
      { id: CUTOFF_MESSAGE_ID, sort: 0, state: { isStreaming: false, chatId: thread.chatId } },
      ...thread.messages.map((m, i) => ({ ...m, sort: storedSort(m, i) })),
      { id: STATE_MESSAGE_ID, sort: nextSort(thread), state: { messages: thread.messages } },
    ];
    return new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), { status: 200, headers: NDJSON });
  }

  /** The producer of one answer: runs the agent, turns its events and tool calls into messages, then persists. */
  private async produce(
    run: StreamRun,
    lock: ThreadLock,
    thread: ChatThreadRecord,
    caller: ChatCaller,
    request: ChatRequest,
    locale: string | undefined,
  ) {
    // sort goes on from the thread's earlier turns (chat/sort.ts); what is stored keeps its first line's sort.
    const sorts = new StreamSorts(thread);
    const completed: ChatStreamMessage[] = [];
    const send = (message: ChatStreamMessage): ChatStreamMessage => {
      run.send(sorts.line(message));
      return sorts.stored(message);
    };
    send({ id: CUTOFF_MESSAGE_ID, state: { isStreaming: true, chatId: thread.chatId } });
    const userMessage: ChatStreamMessage = { id: run.messageId, role: 'user', content: request.input };
    completed.push(send(userMessage));

    const workingId = `${run.messageId}-assistant`;
    const finalId = `${run.messageId}-final`;
    const working = { thinking: '', content: '' };
    let final = '';
    let failure: string | undefined;
    let toolCount = 0;
    const tool = async <R>(name: string, input: unknown, call: () => Promise<R>): Promise<R> => {
      const id = `${run.messageId}-tool-${++toolCount}`;
      const base = { id, role: 'assistant', graphPath: [MAIN_AGENT_NODE, 'tools'], isStructuredResponse: false };
      send({ ...base, toolCall: { name, input: JSON.stringify(input) }, isInProcess: true });
      const result = await call();
      const done: ChatStreamMessage = {
        ...base,
        toolCall: { name, input: JSON.stringify(input), result: JSON.stringify(result) },
        isInProcess: false,
      };
      completed.push(send(done));
      return result;
    };
    const ctx: AgentContext = {
      input: request.input ?? '',
      history: thread.messages,
      signal: run.abort.signal,
      now: () => this.ctx.now(),
      ...(locale && { locale }),
      user: caller.user,
      tools: bindTools({ data: this.data, identity: caller.identity, request }, tool),
    };
    try {
      // An abort ends the stream at once, even while the agent is still awaiting something.
      const iterator = this.agent.answer(ctx)[Symbol.asyncIterator]();
      const aborted = new Promise<'aborted'>((resolve) => {
        if (run.abort.signal.aborted) resolve('aborted');
        run.abort.signal.addEventListener('abort', () => resolve('aborted'), { once: true });
      });
      for (;;) {
        const next = await Promise.race([iterator.next(), aborted]);
        if (next === 'aborted') {
          void Promise.resolve(iterator.return?.()).catch(() => undefined);
          break;
        }
        if (next.done) break;
        const event = next.value;
        if ('final' in event) {
          final += event.final;
          send({
            id: finalId,
            role: 'assistant',
            content: event.final,
            isDelta: true,
            isInProcess: true,
            graphPath: [FINAL_GRAPH_NODE, MAIN_AGENT_NODE],
            isStructuredResponse: false,
          });
        } else {
          if ('thinking' in event) working.thinking += event.thinking;
          else working.content += event.content;
          send({
            id: workingId,
            role: 'assistant',
            ...event,
            isDelta: true,
            isInProcess: true,
            graphPath: [MAIN_AGENT_NODE],
            isStructuredResponse: false,
          });
        }
      }
    } catch (error) {
      if (!run.abort.signal.aborted) failure = errorMessage(error);
    }
    if (working.thinking || working.content) {
      const message: ChatStreamMessage = {
        id: workingId,
        role: 'assistant',
        ...(working.thinking && { thinking: working.thinking }),
        content: working.content,
        isDelta: false,
        isInProcess: false,
        graphPath: [MAIN_AGENT_NODE],
        isStructuredResponse: false,
      };
      completed.push(send(message));
    }
    if (final || !failure) {
      const message: ChatStreamMessage = {
        id: finalId,
        role: 'assistant',
        content: final,
        isDelta: false,
        isInProcess: false,
        graphPath: [FINAL_GRAPH_NODE, MAIN_AGENT_NODE],
        isStructuredResponse: false,
      };
      completed.push(send(message));
    }
    // Appended to the thread as stored; the __state__ line takes sorts.upcoming.
    let saved: ChatThreadRecord | undefined;
    try {
      saved = await appendTurn(this.ctx.db, thread.chatId, bySort(completed), sorts.upcoming + 1, this.ctx.now());
    } catch (error) {
      failure ??= `Could not save the conversation: ${storageReason(error)}`;
    }
    // The thread is free for other tabs before this stream's last line: a message sent on it is never refused busy.
    await lock.release();
    if (failure || !saved) run.send({ error: failure ?? 'Could not save the conversation' });
    else send({ id: STATE_MESSAGE_ID, state: { messages: saved.messages } });
    run.finish();
  }

  /** POST …/chat/abort after authentication: 204, or 403/404. */
  async abort(agentId: string, caller: Pick<ChatCaller, 'owner'>, request: AbortChatRequest): Promise<void> {
    const thread = await this.ctx.db.get('chatThreads', request.chatId);
    if (!thread || thread.agentId !== agentId) throw notFound(`Chat ${request.chatId} not found`);
    if (!sameOwner(thread, caller)) throw forbidden('This chat belongs to another user');
    // Answer once the stream has ended, so the thread takes a new message right away (agents stop promptly).
    const run = this.hub.active(thread.chatId);
    if (!run) return abortElsewhere(this.ctx.db.name, thread.chatId, ABORT_WAIT_MS); // answering in another tab?
    run.abort.abort();
    await Promise.race([run.whenDone, new Promise((resolve) => setTimeout(resolve, ABORT_WAIT_MS))]);
  }
}

/** The spec's answer to a new message on a thread that is streaming. */
function busy(): Response {
  return new Response(`${JSON.stringify({ error: THREAD_BUSY_MESSAGE })}\n`, { status: 200, headers: NDJSON });
}

function chatNotFound(chatId: string): never {
  throw notFound(`Chat ${chatId} not found`);
}
