// Problems found in a data model, each at a file and line (1-based; 0 when the model was given as an object).

export interface ModelProblem {
  file: string;
  line: number;
  message: string;
}

/** `file:line: message`, the form the CLI prints and ModelError's message lists. */
export const formatProblem = (p: ModelProblem): string => `${p.file}:${p.line}: ${p.message}`;

/**
 * A data model that cannot be used: every problem found (`problems`), the first one's `file`, `line` and `message` as
 * its own fields, and all of them as `file:line: message` lines in `message`. Nothing was changed.
 */
export class ModelError extends Error {
  readonly file: string;
  readonly line: number;
  readonly problems: ModelProblem[];

  constructor(problems: ModelProblem[]) {
    super(
      `The data model has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map(formatProblem).join('\n')}`,
    );
    this.name = 'ModelError';
    this.problems = problems;
    this.file = problems[0]?.file ?? '';
    this.line = problems[0]?.line ?? 0;
  }
}

/** Where things are: a file and line per parsed object (and per key of it), kept beside the plain objects. */
export class Positions {
  private readonly at = new WeakMap<object, { file: string; line: number; keys: Map<string, number> }>();

  set(object: object, file: string, line: number, keys = new Map<string, number>()): void {
    this.at.set(object, { file, line, keys });
  }

  /** Carries `from`'s position over to `to` (a normalised copy). */
  copy(from: unknown, to: object): void {
    const p = typeof from === 'object' && from !== null ? this.at.get(from) : undefined;
    if (p) this.at.set(to, p);
  }

  /** The file and line of `object` (of its `key`, when given and known). */
  of(object: unknown, key?: string): { file: string; line: number } {
    const p = typeof object === 'object' && object !== null ? this.at.get(object) : undefined;
    if (!p) return { file: '<model>', line: 0 };
    return { file: p.file, line: (key !== undefined && p.keys.get(key)) || p.line };
  }
}

/** Collects errors and warnings; `error(object, message, key?)` places them at the object's (or key's) line. */
export class Problems {
  readonly errors: ModelProblem[] = [];
  readonly warnings: ModelProblem[] = [];

  constructor(readonly positions: Positions) {}

  error(object: unknown, message: string, key?: string): void {
    this.errors.push({ ...this.positions.of(object, key), message });
  }

  warn(object: unknown, message: string, key?: string): void {
    this.warnings.push({ ...this.positions.of(object, key), message });
  }
}
