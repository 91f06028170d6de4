// Giving the thread back between slices of work, for the engine (large bytes a slice at a time) and the elements
// (dashboard widgets and charts one per task) alike: one implementation for both.

let channel: MessageChannel | undefined;
const waiting: (() => void)[] = [];

/**
 * Resolves in a later task, so input, paint and other tasks run in between: scheduler.yield() where there is one,
 * else a MessageChannel message (setTimeout is clamped to 4 ms once nested); setImmediate in Node.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
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
