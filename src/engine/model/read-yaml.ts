// One YAML or JSON model file (JSON is YAML) → plain values, each mapping's line and its keys' lines kept in
// Positions. Bounded: nesting is checked while the file is parsed (yaml's parser keeps a stack; its composer and our
// reader recurse, so depth is refused before either runs), aliases and `<<` merge keys (Cube reads them) are copied
// within a budget of values, and keys are compared in a Map (yaml's uniqueKeys compares every pair: 13 s for 30,000
// keys). SQL that uses Cube's context variables is refused at the line that writes them.

import { own } from '../../util/own.js';
import {
  Composer,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  Parser,
  visit,
  type Alias,
  type CST,
  type Document,
  type Node,
  type Pair,
} from 'yaml';
import { contextVariable } from './context-vars.js';
import type { ModelLimits } from './limits.js';
import type { ModelProblem, Positions } from './problems.js';

export type Raw = unknown;

/** What stops reading a file, at a source offset. */
class Refused extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);
const SQL_KEYS = new Set(['sql', 'sql_table']);
/** What a mapping in a list under these keys is (for messages). */
const KINDS: Record<string, string> = {
  cubes: 'Cube',
  views: 'View',
  measures: 'measure',
  dimensions: 'dimension',
  segments: 'segment',
  joins: 'join',
  pre_aggregations: 'pre-aggregation',
};

/** `text`'s CST tokens; throws Refused as soon as collections nest deeper than maxDepth (the parser's own stack). */
function* tokens(text: string, lines: LineCounter, maxDepth: number): Generator<CST.Token> {
  const parser = new Parser(lines.addNewLine);
  lines.addNewLine(0);
  for (const lexeme of new Lexer().lex(text)) {
    yield* parser.next(lexeme);
    if (parser.stack.length > maxDepth && parser.stack.filter((t) => COLLECTIONS.has(t.type)).length > maxDepth)
      throw new Refused(parser.offset, `Nesting deeper than ${maxDepth} levels (maxDepth)`);
  }
  yield* parser.end();
}

/** Sets an own property, even `__proto__` (an assignment would set the object's prototype). */
const define = (object: object, key: string, value: unknown) =>
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });

const offsetOf = (node: unknown) => (node as { range?: [number, number, number] | null })?.range?.[0] ?? 0;

/** Copies a composed document into plain values, within the limits. */
class Reader {
  readonly errors: ModelProblem[] = [];
  /** The alias (or merge key's value) in the file being copied, outermost; values copied under it. */
  private alias?: Node;
  private copied = 0;
  private readonly open = new Set<Node>();
  /** `Cube orders`, `dimension id`: what the mapping being read is, for messages. */
  private readonly owners: string[] = [];
  private readonly checked = new Set<Node>();
  private readonly targets = new Map<Alias, Node>();

