// engine.fetch takes what fetch takes — a Request, a URL or a string, and an optional RequestInit — so it can be
// passed wherever a fetch goes. A relative URL is read against the page (or worker) it runs in, and against
// http://localhost/ where there is none (Node): the engine routes by path.

/** What `fetch(input, init)` would send, as one Request. */
export function toRequest(input: RequestInfo | URL, init?: RequestInit): Request {
  if (input instanceof Request && init === undefined) return input;
  if (input instanceof Request) return new Request(input, init);
  const base = (globalThis as { location?: { href?: string } }).location?.href ?? 'http://localhost/';
  return new Request(new URL(String(input), base), init);
}
