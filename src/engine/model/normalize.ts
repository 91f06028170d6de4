// Cube's YAML model (snake_case, as in its docs) → the engine's DataModel, key by key: what the engine supports is
// carried over, what it can ignore without changing any number is a warning, and what would change results (or needs
// Cube's compiler) is an error — never a silent drop. Positions follow each object to its normalised copy.

import { own } from '../../util/own.js';
import type { LoadFilter } from '../../api/types.js';
import type {
  AccessPolicy,
  Cube,
  CubeDimension,
  CubeMeasure,
  CubeSegment,
  DataModel,
  View,
} from '../data/model-types.js';
import type { Raw } from './parse-files.js';
import type { Problems } from './problems.js';

type Obj = Record<string, Raw>;
const isObj = (v: Raw): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys per kind of object: carried over, ignored with a warning, refused with an error (and why). */
interface Keys {
  known: string[];
  ignored?: string[];
  refused?: Record<string, string>;
}
const KEYS: Record<string, Keys> = {
  cube: {
    known: [
      'name',
      'sql_table',
      'sql',
      'title',
      'description',
      'public',
      'shown',
      'meta',
      'measures',
      'dimensions',
      'joins',
      'segments',
      'access_policy',
    ],
    ignored: ['data_source', 'refresh_key', 'pre_aggregations', 'sql_alias', 'hierarchies', 'rewrite_queries'],
    refused: { extends: 'extends is not supported: repeat the members', calendar: 'calendar cubes are not supported' },
  },
  measure: {
    known: [
      'name',
      'type',
      'sql',
      'title',
      'description',
      'filters',
      'format',
      'meta',
      'drill_members',
      'public',
      'shown',
    ],
    ignored: ['drill_filters'],
    refused: {
      rolling_window: 'rolling_window measures are not supported by the local engine',
      multi_stage: 'multi_stage measures are not supported by the local engine',
      time_shift: 'time_shift is not supported by the local engine',
      cumulative: 'cumulative measures are not supported by the local engine',
      group_by: 'group_by is not supported by the local engine',
      reduce_by: 'reduce_by is not supported by the local engine',
      add_group_by: 'add_group_by is not supported by the local engine',
    },
  },
  dimension: {
    known: ['name', 'type', 'sql', 'primary_key', 'title', 'description', 'public', 'shown', 'format', 'meta'],
    ignored: ['granularities', 'propagate_filters_to_sub_query', 'order'],
    refused: {
      sub_query: 'sub_query dimensions are not supported by the local engine',
      case: 'case dimensions are not supported: write the CASE expression in sql',
      latitude: 'geo dimensions are not supported',
      longitude: 'geo dimensions are not supported',
      multi_stage: 'multi_stage dimensions are not supported by the local engine',
    },
  },
  join: { known: ['name', 'relationship', 'sql'] },
  segment: { known: ['name', 'sql', 'title', 'description', 'public', 'shown', 'meta'] },
  view: {
    known: ['name', 'title', 'description', 'public', 'shown', 'meta', 'cubes', 'access_policy'],
    ignored: ['folders'],
    refused: { extends: 'extends is not supported: repeat the view' },
  },
  viewCube: { known: ['join_path', 'includes', 'excludes', 'prefix', 'alias'] },
  policy: { known: ['group', 'groups', 'role', 'conditions', 'member_level', 'row_level'] },
  file: { known: ['cubes', 'views'] },
};

const MEASURE_TYPES = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'number'];
const DIMENSION_TYPES = ['string', 'number', 'time', 'boolean'];
const RELATIONSHIPS: Record<string, 'many_to_one' | 'one_to_many' | 'one_to_one'> = {
  many_to_one: 'many_to_one',
  belongs_to: 'many_to_one',
  belongsTo: 'many_to_one',
  one_to_many: 'one_to_many',
  has_many: 'one_to_many',
  hasMany: 'one_to_many',
  one_to_one: 'one_to_one',
  has_one: 'one_to_one',
  hasOne: 'one_to_one',
};

export class Normalizer {
  constructor(private readonly problems: Problems) {}

