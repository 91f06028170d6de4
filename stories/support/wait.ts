// How a story's play function waits for the state it shows.

/** Resolves once `check` holds (polled each 50 ms); rejects with `what` after `ms`. */
export async function until(what: string, check: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