  constructor(
    private readonly doc: Document,
    private readonly file: string,
    private readonly text: string,
    private readonly lines: LineCounter,
    private readonly positions: Positions,
    private readonly limits: ModelLimits,
  ) {
    // An alias names the last node anchored before it; a visit goes in document order (once, not once per alias).
    const anchors = new Map<string, Node>();
    visit(doc, (_, node) => {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target) this.targets.set(node, target);
      } else if ((node as Node | null)?.anchor) anchors.set((node as Node).anchor!, node as Node);
    });
  }

  private line(offset: number): number {
    return this.lines.linePos(offset).line;
  }

  private error(offset: number, message: string): void {
    this.errors.push({ file: this.file, line: this.line(offset), message });
  }

  /** An alias's node (the node itself otherwise); copying it counts against maxAliasValues. */
  private resolve(node: unknown): unknown {
    if (!isAlias(node)) return node;
    const target = this.targets.get(node);
    if (!target)
      throw new Refused(offsetOf(node), `Unknown alias *${node.source} (its anchor &${node.source} must come first)`);
    if (this.open.has(target))
      throw new Refused(offsetOf(node), `Alias *${node.source} is inside the node it names (a cycle)`);
    return target;
  }

  private count(): void {
    if (this.alias && ++this.copied > this.limits.maxAliasValues)
      throw new Refused(
        offsetOf(this.alias),
        `YAML aliases and merge keys copy more than ${this.limits.maxAliasValues} values (maxAliasValues)`,
      );
  }

  /** `node` as a plain value; `depth` is its parent's nesting. */
  value(node: unknown, depth: number, under = ''): Raw {
    if (isAlias(node)) return this.copy(node, () => this.value(this.resolve(node), depth, under));
    this.count();
    if (isScalar(node)) return node.value;
    if (!isSeq(node) && !isMap(node)) return node ?? null;
    if (depth + 1 > this.limits.maxDepth)
      throw new Refused(
        offsetOf(this.alias ?? node),
        `Nesting deeper than ${this.limits.maxDepth} levels (maxDepth)${this.alias ? ' once its aliases are copied' : ''}`,
      );
    this.open.add(node);
    try {
      return isSeq(node)
        ? node.items.map((item) => this.value(item, depth + 1, under))
        : this.map(node.items, node, depth, under);
    } finally {
      this.open.delete(node);
    }
  }

  /** Runs `read` with `from` as the outermost alias being copied (when none is yet). */
  private copy<T>(from: Node, read: () => T): T {
    if (this.alias) return read();
    this.alias = from;
    try {
      return read();
    } finally {
      this.alias = undefined;
    }
  }

  private map(items: Pair[], node: Node, depth: number, under: string): Record<string, Raw> {
    const kind = own(KINDS, under);
    const name = kind && items.find((p) => isScalar(p.key) && p.key.value === 'name' && isScalar(p.value));
    if (kind) this.owners.push(`${kind} ${name ? String((name.value as { value: unknown }).value) : '(no name)'}`);
    try {
      return this.pairs(items, node, depth);
    } finally {
      if (kind) this.owners.pop();
    }
  }

  private pairs(items: Pair[], node: Node, depth: number): Record<string, Raw> {
    const out: Record<string, Raw> = {};
    const keys = new Map<string, number>();
    const merges: Pair[] = [];
    for (const pair of items) {
      const keyNode = this.resolve(pair.key);
      if (isScalar(keyNode) && typeof keyNode.value === 'symbol') {
        merges.push(pair);
        continue;
      }
      const keyLine = this.line(offsetOf(pair.key) || offsetOf(node));
      if (pair.key !== null && !isScalar(keyNode))
        throw new Refused(offsetOf(pair.key), 'A key must be a plain value, not a mapping or a list');
      const key = String(isScalar(keyNode) ? keyNode.value : null);
      if (keys.has(key)) {
        this.errors.push({ file: this.file, line: keyLine, message: `Duplicate key ${key} (map keys must be unique)` });
        continue;
      }
      keys.set(key, keyLine);
      define(out, key, this.value(pair.value, depth + 1, key));
      if (SQL_KEYS.has(key)) this.checkSql(key, pair.value);
    }
    for (const pair of merges) this.merge(pair, out, keys, depth);
    this.positions.set(out, this.file, this.line(offsetOf(node)), keys);
    return out;
  }

  /** `<<: *a` or `<<: [*a, *b]`: keys of the mappings not already in `out` (its own keys and earlier sources win). */
  private merge(pair: Pair, out: Record<string, Raw>, keys: Map<string, number>, depth: number): void {
    const value = this.resolve(pair.value);
    const read = () => {
      for (const item of isSeq(value) ? value.items : [pair.value]) {
        if (!isMap(this.resolve(item)))
          throw new Refused(
            offsetOf(item) || offsetOf(pair.key),
            'A merge key << takes a mapping or a list of mappings',
          );
        // The source's entries join this mapping: they are at its level, not one below, and it names no member.
        const merged = this.value(item, depth) as Record<string, Raw>;
        for (const [key, v] of Object.entries(merged)) {
          if (keys.has(key)) continue;
          keys.set(key, this.positions.of(merged, key).line);
          define(out, key, v);
        }
      }
    };
    if (isAlias(pair.value)) this.copy(pair.value, read);
    else read();
  }

  /** Context variables in a `sql` or `sql_table` value, at the line that writes them (once per written value). */
  private checkSql(key: string, value: unknown): void {
    const node = this.resolve(value);
    if (!isScalar(node) || typeof node.value !== 'string' || this.checked.has(node)) return;
    this.checked.add(node);
    const found = contextVariable(node.value);
    if (!found) return;
    const start = offsetOf(node);
    const inSource = this.text.slice(start, node.range?.[1] ?? start).indexOf(found.name);
    const owner = this.owners.length > 0 ? `${this.owners.join(', ')}, ` : '';
    this.error(inSource >= 0 ? start + inSource : start, `${owner}${key}: ${found.message}`);
  }
}

/**
 * Reads one file's text; `errors` (with lines) when it cannot be read within the limits, the plain value otherwise
 * (an empty file is `null`).
 */
export function readYaml(
  file: string,
  text: string,
  positions: Positions,
  limits: ModelLimits,
): { value?: Raw; errors: ModelProblem[] } {
  const lines = new LineCounter();
  const at = (offset: number) => lines.linePos(offset).line;
  const composer = new Composer({ merge: true, uniqueKeys: false });
  const docs: Document[] = [];
  try {
    // A second document is an error: stop there (the rest is neither parsed nor kept).
    for (const doc of composer.compose(tokens(text, lines, limits.maxDepth), true, text.length))
      if (docs.push(doc) > 1) break;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { errors: [{ file, line: at(error.offset), message: error.message }] };
  }
  const errors: ModelProblem[] = docs[0].errors.map((e) => ({
    file,
    line: at(e.pos[0]),
    message: `YAML syntax error: ${e.message.split('\n')[0]}`,
  }));
  if (docs.length > 1)
    errors.push({ file, line: at(offsetOf(docs[1])), message: 'YAML syntax error: a model file holds one document' });
  if (errors.length > 0) return { errors };
  const reader = new Reader(docs[0], file, text, lines, positions, limits);
  try {
    const value = reader.value(docs[0].contents, 0);
    return reader.errors.length > 0 ? { errors: reader.errors } : { value, errors: [] };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { errors: [...reader.errors, { file, line: at(error.offset), message: error.message }] };
  }
}
