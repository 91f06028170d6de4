// The stream hub: one producer per thread, any number of subscribers. Every line a run sends is kept, so a
// subscriber that arrives late (a resubscribe with the same messageId) receives the whole transcript, then the rest.
// A subscriber that goes away never stops the producer.

import type { ChatStreamMessage } from '../../api/types.js';
import type { ChatOwner } from '../store/schema.js';

const encoder = new TextEncoder();

export class StreamRun {
  private readonly lines: Uint8Array[] = [];
  private readonly subscribers = new Set<ReadableStreamDefaultController<Uint8Array>>();
  private finished = false;
  private resolveDone!: () => void;
  /** Resolves when the run has ended (its last line sent). */
  readonly whenDone = new Promise<void>((resolve) => (this.resolveDone = resolve));
  readonly abort = new AbortController();

  /**
   * `messageId` is the request's, or one the engine picked for it; an engine-picked id may be picked again (before
   * the run sends anything) once the thread is read as stored: nobody can know it before the stream's first line.
   */
  constructor(
    readonly chatId: string,
    public messageId: string,
    readonly owner: ChatOwner,
  ) {}

  get done(): boolean {
    return this.finished;
  }

  /** Sends one message (or an error line) to every subscriber, and keeps it for late ones. */
  send(line: ChatStreamMessage | { error: string }): void {
    if (this.finished) return;
    const bytes = encoder.encode(`${JSON.stringify(line)}\n`);
    this.lines.push(bytes);
    for (const subscriber of this.subscribers) {
      try {
        subscriber.enqueue(bytes);
      } catch {
        this.subscribers.delete(subscriber); // its reader is gone
      }
    }
  }

  /** A new response body: everything sent so far, then what follows, until the run ends. */
  subscribe(): ReadableStream<Uint8Array> {
    let self: ReadableStreamDefaultController<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        for (const bytes of this.lines) controller.enqueue(bytes);
        if (this.finished) controller.close();
        else {
          self = controller;
          this.subscribers.add(controller);
        }
      },
      cancel: () => {
        if (self) this.subscribers.delete(self);
      },
    });
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const subscriber of this.subscribers) {
      try {
        subscriber.close();
      } catch {
        // already closed by its reader
      }
    }
    this.subscribers.clear();
    this.resolveDone();
  }
}

/** Running and recently finished runs, by thread. */
export class StreamHub {
  private readonly runs = new Map<string, StreamRun>();
  private static readonly KEEP_FINISHED = 100;

  /** The thread's current or last run. */
  get(chatId: string): StreamRun | undefined {
    return this.runs.get(chatId);
  }

  /** The running stream of a thread, if one is running. */
  active(chatId: string): StreamRun | undefined {
    const run = this.runs.get(chatId);
    return run && !run.done ? run : undefined;
  }

  start(run: StreamRun): void {
    this.runs.delete(run.chatId);
    this.runs.set(run.chatId, run);
    // Keep a bounded number of finished runs for late resubscribers.
    if (this.runs.size > StreamHub.KEEP_FINISHED) {
      for (const [id, r] of this.runs) {
        if (this.runs.size <= StreamHub.KEEP_FINISHED) break;
        if (r.done) this.runs.delete(id);
      }
    }
  }

  /**
   * Takes the thread for `run` when no run of it is running; undefined when one is (the thread is busy). Synchronous:
   * the check and the claim are one step, so two requests can never both find the thread idle.
   */
  claim(run: StreamRun): StreamRun | undefined {
    if (this.active(run.chatId)) return undefined;
    this.start(run);
    return run;
  }

  /** Ends a claimed run that never started its answer: its subscribers get `error`, and the thread is idle again. */
  release(run: StreamRun, error: string): void {
    run.send({ error });
    run.finish();
    if (this.runs.get(run.chatId) === run) this.runs.delete(run.chatId);
  }

  /** Aborts every running stream; resolves once each has ended (its last line, `__state__` or `error`, sent). */
  abortAll(): Promise<void> {
    const running = [...this.runs.values()].filter((run) => !run.done);
    for (const run of running) run.abort.abort();
    return Promise.all(running.map((run) => run.whenDone)).then(() => undefined);
  }
}
