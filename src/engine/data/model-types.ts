// The data model: cubes and views with access policies, as plain objects in the vendor's YAML
// schema (snake_case). The engine's data plane reads it; the seed carries it.

import type { LoadFilter } from '../../api/types.js';

export interface DataModel {
  cubes: Cube[];
  views?: View[];
}

export interface CubeMeasure {
  name: string;
  type: 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max' | 'number';
  sql?: string;
  title?: string;
  description?: string;
  filters?: { sql: string }[];
  /** Display hints Cube's `/meta` carries: `percent`, `currency`, `number`; free-form `meta`; drill-down members. */
  format?: string;
  meta?: Record<string, unknown>;
  drill_members?: string[];
}

export interface CubeDimension {
  name: string;
  type: 'string' | 'number' | 'time' | 'boolean';
  sql: string;
  primary_key?: boolean;
  title?: string;
  description?: string;
  public?: boolean;
  format?: string;
  meta?: Record<string, unknown>;
}

/** A named filter: the rows where `sql` holds. Its title, description and `meta` (e.g. `synonyms`) name it in `/meta`. */
export interface CubeSegment {
  name: string;
  sql: string;
  title?: string;
  description?: string;
  meta?: Record<string, unknown>;
}

export interface Cube {
  name: string;
  sql_table?: string;
  sql?: string;
  title?: string;
  description?: string;
  public?: boolean;
  meta?: Record<string, unknown>;
  measures: CubeMeasure[];
  dimensions: CubeDimension[];
  joins?: { name: string; relationship: 'many_to_one' | 'one_to_many' | 'one_to_one'; sql: string }[];
  segments?: CubeSegment[];
  access_policy?: AccessPolicy[];
}

export interface View {
  name: string;
  title?: string;
  description?: string;
  access_policy?: AccessPolicy[];
  cubes: { join_path: string; includes: '*' | string[]; excludes?: string[]; prefix?: boolean; alias?: string }[];
}

export interface AccessPolicy {
  group?: string;
  groups?: string[];
  conditions?: { if: string }[];
  member_level?: { includes?: '*' | string[]; excludes?: string[] };
  row_level?: { filters?: LoadFilter[]; allow_all?: boolean };
}
