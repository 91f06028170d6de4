// Reading model files (YAML or JSON, which YAML reads too) into plain values, remembering each mapping's line and
// the line of each of its keys, so that later checks can name the file and line of what they find.

import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Positions, Problems } from './problems.js';

/** Anything from a YAML or JSON file: mappings become objects (with positions), sequences arrays. */
export type Raw = unknown;

function toPlain(node: unknown, doc: Document, file: string, lines: LineCounter, positions: Positions): Raw {
  const line = (n: { range?: [number, number, number] | null } | null | undefined) =>
    n?.range ? lines.linePos(n.range[0]).line : 0;
  if (isAlias(node)) return toPlain(node.resolve(doc), doc, file, lines, positions);
  if (isScalar(node)) return node.value;
  if (isSeq(node)) return node.items.map((item) => toPlain(item, doc, file, lines, positions));
  if (isMap(node)) {
    const out: Record<string, Raw> = {};
    const keys = new Map<string, number>();
    for (const pair of node.items) {
      const key = String(isScalar(pair.key) ? pair.key.value : pair.key);
      keys.set(key, line(pair.key as Node));
      out[key] = toPlain(pair.value, doc, file, lines, positions);
    }
    positions.set(out, file, line(node), keys);
    return out;
  }
  return node ?? null;
}

/** Template syntax Cube compiles with Jinja or JavaScript: not available here, an error at its line. */
const UNSUPPORTED_TEXT: [RegExp, string][] = [
  [/\{\{|\{%/, 'Jinja templates are not supported by the local engine; write the model without them'],
  [/\bCOMPILE_CONTEXT\b/, 'COMPILE_CONTEXT is not supported by the local engine (there is no compile context)'],
  [/\$\{/, 'JavaScript template syntax ${…} is not supported in YAML models; write {CUBE} and {cube.member}'],
];

/** Parses one file; syntax errors and unsupported template syntax are reported with their lines. */
/** `undefined` when the file could not be read (its problems are reported); an empty file is `null`. */
export function parseFile(file: string, text: string, positions: Positions, problems: Problems): Raw {
  if (/\.(js|ts|mjs|cjs)$/i.test(file)) {
    problems.errors.push({ file, line: 1, message: 'JavaScript model files are not supported: write YAML or JSON' });
    return undefined;
  }
  let found = false;
  text.split('\n').forEach((content, i) => {
    for (const [pattern, message] of UNSUPPORTED_TEXT) {
      if (pattern.test(content)) {
        problems.errors.push({ file, line: i + 1, message });
        found = true;
      }
    }
  });
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  for (const error of doc.errors) {
    const line = error.linePos?.[0].line ?? lines.linePos(error.pos[0]).line;
    problems.errors.push({ file, line, message: `YAML syntax error: ${error.message.split('\n')[0]}` });
  }
  if (doc.errors.length > 0 || found) return undefined;
  return toPlain(doc.contents, doc, file, lines, positions);
}
