// Reading model files (YAML or JSON, which YAML reads too) into plain values, remembering each mapping's line and
// the line of each of its keys, so that later checks can name the file and line of what they find (read-yaml.ts,
// within the model's limits); template syntax Cube compiles and the engine cannot is refused here first.

import { contextVariable } from './context-vars.js';
import type { ModelLimits } from './limits.js';
import type { Positions, Problems } from './problems.js';
import { readYaml, type Raw } from './read-yaml.js';

export type { Raw } from './read-yaml.js';

/** Template syntax Cube compiles with Jinja or JavaScript: not available here, an error at its line. */
const UNSUPPORTED_TEXT: [RegExp, string][] = [
  [/\{\{|\{%/, 'Jinja templates are not supported by the local engine; write the model without them'],
  [/\bCOMPILE_CONTEXT\b/, 'COMPILE_CONTEXT is not supported by the local engine (there is no compile context)'],
  [/\$\{/, 'JavaScript template syntax ${…} is not supported in YAML models; write {CUBE} and {cube.member}'],
];

/**
 * Parses one file; syntax errors, unsupported template syntax and what passes the limits are reported with their
 * lines. `undefined` when the file could not be read (its problems are reported); an empty file is `null`. */
export function parseFile(
  file: string,
  text: string,
  positions: Positions,
  problems: Problems,
  limits: ModelLimits,
): Raw {
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
    // `${SECURITY_CONTEXT.x}`: rewriting it as {…} would not do either; say so at once.
    const variable = /\$\{/.test(content) && contextVariable(content);
    if (variable) problems.errors.push({ file, line: i + 1, message: variable.message });
  });
  if (found) return undefined;
  const { value, errors } = readYaml(file, text, positions, limits);
  // One mistake can make the parser say several things at one line: the first says it.
  const lines = new Set<number>();
  problems.errors.push(...errors.filter((e) => lines.size < lines.add(e.line).size));
  return errors.length > 0 ? undefined : value;
}
