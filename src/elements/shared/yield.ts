// Giving the page's main thread back between slices of work, so input, paint and the host page's own tasks run in
// between: scheduler.yield() where the browser has it (the continuation keeps its place ahead of other tasks), else a
// macrotask through a MessageChannel (setTimeout would be clamped to 4 ms once nested, slowing a long series).

interface YieldingScheduler {
  yield(): Promise<void>;
}

let channel: MessageChannel | undefined;
const waiting: (() => void)[] = [];

function macrotask(): Promise<void> {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  const port = channel.port2;
  return new Promise((resolve) => {
    waiting.push(resolve);
    port.postMessage(null);
  });
}

/** Resolves in a later task: after the browser had the chance to handle input, paint and run other tasks. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : macrotask();
}
