// Titles inside a sentence and titles made from names, keeping acronyms: "MPAA rating" stays as it is in "Revenue by
// MPAA rating" (never "mPAA rating"), and a column named "IMDB Rating" reads "IMDB rating".

/** A word that is not plain capitalised text: all capitals (MPAA, IMDB, KPI), or capitals after its first letter. */
const KEEPS_CASE = /^\p{L}*\p{Lu}\p{L}*\p{Lu}|^\p{Lu}[\p{Lu}\d]+\b|^\p{Ll}+\p{Lu}/u;

/** A title as it reads inside a sentence: its first letter lower-cased, unless its first word keeps its case. */
export function inlineTitle(title: string): string {
  const first = /^\S+/.exec(title)?.[0] ?? '';
  if (!first || KEEPS_CASE.test(first)) return title;
  return title.charAt(0).toLowerCase() + title.slice(1);
}

/**
 * "customers_region" → "Customers region", "MPAA Rating" → "MPAA rating": words of a name as a title. A name without
 * a lower-case letter ("ORDER_ID", as some databases write every name) is not read as acronyms: "Order id".
 */
export function humanize(name: string): string {
  const words = (/\p{Ll}/u.test(name) ? name : name.toLowerCase())
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return name;
  return words
    .map((w, i) => {
      if (/^[\p{Lu}\d]{2,}$/u.test(w) && /\p{Lu}/u.test(w)) return w; // an acronym
      const lower = w.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}
