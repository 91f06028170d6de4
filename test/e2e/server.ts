// Waiting for a server the e2e tests started (vite preview, the CLI) to answer.

/** Resolves once `url` answers 2xx; polls every 200 ms, fails after `ms`. */
export async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}
