// Helpers for lifecycle tests of elements in a long-lived page: window listeners left behind, waits that leave no
// timers holding what they reached, and the heap after full collections.
import { executeServerCommand } from '@web/test-runner-commands';

/** Window listeners added and not removed since `track()` (the page's own ones before it are not counted). */
export function trackWindowListeners() {
  const live = new Set<string>();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const key = (type: string, listener: unknown, options: unknown) => {
    if (!listener || (typeof listener !== 'function' && typeof listener !== 'object')) return undefined;
    if (!ids.has(listener)) ids.set(listener, next++);
    const capture = typeof options === 'boolean' ? options : !!(options as { capture?: boolean } | undefined)?.capture;
    return `${type}:${ids.get(listener)}:${capture}`;
  };
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  window.addEventListener = ((...args: Parameters<Window['addEventListener']>) => {
    const k = key(args[0], args[1], args[2]);
    if (k) live.add(k);
    add(...args);
  }) as Window['addEventListener'];
  window.removeEventListener = ((...args: Parameters<Window['removeEventListener']>) => {
    const k = key(args[0], args[1], args[2]);
    if (k) live.delete(k);
    remove(...args);
  }) as Window['removeEventListener'];
  return {
    count: () => live.size,
    restore: () => {
      delete (window as { addEventListener?: unknown }).addEventListener;
      delete (window as { removeEventListener?: unknown }).removeEventListener;
    },
  };
}

/**
 * Resolves when `predicate` holds (checked each frame), rejects after `timeout` ms. Unlike waitUntil, it leaves no
 * timer behind holding the predicate (and all its closure reaches) once it has resolved, which the heap comparison
 * would count.
 */
export function until(predicate: () => unknown, message: string, timeout = 30_000): Promise<void> {
  const end = performance.now() + timeout;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (predicate()) resolve();
      else if (performance.now() > end) reject(new Error(`Timed out: ${message}`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

export const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = () => (n-- <= 0 ? resolve() : requestAnimationFrame(step));
    step();
  });

export const gc = (window as unknown as { gc?: () => void }).gc;

/**
 * The JS heap after full collections (several: finalizers and weak references free more on each pass), read through
 * DevTools by the test runner's `heap-after-gc` command.
 */
export async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((r) => setTimeout(r, 20));
  }
  return executeServerCommand<number, undefined>('heap-after-gc');
}
