// SQL highlighting with highlight.js core and its SQL grammar only (loaded lazily, on the first SQL shown).
// highlight.js escapes the text it is given; the output is sanitised anyway (shared/sanitize.ts).

import hljs from 'highlight.js/lib/core';
import sqlLanguage from 'highlight.js/lib/languages/sql';
import { sanitize } from './sanitize.js';

hljs.registerLanguage('sql', sqlLanguage);

const cache = new Map<string, string>();

/** SQL as HTML: `<span class="hljs-keyword">` and friends around escaped text. */
export function highlightSql(sql: string): string {
  let out = cache.get(sql);
  if (out === undefined) {
    out = sanitize(hljs.highlight(sql, { language: 'sql', ignoreIllegals: true }).value);
    if (cache.size > 200) cache.clear();
    cache.set(sql, out);
  }
  return out;
}
