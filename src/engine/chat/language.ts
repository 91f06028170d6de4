// The viewer's language of a chat request: its `Accept-Language` header (RFC 9110 §12.5.4), read as HTTP reads it —
// a list of language ranges with optional weights, the heaviest first; `*`, weight 0 and what is no BCP 47 tag are
// skipped. Nothing usable means no preference (the agent answers in its own default).

/** The most preferred language tag of an `Accept-Language` value, canonicalized; undefined when there is none. */
export function preferredLanguage(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const ranges = header.split(',').map((part, order) => {
    const [range, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)).find(Boolean);
    return { range: range.trim(), weight: q ? Number(q[1]) : 1, order };
  });
  ranges.sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { range, weight } of ranges) {
    if (weight <= 0 || range === '' || range === '*') continue;
    try {
      const [tag] = Intl.getCanonicalLocales(range);
      if (tag) return tag;
    } catch {
      // not a language tag: the next one
    }
  }
  return undefined;
}