  private keys(object: Obj, kind: string, what: string): void {
    const k = KEYS[kind];
    for (const key of Object.keys(object)) {
      if (k.known.includes(key)) continue;
      const refused = k.refused && own(k.refused, key);
      if (refused) this.problems.error(object, `${what}: ${refused}`, key);
      else if (k.ignored?.includes(key))
        this.problems.warn(object, `${what}: ${key} is not used by the local engine (ignored)`, key);
      else this.problems.warn(object, `${what}: unknown key ${key} (ignored)`, key);
    }
  }

  private str(object: Obj, key: string, what: string, required = false): string | undefined {
    const value = object[key];
    if (value === undefined || value === null) {
      if (required) this.problems.error(object, `${what}: ${key} is required`);
      return undefined;
    }
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value !== 'string') {
      this.problems.error(object, `${what}: ${key} must be a string`, key);
      return undefined;
    }
    return value;
  }

  private list(object: Obj, key: string, what: string): Obj[] {
    const value = object[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.problems.error(object, `${what}: ${key} must be a list`, key);
      return [];
    }
    return value.filter((item) => {
      if (isObj(item)) return true;
      this.problems.error(object, `${what}: every entry of ${key} must be a mapping`, key);
      return false;
    }) as Obj[];
  }

  private names(object: Obj, key: string, what: string): string[] | undefined {
    const value = object[key];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
    this.problems.error(object, `${what}: ${key} must be a list of names`, key);
    return [];
  }

  private visible(object: Obj): { public?: boolean } {
    const value = object.public ?? object.shown;
    return typeof value === 'boolean' ? { public: value } : {};
  }

  private meta(object: Obj): { meta?: Record<string, unknown> } {
    return isObj(object.meta) ? { meta: { ...object.meta } } : {};
  }

  /** One file's `cubes:` and `views:`. */
  file(raw: Raw, file: string): DataModel {
    if (raw === null || raw === undefined) return { cubes: [] };
    if (!isObj(raw)) {
      this.problems.errors.push({ file, line: 1, message: 'A model file holds a mapping with cubes: and views:' });
      return { cubes: [] };
    }
    if (Object.keys(raw).length > 0 && !('cubes' in raw) && !('views' in raw)) {
      // Another kind of JSON or YAML (a GeoJSON, a config): not part of the model, and never read as one.
      const keys = Object.keys(raw).slice(0, 5).join(', ');
      this.problems.errors.push({
        file,
        line: 1,
        message: `Not a model file: it holds neither cubes: nor views: (its keys: ${keys}); leave it out of the model`,
      });
      return { cubes: [] };
    }
    this.keys(raw, 'file', file);
    return {
      cubes: this.list(raw, 'cubes', file).map((c) => this.cube(c)),
      views: this.list(raw, 'views', file).map((v) => this.view(v)),
    };
  }

  cube(raw: Obj): Cube {
    const name = this.str(raw, 'name', 'Cube', true) ?? '';
    const what = `Cube ${name}`;
    this.keys(raw, 'cube', what);
    const cube: Cube = {
      name,
      ...(raw.sql_table !== undefined && { sql_table: this.str(raw, 'sql_table', what) }),
      ...(raw.sql !== undefined && { sql: this.str(raw, 'sql', what) }),
      ...(raw.title !== undefined && { title: this.str(raw, 'title', what) }),
      ...(raw.description !== undefined && { description: this.str(raw, 'description', what) }),
      ...this.visible(raw),
      ...this.meta(raw),
      measures: this.list(raw, 'measures', what).map((m) => this.measure(m, what)),
      dimensions: this.list(raw, 'dimensions', what).map((d) => this.dimension(d, what)),
      joins: this.list(raw, 'joins', what).map((j) => this.join(j, what)),
      segments: this.list(raw, 'segments', what).map((s) => this.segment(s, what)),
      access_policy: this.list(raw, 'access_policy', what).map((p) => this.policy(p, what)),
    };
    if (!cube.sql_table && !cube.sql) this.problems.error(raw, `${what}: sql_table or sql is required`);
    if (cube.sql_table && cube.sql) this.problems.error(raw, `${what}: give sql_table or sql, not both`, 'sql');
    this.problems.positions.copy(raw, cube);
    return cube;
  }

  private measure(raw: Obj, cube: string): CubeMeasure {
    const name = this.str(raw, 'name', `${cube}: measure`, true) ?? '';
    const what = `${cube}, measure ${name}`;
    this.keys(raw, 'measure', what);
    let type = this.str(raw, 'type', what, true) ?? 'count';
    if (type === 'count_distinct_approx') {
      this.problems.warn(raw, `${what}: count_distinct_approx is computed exactly (count_distinct)`, 'type');
      type = 'count_distinct';
    } else if (!MEASURE_TYPES.includes(type)) {
      this.problems.error(raw, `${what}: type ${type} is not supported (${MEASURE_TYPES.join(', ')})`, 'type');
    }
    const filters = this.list(raw, 'filters', what).map((f) => ({
      sql: this.str(f, 'sql', `${what}: filter`, true) ?? '',
    }));
    if (raw.public !== undefined || raw.shown !== undefined)
      this.problems.warn(raw, `${what}: public on a measure is not used by the local engine (ignored)`, 'public');
    const measure: CubeMeasure = {
      name,
      type: type as CubeMeasure['type'],
      ...(raw.sql !== undefined && { sql: this.str(raw, 'sql', what) }),
      ...(raw.title !== undefined && { title: this.str(raw, 'title', what) }),
      ...(raw.description !== undefined && { description: this.str(raw, 'description', what) }),
      ...(filters.length > 0 && { filters }),
      ...(raw.format !== undefined && { format: this.str(raw, 'format', what) }),
      ...this.meta(raw),
      ...(raw.drill_members !== undefined && { drill_members: this.names(raw, 'drill_members', what) }),
    };
    if (measure.sql === undefined && type !== 'count') this.problems.error(raw, `${what}: a ${type} measure needs sql`);
    this.problems.positions.copy(raw, measure);
    return measure;
  }

  private dimension(raw: Obj, cube: string): CubeDimension {
    const name = this.str(raw, 'name', `${cube}: dimension`, true) ?? '';
    const what = `${cube}, dimension ${name}`;
    this.keys(raw, 'dimension', what);
    const type = this.str(raw, 'type', what, true) ?? 'string';
    if (!DIMENSION_TYPES.includes(type))
      this.problems.error(raw, `${what}: type ${type} is not supported (${DIMENSION_TYPES.join(', ')})`, 'type');
    const dimension: CubeDimension = {
      name,
      type: type as CubeDimension['type'],
      sql: this.str(raw, 'sql', what, !('case' in raw)) ?? '',
      ...(raw.primary_key === true && { primary_key: true }),
      ...(raw.title !== undefined && { title: this.str(raw, 'title', what) }),
      ...(raw.description !== undefined && { description: this.str(raw, 'description', what) }),
      ...this.visible(raw),
      ...(raw.format !== undefined && { format: this.str(raw, 'format', what) }),
      ...this.meta(raw),
    };
    this.problems.positions.copy(raw, dimension);
    return dimension;
  }

  private join(raw: Obj, cube: string): NonNullable<Cube['joins']>[number] {
    const name = this.str(raw, 'name', `${cube}: join`, true) ?? '';
    const what = `${cube}, join ${name}`;
    this.keys(raw, 'join', what);
    const given = this.str(raw, 'relationship', what, true) ?? 'many_to_one';
    const relationship = own(RELATIONSHIPS, given);
    if (!relationship)
      this.problems.error(
        raw,
        `${what}: relationship ${given} is not one of many_to_one, one_to_many, one_to_one`,
        'relationship',
      );
    const join = { name, relationship: relationship ?? 'many_to_one', sql: this.str(raw, 'sql', what, true) ?? '' };
    this.problems.positions.copy(raw, join);
    return join;
  }

  private segment(raw: Obj, cube: string): CubeSegment {
    const name = this.str(raw, 'name', `${cube}: segment`, true) ?? '';
    const what = `${cube}, segment ${name}`;
    this.keys(raw, 'segment', what);
    const segment: CubeSegment = {
      name,
      sql: this.str(raw, 'sql', what, true) ?? '',
      ...(raw.title !== undefined && { title: this.str(raw, 'title', what) }),
      ...(raw.description !== undefined && { description: this.str(raw, 'description', what) }),
      ...this.meta(raw),
    };
    this.problems.positions.copy(raw, segment);
    return segment;
  }

  private policy(raw: Obj, source: string): AccessPolicy {
    const what = `${source}: access policy`;
    this.keys(raw, 'policy', what);
    const group = this.str(raw, 'group', what) ?? this.str(raw, 'role', what);
    const groups = this.names(raw, 'groups', what);
    const memberLevel = isObj(raw.member_level) ? raw.member_level : undefined;
    const rowLevel = isObj(raw.row_level) ? raw.row_level : undefined;
    const members = (key: string): '*' | string[] | undefined =>
      memberLevel?.[key] === '*'
        ? '*'
        : memberLevel
          ? this.names(memberLevel, key, `${what}, member_level`)
          : undefined;
    const policy: AccessPolicy = {
      ...(group !== undefined && { group }),
      ...(groups !== undefined && { groups }),
      ...(raw.conditions !== undefined && {
        conditions: this.list(raw, 'conditions', what).map((c) => ({ if: typeof c.if === 'string' ? c.if : '' })),
      }),
      ...(memberLevel && {
        member_level: {
          ...(memberLevel.includes !== undefined && { includes: members('includes') }),
          ...(memberLevel.excludes !== undefined && { excludes: members('excludes') as string[] }),
        },
      }),
      ...(rowLevel && {
        row_level: {
          ...(rowLevel.filters !== undefined && {
            filters: this.list(rowLevel, 'filters', what) as unknown as LoadFilter[],
          }),
          ...(rowLevel.allow_all !== undefined && { allow_all: rowLevel.allow_all === true }),
        },
      }),
    };
    this.problems.positions.copy(raw, policy);
    if (rowLevel) this.problems.positions.copy(rowLevel, policy.row_level!);
    return policy;
  }

  view(raw: Obj): View {
    const name = this.str(raw, 'name', 'View', true) ?? '';
    const what = `View ${name}`;
    this.keys(raw, 'view', what);
    if (raw.public === false || raw.shown === false)
      this.problems.warn(raw, `${what}: public: false views are still queried by policy (public ignored)`, 'public');
    const view: View = {
      name,
      ...(raw.title !== undefined && { title: this.str(raw, 'title', what) }),
      ...(raw.description !== undefined && { description: this.str(raw, 'description', what) }),
      access_policy: this.list(raw, 'access_policy', what).map((p) => this.policy(p, what)),
      cubes: this.list(raw, 'cubes', what).map((c) => this.viewCube(c, what)),
    };
    if (view.cubes.length === 0) this.problems.error(raw, `${what}: cubes is required`);
    this.problems.positions.copy(raw, view);
    return view;
  }

  private viewCube(raw: Obj, view: string): View['cubes'][number] {
    const joinPath = this.str(raw, 'join_path', `${view}: cube`, true) ?? '';
    const what = `${view}, ${joinPath}`;
    this.keys(raw, 'viewCube', what);
    let includes: '*' | string[] = '*';
    if (raw.includes !== '*' && raw.includes !== undefined) {
      if (!Array.isArray(raw.includes)) this.problems.error(raw, `${what}: includes must be "*" or a list`, 'includes');
      else
        includes = raw.includes.map((item) => {
          if (typeof item === 'string') return item;
          if (isObj(item) && typeof item.name === 'string' && Object.keys(item).every((k) => k === 'name'))
            return item.name;
          this.problems.error(
            raw,
            `${what}: includes with alias or title are not supported: name the member`,
            'includes',
          );
          return '';
        });
    }
    const part: View['cubes'][number] = {
      join_path: joinPath,
      includes,
      ...(raw.excludes !== undefined && { excludes: this.names(raw, 'excludes', what) }),
      ...(raw.prefix === true && { prefix: true }),
      ...(raw.alias !== undefined && { alias: this.str(raw, 'alias', what) }),
    };
    this.problems.positions.copy(raw, part);
    return part;
  }
}
