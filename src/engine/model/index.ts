// Model sources (`createLocalEngine({ model })`, `engine.setModel`): a DataModel object, one YAML or JSON file's text,
// or a model folder as `{ 'cubes/orders.yml': text, … }`. Read with the `yaml` package, normalised from Cube's YAML,
// checked as a whole; any error throws ModelError listing every problem with its file and line.

import type { DataModel } from '../data/model-types.js';
import { resolveModel } from '../data/model.js';
import { modelLimits, sizeProblems, type ModelLimits } from './limits.js';
import { Normalizer } from './normalize.js';
import { parseFile } from './parse-files.js';
import { ModelError, Positions, Problems, type ModelProblem } from './problems.js';
import { shapeProblems } from './shape.js';
import { validateModel } from './validate.js';

export { DEFAULT_MODEL_LIMITS, modelLimits, type ModelLimits } from './limits.js';
export { ModelError, formatProblem, type ModelProblem } from './problems.js';
export { policyNames } from './validate.js';

/** A data model as an object, one file's text (YAML or JSON), or a folder: file path → text. */
export type ModelSource = DataModel | string | Record<string, string>;

export interface LoadedModel {
  model: DataModel;
  /** What the engine ignores (file and line), e.g. pre_aggregations. */
  warnings: ModelProblem[];
}

const isDataModel = (value: unknown): value is DataModel =>
  typeof value === 'object' && value !== null && Array.isArray((value as DataModel).cubes);

/** Files of a model folder, in a stable order; only .yml, .yaml and .json (and .js, refused) are model files. */
function modelFiles(source: string | Record<string, string>): [string, string][] {
  if (typeof source === 'string') return [[source.trimStart().startsWith('{') ? 'model.json' : 'model.yml', source]];
  return Object.entries(source)
    .filter(([file]) => /\.(ya?ml|json|js|ts|mjs|cjs)$/i.test(file))
    .sort(([a], [b]) => a.localeCompare(b));
}

export interface LoadModelOptions {
  /** The table names `sql_table` may refer to. */
  tables?: Iterable<string>;
  /** Limits on reading the model's files (DEFAULT_MODEL_LIMITS for those not given). */
  limits?: Partial<ModelLimits>;
}

/** A model as read, with every problem found (none thrown) and where each of its objects was written. */
export interface ReadModel extends LoadedModel {
  errors: ModelProblem[];
  /** The file and line of an object of `model` (of its `key`, when given): `<model>`, 0 when unknown. */
  where(object: object, key?: string): { file: string; line: number };
  /** Whether the model is whole: every file was read (a file that could not be read leaves its cubes out). */
  whole: boolean;
}

/**
 * Reads and checks a model. Throws ModelError with every problem found (a file past the limits: that alone); returns
 * the model and the warnings otherwise.
 */
export function loadModel(source: ModelSource, options: LoadModelOptions = {}): LoadedModel {
  const read = readModel(source, options);
  if (read.errors.length > 0) throw new ModelError(read.errors);
  return { model: read.model, warnings: read.warnings };
}

/**
 * Reads and checks a model as far as it can, throwing only for a source past the limits or not a model at all: a file
 * that cannot be read (YAML syntax, unsupported syntax) does not hide the other files' problems — references into it
 * are not reported as unknown.
 */
export function readModel(source: ModelSource, options: LoadModelOptions = {}): ReadModel {
  const limits = modelLimits(options.limits);
  const positions = new Positions();
  const problems = new Problems(positions);
  let model: DataModel;
  let unread = false;
  if (isDataModel(source)) {
    const wrong = shapeProblems(source);
    if (wrong.length > 0) throw new ModelError(wrong);
    try {
      model = structuredClone(source);
    } catch (error) {
      throw new ModelError([
        { file: '<model>', line: 0, message: `A model must be plain data: ${(error as Error).message}` },
      ]);
    }
  } else if (typeof source === 'string' || (typeof source === 'object' && source !== null)) {
    const files = modelFiles(source);
    if (files.length === 0)
      throw new ModelError([{ file: '<model>', line: 0, message: 'No model files (.yml, .yaml or .json) were given' }]);
    const tooLarge = sizeProblems(files, limits);
    if (tooLarge.length > 0) throw new ModelError(tooLarge);
    const normalizer = new Normalizer(problems);
    model = { cubes: [], views: [] };
    for (const [file, text] of files) {
      if (typeof text !== 'string') {
        problems.errors.push({ file, line: 0, message: 'A model file must be given as text' });
        continue;
      }
      const raw = parseFile(file, text, positions, problems, limits);
      if (raw === undefined) {
        unread = true;
        continue;
      }
      const part = normalizer.file(raw, file);
      model.cubes.push(...part.cubes);
      model.views!.push(...(part.views ?? []));
    }
  } else {
    throw new ModelError([
      { file: '<model>', line: 0, message: 'A model is an object with cubes, YAML or JSON text, or a map of files' },
    ]);
  }
  // A file that could not be read would make every reference into it look unknown: those are not reported.
  validateModel(model, problems, options.tables && new Set(options.tables), unread);
  if (problems.errors.length === 0) {
    try {
      resolveModel(model);
    } catch (error) {
      problems.errors.push({ file: '<model>', line: 0, message: (error as Error).message });
    }
  }
  return {
    model,
    warnings: problems.warnings,
    errors: problems.errors,
    where: (object, key) => positions.of(object, key),
    whole: !unread,
  };
}
